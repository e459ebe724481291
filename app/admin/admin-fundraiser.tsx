import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin-fundraiser";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { fundraiserForStaff, reviewFundraiser, setFundraiserHidden, setWallGreetingHidden } from "#core/fundraisers/fundraiser-moderation";
import { markReportsHandled } from "#core/fundraisers/page-reports";
import { reviewFundraiserSchema, REASON_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import { FUNDRAISER_KIND_LABELS, FUNDRAISER_REVIEW_LABELS as REVIEW_LABELS } from "#core/fundraisers/fundraiser-kinds";
import { fundraiserPath } from "#core/fundraisers/fundraiser-service";
import { formatCalendarDate, formatSek } from "#core/site/format";
import { multiLineText } from "#core/text/text-fields";
import { approveFundraiserPicture, fundraiserPicture, pictureBytes, removeFundraiserPicture } from "#core/fundraisers/fundraiser-pictures";
import { PageReports, ReviewAndHideForms } from "./fundraiser-review-forms";

export function meta() {
  return [{ title: "Insamling – Administration" }];
}

const GIFT_STATUS_LABELS: Record<string, string> = { paid: "Betald", awaiting_payment: "Inte betald", refunded: "Återbetald" };
const ACTIONS = ["review", "hide", "unhide", "hide_greeting", "show_greeting", "reports_handled", "approve_picture", "remove_picture"] as const;
type Action = (typeof ACTIONS)[number];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const found = await fundraiserForStaff(container.db, params.fundraiserId);
  if (!found) throw data("Insamlingen finns inte.", { status: 404 });
  await audit({ action: "fundraiser.view", subjectType: "fundraiser", subjectId: found.fundraiser.id });
  const f = found.fundraiser;
  const picture = await fundraiserPicture(container.db, f.id);
  // Staff see an unapproved picture inline: it has no address the public could open until they approve it (decision 0053).
  const preview = picture ? await pictureBytes(container.db, f.id, picture.id, "medium", { evenUnapproved: true }) : null;
  return {
    picture:
      picture && preview
        ? {
            id: picture.id,
            src: `data:image/jpeg;base64,${Buffer.from(preview).toString("base64")}`,
            alt: picture.altText,
            width: picture.medium.width,
            height: picture.medium.height,
            approved: picture.approved,
            createdAt: picture.createdAt,
          }
        : null,
    fundraiser: {
      id: f.id,
      path: fundraiserPath(f.slug),
      title: f.title,
      kind: FUNDRAISER_KIND_LABELS[f.kind],
      message: f.message ?? "",
      organiserName: f.organiser_name,
      organiserEmail: f.organiser_email,
      bankId: f.organiser_donor_id !== null,
      goalOre: f.goal_ore,
      endsOn: f.ends_on,
      listed: f.listed === 1,
      review: f.review,
      reviewReason: f.review_reason,
      reviewedAt: f.reviewed_at,
      confirmed: f.confirmed_at !== null,
      hiddenAt: f.hidden_at,
      hiddenReason: f.hidden_reason,
      status: f.status,
      createdAt: f.created_at,
    },
    paidGifts: found.paidGifts,
    totalOre: found.totalOre,
    reports: found.reports,
    gifts: found.gifts.map((g) => ({
      id: g.id,
      orderReference: g.order_reference,
      donorName: g.donor_name,
      displayName: g.display_name,
      greeting: g.greeting,
      showOnPage: g.show_on_page === 1,
      hidden: g.hidden_at !== null,
      amountOre: g.amount_ore,
      status: g.status,
      createdAt: g.created_at,
    })),
  };
}

const hideReason = multiLineText(REASON_MAX_CHARACTERS, `Skriv högst ${REASON_MAX_CHARACTERS} tecken.`);

