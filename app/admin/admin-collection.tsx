import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin-collection";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { ORDER_ITEM_STATUS_LABELS } from "./order-item-labels";
import { collectionForStaff } from "#core/staff/collection-admin";
import { closeCollection, collectionPath } from "#core/memorial/collection-service";
import { MEMORIAL_SHEET_DESIGN_LABELS } from "#core/memorial/sheet-designs";
import { formatDateLong, formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Minnesinsamling – Administration" }];
}

const GIFT_STATUS_LABELS: Record<string, string> = { paid: "Betald", awaiting_payment: "Inte betald", refunded: "Återbetald" };

async function load(db: Parameters<typeof collectionForStaff>[0], id: string) {
  const found = await collectionForStaff(db, id);
  if (!found) throw data("Minnesinsamlingen finns inte.", { status: 404 });
  return found;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const { collection: c, gifts, paidGifts, totalOre } = await load(container.db, params.collectionId);
  await audit({ action: "collection.view", subjectType: "memorial_collection", subjectId: c.id });
  return {
    collection: {
      id: c.id,
      path: collectionPath(c.slug),
      status: c.status,
      deceasedName: c.deceased_name,
      dateOfDeath: c.date_of_death,
      homeTown: c.home_town,
      funeralDate: c.funeral_date,
      funeralParlour: c.funeral_parlour_name,
      organiserName: c.organiser_name,
      organiserEmail: c.organiser_email,
      organiserKind: c.organiser_kind,
      message: c.message,
      design: c.design ? (MEMORIAL_SHEET_DESIGN_LABELS[c.design] ?? c.design) : "",
      showGreetings: c.show_greetings === 1,
      showTotal: c.show_total === 1,
      createdAt: c.created_at,
      closedAt: c.closed_at,
      sheetsSentAt: c.sheets_sent_at,
    },
    gifts,
    paidGifts,
    totalOre,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const { collection } = await load(container.db, params.collectionId);
  const form = await request.formData();
  if (form.get("intent") !== "close") throw data("Okänd begäran.", { status: 400 });
  const how = String(form.get("how") ?? "").trim();
  const problems: Record<string, string> = {};
  if (how.length < 3) problems.how = "Skriv när och hur organisatören bad om att insamlingen ska stängas.";
  if (how.length > 300) problems.how = "Skriv högst 300 tecken.";
  if (form.get("confirm") !== "on") problems.confirm = "Kryssa i att organisatören har bett om det.";
  if (collection.status !== "open") problems.form = "Insamlingen är redan stängd.";
  if (Object.keys(problems).length > 0) {
    await audit({ action: "collection.close", outcome: "refused", subjectType: "memorial_collection", subjectId: collection.id, details: { fields: Object.keys(problems) } });
    return data({ ok: false, problems, how }, { status: collection.status !== "open" ? 409 : 400 });
  }
  // Closes from open only, and queues the family's PDF of every sheet in the same transaction, as the organiser's own button does.
  const closed = await closeCollection(container.db, container.clock, collection.id);
  await audit({
    action: "collection.close",
    outcome: closed ? "ok" : "refused",
    subjectType: "memorial_collection",
    subjectId: collection.id,
    details: { onBehalfOfOrganiser: true, how },
  });
  if (!closed) return data({ ok: false, problems: { form: "Insamlingen är redan stängd." } as Record<string, string>, how }, { status: 409 });
  return { ok: true, problems: {} as Record<string, string>, how: "" };
}

/** One memorial collection: its gifts, the organiser's settings, and closing it for the organiser when they ask. */
export default function AdminCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection: c, gifts, paidGifts, totalOre } = loaderData;
  const problems: Record<string, string | undefined> = actionData?.problems ?? {};
  const problemList = Object.entries(problems);
  return (
    <>
      <p>
        <Link to="/admin/insamlingar">← Minnesinsamlingar</Link>
      </p>
      <h1>Till minne av {c.deceasedName}</h1>
      {actionData?.ok && (
        <p role="status" className="notice notice--success">
          Insamlingen är stängd. Organisatören får alla minnesblad i en PDF med e-post.
        </p>
      )}
      {problems.form && c.status !== "open" && (
        <p role="alert" className="notice notice--error">
          {problems.form}
        </p>
      )}
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd>{c.status === "open" ? "Öppen – tar emot gåvor" : `Stängd ${c.closedAt ? formatDateTime(c.closedAt) : ""}`}</dd>
        <dt>Insamlat</dt>
        <dd>
          {formatSek(totalOre)} från {paidGifts} betalda gåvor
        </dd>
        <dt>Sidan</dt>
        <dd>
          <a href={c.path}>{c.path}</a>
        </dd>
        <dt>Död</dt>
        <dd>
          {formatDateLong(c.dateOfDeath)}, {c.homeTown}
        </dd>
        <dt>Begravning</dt>
        <dd>{[c.funeralDate ? formatDateLong(c.funeralDate) : null, c.funeralParlour].filter(Boolean).join(", ") || "–"}</dd>
        <dt>Startad</dt>
        <dd>{formatDateTime(c.createdAt)}</dd>
        <dt>Minnesbladen skickade</dt>
        <dd>{c.sheetsSentAt ? formatDateTime(c.sheetsSentAt) : "–"}</dd>
      </dl>

      <section aria-labelledby="organisator" className="admin-panel">
        <h2 id="organisator">Organisatören och sidans inställningar</h2>
        <dl className="admin-facts">
          <dt>Organisatör</dt>
          <dd>
            {c.organiserName} ({c.organiserKind === "funeral_parlour" ? "begravningsbyrå" : "anhörig eller vän"})
          </dd>
          <dt>E-post</dt>
          <dd>{c.organiserEmail}</dd>
          <dt>Text på sidan</dt>
          <dd>{c.message ?? "–"}</dd>
          <dt>Minnesbladens motiv</dt>
          <dd>{c.design}</dd>
          <dt>Hälsningar på sidan</dt>
          <dd>{c.showGreetings ? "Visas" : "Visas inte"}</dd>
          <dt>Summan på sidan</dt>
          <dd>{c.showTotal ? "Visas" : "Visas inte"}</dd>
        </dl>
      </section>

      {/* tabIndex: on a phone the table scrolls sideways on its own, and a keyboard must be able to scroll it. */}
      <table className="admin-table" tabIndex={0}>
        <caption>Gåvor ({gifts.length})</caption>
        <thead>
          <tr>
            <th scope="col">Datum</th>
            <th scope="col">Givare</th>
            <th scope="col">Belopp</th>
            <th scope="col">Gåvan</th>
            <th scope="col">Minnesbladet</th>
            <th scope="col">Hälsning</th>
            <th scope="col">På sidan</th>
          </tr>
        </thead>
        <tbody>
          {gifts.map((g) => (
            <tr key={g.giftId}>
              <td>{formatDateTime(g.createdAt)}</td>
              <td>{g.donorName}</td>
              <td>{formatSek(g.amountOre)}</td>
              <td>{g.paymentId ? <Link to={`/admin/betalningar/${g.paymentId}`}>{GIFT_STATUS_LABELS[g.giftStatus] ?? g.giftStatus}</Link> : (GIFT_STATUS_LABELS[g.giftStatus] ?? g.giftStatus)}</td>
              <td>{g.sheetStatus ? (ORDER_ITEM_STATUS_LABELS[g.sheetStatus] ?? g.sheetStatus) : "–"}</td>
              <td className="admin-table__details">
                {g.greeting}
                {g.signature && <> – {g.signature}</>}
              </td>
              <td>
                {!g.showOnPage ? "Nej (givarens val)" : g.hiddenByOrganiser ? "Dold av organisatören" : g.showAmount ? "Ja, med belopp" : "Ja"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {c.status === "open" && (
        <section aria-labelledby="stang" className="admin-panel">
          <h2 id="stang">Stäng insamlingen åt organisatören</h2>
          <p>
            Gör det bara när organisatören ber om det. Insamlingen tar då inte emot fler gåvor, sidan visar inga namn eller hälsningar, och organisatören
            får alla minnesblad i en PDF. Det går inte att öppna den igen.
          </p>
          {problemList.length > 0 && (
            <div className="notice notice--error" role="alert" tabIndex={-1}>
              <p>Insamlingen stängdes inte:</p>
              <ul>
                {problemList.map(([field, text]) => (
                  <li key={field}>{field === "form" ? text : <a href={`#stang-${field}`}>{text}</a>}</li>
                ))}
              </ul>
            </div>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="close" />
            <div className={`field${problems.how ? " field--error" : ""}`}>
              <label htmlFor="stang-how">När och hur bad organisatören om det?</label>
              {problems.how && (
                <p className="field__error" id="stang-how-fel">
                  <span className="visually-hidden">Fel: </span>
                  {problems.how}
                </p>
              )}
              <input
                id="stang-how"
                name="how"
                type="text"
                maxLength={300}
                defaultValue={actionData?.how ?? ""}
                aria-invalid={problems.how ? true : undefined}
                aria-describedby={problems.how ? "stang-how-fel" : undefined}
              />
            </div>
            <div className={`choice${problems.confirm ? " field--error" : ""}`}>
              <input id="stang-confirm" type="checkbox" name="confirm" aria-invalid={problems.confirm ? true : undefined} />
              <label htmlFor="stang-confirm">Organisatören har bett oss stänga insamlingen</label>
            </div>
            <button type="submit" className="button button--primary">
              Stäng insamlingen
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