/** Approve or refuse (the organiser is e-mailed), hide or show the page, hide a greeting, mark reports handled: each audit-logged. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "insamling");
  const found = await fundraiserForStaff(container.db, params.fundraiserId);
  if (!found) throw data("Insamlingen finns inte.", { status: 404 });
  const id = found.fundraiser.id;
  const form = await request.formData();
  const act = String(form.get("action") ?? "") as Action;
  if (!ACTIONS.includes(act)) throw data("Okänd åtgärd.", { status: 400 });
  const by = `staff:${staff.id}`;
  const subject = { subjectType: "fundraiser", subjectId: id } as const;
  const refuse = async (action: string, problems: Record<string, string>) => {
    await audit({ action, outcome: "refused", ...subject, details: { fields: Object.keys(problems) } });
    return data({ ok: false, done: null, problems }, { status: 400 });
  };
  switch (act) {
    case "review": {
      const parsed = reviewFundraiserSchema.safeParse({ decision: form.get("decision"), reason: form.get("reason") ?? "" });
      if (!parsed.success) return refuse("fundraiser.review", Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "decision"), i.message])));
      await reviewFundraiser(container.db, container.clock, id, by, parsed.data);
      await audit({ action: "fundraiser.review", ...subject, details: { decision: parsed.data.decision } });
      // Approving the page approves the picture staff saw on it (by its id: one uploaded since waits for its own look).
      const seenPicture = String(form.get("pictureId") ?? "").slice(0, 64);
      if (parsed.data.decision === "approve" && seenPicture && (await approveFundraiserPicture(container.db, container.clock, id, seenPicture, by))) {
        await audit({ action: "fundraiser.approve_picture", ...subject, details: { pictureId: seenPicture } });
      }
      return { ok: true, done: parsed.data.decision === "approve" ? "Insamlingen är godkänd. Organisatören får ett mejl." : "Insamlingen är inte godkänd. Organisatören får skälet med e-post.", problems: {} };
    }
    case "hide":
    case "unhide": {
      const reason = hideReason.safeParse(form.get("reason") ?? "");
      if (act === "hide" && (!reason.success || reason.data.trim().length < 3)) return refuse("fundraiser.hide", { reason: "Skriv varför sidan döljs (för personalen)." });
      await setFundraiserHidden(container.db, container.clock, id, by, act === "hide" ? { reason: reason.success ? reason.data.trim() : "" } : null, container.live.giftsChanged);
      await audit({ action: act === "hide" ? "fundraiser.hide" : "fundraiser.unhide", ...subject });
      return { ok: true, done: act === "hide" ? "Sidan är dold." : "Sidan visas igen.", problems: {} };
    }
    case "hide_greeting":
    case "show_greeting": {
      const giftId = String(form.get("giftId") ?? "").slice(0, 64);
      const action = act === "hide_greeting" ? "fundraiser.hide_greeting" : "fundraiser.show_greeting";
      // Told to the live pages in the same transaction: every viewer's wall drops the name and greeting within a second (decision 0055).
      const changed = await setWallGreetingHidden(container.db, container.clock, { fundraiserId: id, giftId, hidden: act === "hide_greeting" }, container.live.giftsChanged);
      if (!changed) return refuse(action, { giftId: "Gåvan hör inte till insamlingen." });
      await audit({ action, ...subject, details: { giftId } });
      return { ok: true, done: act === "hide_greeting" ? "Hälsningen är dold på sidan. Den försvinner från sidan hos dem som har den öppen inom en sekund." : "Hälsningen visas igen.", problems: {} };
    }
    case "approve_picture":
    case "remove_picture": {
      const pictureId = String(form.get("pictureId") ?? "").slice(0, 64);
      const changed =
        act === "approve_picture" ? await approveFundraiserPicture(container.db, container.clock, id, pictureId, by) : await removeFundraiserPicture(container.db, id);
      if (!changed) return refuse(`fundraiser.${act}`, { pictureId: "Bilden har redan ändrats. Ladda om sidan." });
      await audit({ action: `fundraiser.${act}`, ...subject, details: { pictureId } });
      return { ok: true, done: act === "approve_picture" ? "Bilden är godkänd och visas på sidan." : "Bilden är borttagen. Sidan visar en av våra egna bilder.", problems: {} };
    }
    case "reports_handled": {
      const handled = await markReportsHandled(container.db, container.clock, { kind: "fundraiser", id }, by);
      await audit({ action: "fundraiser.reports_handled", ...subject, details: { handled } });
      return { ok: true, done: "Anmälningarna är markerade som hanterade.", problems: {} };
    }
  }
}

export default function AdminFundraiser({ loaderData, actionData }: Route.ComponentProps) {
  const { fundraiser: f, paidGifts, totalOre, reports, gifts, picture } = loaderData;
  const problems: Record<string, string> = actionData?.problems ?? {};
  return (
    <>
      <p>
        <Link to="/admin/insamlingar/granska">← Insamlingar att granska</Link>
      </p>
      <h1>{f.title}</h1>
      {actionData?.done && (
        <p role="status" className="notice notice--success">
          {actionData.done}
        </p>
      )}
      {Object.keys(problems).length > 0 && (
        <div role="alert" className="notice notice--error">
          <ul>
            {Object.entries(problems).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className="admin-facts">
        <dt>Granskning</dt>
        <dd>
          {f.confirmed ? REVIEW_LABELS[f.review] : "Organisatören har inte bekräftat sin e-post än"}
          {f.reviewedAt && ` ${formatDateTime(f.reviewedAt)}`}
          {f.reviewReason && ` – ${f.reviewReason}`}
        </dd>
        <dt>Slag</dt>
        <dd>{f.kind}</dd>
        <dt>Sidan</dt>
        <dd>
          <a href={f.path}>{f.path}</a>
          {f.hiddenAt && ` (dold ${formatDateTime(f.hiddenAt)}${f.hiddenReason ? `: ${f.hiddenReason}` : ""})`}
          {f.listed ? " · visas i listan när den är godkänd" : " · bara med adressen"}
        </dd>
        <dt>Organisatör</dt>
        <dd>
          {f.organiserName}, {f.organiserEmail}
          {f.bankId && " (BankID)"}
        </dd>
        <dt>Mål och slutdatum</dt>
        <dd>
          {f.goalOre ? formatSek(f.goalOre) : "Inget mål"} · {f.endsOn ? `till och med ${formatCalendarDate(f.endsOn)}` : "inget slutdatum"}
          {f.status === "closed" && " · avslutad"}
        </dd>
        <dt>Insamlat</dt>
        <dd>
          {formatSek(totalOre)} från {paidGifts} gåvor
        </dd>
      </dl>
      <h2>Text</h2>
      <p className="admin-quote">{f.message}</p>

      <h2>Egen bild</h2>
      {picture ? (
        <>
          <img className="admin-picture" src={picture.src} alt={picture.alt} width={picture.width} height={picture.height} />
          <p>
            Beskrivning: {picture.alt}
            <br />
            Uppladdad {formatDateTime(picture.createdAt)} · {picture.approved ? "godkänd, visas på sidan" : "väntar på granskning, visas inte"}
          </p>
          <Form method="post">
            <input type="hidden" name="pictureId" value={picture.id} />
            {!picture.approved && (
              <button type="submit" name="action" value="approve_picture" className="button button--primary">
                Godkänn bilden
              </button>
            )}{" "}
            <button type="submit" name="action" value="remove_picture" className="button button--secondary">
              Ta bort bilden
            </button>
          </Form>
        </>
      ) : (
        <p>Ingen egen bild. Sidan visar en av våra bilder.</p>
      )}

      <ReviewAndHideForms hiddenAt={f.hiddenAt} problems={problems} {...(picture && !picture.approved ? { reviewedPictureId: picture.id } : {})} />

      <PageReports reports={reports} />

      <table className="admin-table">
        <caption>Gåvor på sidan</caption>
        <thead>
          <tr>
            <th scope="col">Givare</th>
            <th scope="col">På sidan</th>
            <th scope="col">Belopp</th>
            <th scope="col">Status</th>
            <th scope="col">Datum</th>
            <th scope="col">Hälsning</th>
          </tr>
        </thead>
        <tbody>
          {gifts.map((g) => (
            <tr key={g.id}>
              <th scope="row">
                {g.donorName} <span className="admin-muted">{g.orderReference}</span>
              </th>
              <td>{g.showOnPage ? (g.displayName ?? "") : "Anonym"}</td>
              <td>{formatSek(g.amountOre)}</td>
              <td>{GIFT_STATUS_LABELS[g.status] ?? g.status}</td>
              <td>{formatDateTime(g.createdAt)}</td>
              <td>
                {g.greeting ?? ""}
                {g.greeting && (
                  <Form method="post">
                    <input type="hidden" name="giftId" value={g.id} />
                    <button type="submit" name="action" value={g.hidden ? "show_greeting" : "hide_greeting"} className="button button--link">
                      {g.hidden ? "Visa hälsningen" : "Dölj hälsningen"}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
