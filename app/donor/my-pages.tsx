import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/my-pages";
import { PRIVATE_HEADERS, assertSameOrigin, requireDonor } from "./donor-session.server";
import { donorView } from "#core/donors/donor-repository";
import { givingOverview } from "#core/donors/gift-history";
import { agreementsOfDonor } from "#core/agreements/agreement-view";
import { findMemberOfDonor } from "#core/membership/membership-service";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { TAX_RULES } from "#core/donors/tax-reduction";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { queueMyDataLink } from "#core/my-data/my-data-link-mail";
import { maskPersonnummer } from "#core/identity/personnummer";
import { formatSek } from "#core/site/format";
import { pagesOrganisedBy } from "#core/fundraisers/fundraiser-teams";
import { GiftTable, formatDate } from "../components/donor/gift-table";
import { Pagination } from "../components/pagination/pagination";
import "../components/form/form.css";
import "./donor-pages.css";

/**
 * Gifts listed per page: about a screenful on a phone. A donor of many years
 * pages back to older gifts instead of scrolling past hundreds of rows, and
 * the page costs the same to render however long the history (issue #18).
 */
const GIFTS_PER_PAGE = 20;

export function meta() {
  return [{ title: "Mina sidor" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, session } = await requireDonor(context, request);
  // Independent reads, asked for together (on PostgreSQL they run side by side on the pool).
  const [overview, agreements, member, organised] = await Promise.all([
    givingOverview(container.db, session.donor),
    agreementsOfDonor(container.db, session.donor.id, container.clock.now()),
    findMemberOfDonor(container.db, session.donor.id),
    pagesOrganisedBy(container.db, session.donor.id),
  ]);
  const today = swedishDate(container.clock.now());
  const url = new URL(request.url);
  const pageCount = Math.max(1, Math.ceil(overview.gifts.length / GIFTS_PER_PAGE));
  // ?sida=N, counted from 1 as the donor sees it; anything else shows the newest gifts, past the end the oldest.
  const requested = Number(url.searchParams.get("sida") ?? "1");
  const page = Number.isSafeInteger(requested) && requested >= 1 ? Math.min(requested, pageCount) - 1 : 0;
  return {
    donor: donorView(session.donor),
    maskedPersonnummer: session.donor.personnummer ? maskPersonnummer(session.donor.personnummer) : null,
    gifts: overview.gifts.slice(page * GIFTS_PER_PAGE, (page + 1) * GIFTS_PER_PAGE),
    giftPages: { page, pageCount, first: page * GIFTS_PER_PAGE + 1, total: overview.gifts.length },
    paidCount: overview.gifts.filter((g) => g.paid).length,
    monthly: overview.monthly,
    taxYears: overview.taxYears,
    agreements: agreements.map((a) => ({
      id: a.id,
      amountOre: a.amountOre,
      debitDay: a.debitDay,
      statusLabel: a.statusLabel,
      // Only a running agreement can still be raised or changed; an ended one is there to look back at.
      ended: a.status === "cancelled" || a.status === "refused",
      nextDebitOn: a.nextDebitOn,
      startedOn: a.startedOn,
      paidWith: a.method === "card" ? (a.cardEnding ? `kort som slutar på ${a.cardEnding}` : "kort") : a.accountEnding ? `autogiro från konto som slutar på ${a.accountEnding}` : "autogiro",
      // A membership renewed every year (decision 0028) is listed with its yearly fee.
      yearly: a.kind === "membership",
    })),
    // The donor's own membership, as a member would look for it: the number and how long it lasts (issue #29).
    member: member ? { number: member.member_number, paidUntil: member.paid_until, current: member.paid_until >= today } : null,
    // Fundraisers and teams the donor started with BankID: their session opens the manage pages (decision 0052).
    organised: organised.map((p) => ({ type: p.type, title: p.title, path: p.path, managePath: p.managePath, open: p.open, review: p.review, hidden: p.hidden })),
    linkSent: url.searchParams.get("lank") === "skickad",
    idleMinutes: container.config.SESSION_IDLE_MINUTES,
  };
}

/** "Skicka länk till mina uppgifter": a My data link by e-mail, to the address we have. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { container, session } = await requireDonor(context, request);
  const form = await request.formData();
  if (form.get("intent") !== "send-link") throw data(null, { status: 400 });
  if (!session.donor.email) {
    return data({ error: "Vi har ingen e-postadress till dig. Lägg till den under Mina uppgifter först." }, { status: 400 });
  }
  if (!(await container.donors.limits.myData.hit(`link:${session.donor.id}`))) {
    return data({ error: "Vi har redan skickat flera länkar. Vänta en minut och försök igen." }, { status: 429 });
  }
  // Queued, not sent here: the page never waits for the mail server (the job retries until it takes the message).
  try {
    await queueMyDataLink({ clock: container.clock, tokens: container.donors.links, recipientMail: container.recipientMail }, session.donor);
  } catch (error) {
    if (!(error instanceof RecipientMailLimitedError)) throw error;
    return data({ error: RECIPIENT_MAIL_LIMITED_MESSAGE }, { status: 429 });
  }
  return redirect("/mina-sidor?lank=skickad", 303);
}

function organisedState(p: { open: boolean; review: string; hidden: boolean }): string {
  if (p.hidden) return "dold av oss";
  if (p.review === "refused") return "inte godkänd";
  if (!p.open) return "avslutad";
  return p.review === "pending" ? "pågår, väntar på granskning" : "pågår";
}

export default function MyPages({ loaderData, actionData }: Route.ComponentProps) {
  const { donor, maskedPersonnummer, gifts, giftPages, paidCount, monthly, taxYears, agreements, member, organised, linkSent, idleMinutes } = loaderData;
  const last = giftPages.first + gifts.length - 1;
  return (
    <article className="page page--medium my-pages">
      <div className="my-pages__top">
        <h1>Mina sidor</h1>
        <Form method="post" action="/logga-ut">
          <button type="submit" className="button button--secondary">
            Logga ut
          </button>
        </Form>
      </div>
      <p className="lead">
        Välkommen, {donor.givenName}! {maskedPersonnummer && <span className="muted">Inloggad med BankID ({maskedPersonnummer}).</span>}
      </p>
      <nav aria-label="Mina sidor" className="my-pages__nav">
        <ul>
          <li>
            <Link to="/mina-sidor/mina-uppgifter">Mina uppgifter</Link>
            <span className="muted"> – namn, adress, e-post, telefon och hur vi får kontakta dig</span>
          </li>
          <li>
            <Link to="/ge-en-gava">Ge en gåva</Link>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="gavor-rubrik">
        <h2 id="gavor-rubrik">Dina gåvor</h2>
        {giftPages.total === 0 ? (
          <p>Du har inga registrerade gåvor hos oss ännu. Gåvor som du ger med ditt personnummer visas här.</p>
        ) : (
          <>
            <p>
              {paidCount === 0
                ? "Ingen av gåvorna nedan är betald ännu. När en gåva är betald står det i listan."
                : `${paidCount === 1 ? "En betald gåva" : `${paidCount} betalda gåvor`} – tack för att du stöder forskningen!`}{" "}
              Gåvor som du har gett med ditt personnummer visas här, även de du gav innan du loggade in första gången.
            </p>
            <GiftTable
              id="dina-gavor"
              gifts={gifts}
              caption={
                giftPages.pageCount > 1
                  ? `Dina gåvor, senaste först: ${giftPages.first}–${last} av ${giftPages.total}`
                  : "Dina gåvor, senaste först"
              }
              receiptHref={(g) => `/mina-sidor/kvitto/${g.orderReference}`}
            />
            <Pagination
              page={giftPages.page}
              pageCount={giftPages.pageCount}
              href={(page) => (page === 0 ? "/mina-sidor#gavor-rubrik" : `/mina-sidor?sida=${page + 1}#gavor-rubrik`)}
              label="Sidor med dina gåvor"
              listId="dina-gavor"
              previous="Nyare gåvor"
              next="Äldre gåvor"
            />
          </>
        )}
      </section>

      {member && (
        <section aria-labelledby="medlemskap-rubrik">
          <h2 id="medlemskap-rubrik">Medlemskap</h2>
          <dl className="summary-list">
            <dt>Medlemsnummer</dt>
            <dd>{member.number}</dd>
            <dt>{member.current ? "Gäller till och med" : "Gick ut"}</dt>
            <dd>{formatDate(member.paidUntil)}</dd>
          </dl>
          {!member.current && (
            <p>
              <Link to="/bli-medlem">Förnya ditt medlemskap</Link>
            </p>
          )}
        </section>
      )}

      {organised.length > 0 && (
        <section aria-labelledby="insamlingar-rubrik">
          <h2 id="insamlingar-rubrik">Dina insamlingar</h2>
          <ul className="organised-list">
            {organised.map((p) => (
              <li key={p.managePath}>
                <Link to={p.path}>
                  <strong>{p.title}</strong>
                </Link>
                <span className="muted">
                  {" "}
                  – {p.type === "team" ? "lag" : "insamling"}, {organisedState(p)}.
                </span>{" "}
                <Link to={p.managePath}>{p.type === "team" ? "Hantera laget" : "Hantera insamlingen"}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="manadsgava-rubrik">
        <h2 id="manadsgava-rubrik">Månadsgivande</h2>
        {agreements.length > 0 && (
          <ul className="agreement-list">
            {agreements.map((a) => (
              <li key={a.id}>
                <strong>
                  {formatSek(a.amountOre)} {a.yearly ? "om året (medlemsavgift)" : "i månaden"}
                </strong>
                , den {a.debitDay}:e – {a.statusLabel.toLowerCase()}
                {a.nextDebitOn && !a.ended ? `, nästa dragning ${formatDate(a.nextDebitOn)}` : ""}.{" "}
                <span className="muted">
                  Med {a.paidWith}, startad {formatDate(a.startedOn)}.
                </span>{" "}
                <Link to={`/mina-sidor/manadsgava/${a.id}`}>{a.ended ? "Se dragningar" : "Se dragningar, höj eller ändra"}</Link>
              </li>
            ))}
          </ul>
        )}
        {agreements.length > 0 ? null : monthly.length === 0 ? (
          <p>
            Du har ingen månadsgåva. Med en månadsgåva ger du forskningen en stadig grund att stå på.{" "}
            <Link to="/ge-en-gava/manadsgava">Bli månadsgivare</Link>.
          </p>
        ) : (
          <ul>
            {monthly.map((g) => (
              <li key={g.orderReference}>
                {g.typeLabel}: {formatSek(g.amountOre)} per månad sedan {formatDate(g.date)} ({g.methodLabel.toLowerCase()})
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="skatt-rubrik">
        <h2 id="skatt-rubrik">Skattereduktion</h2>
        <p>
          Gåvor på minst {formatSek(TAX_RULES.minGiftOre)} per tillfälle ger skattereduktion när de blir minst{" "}
          {formatSek(TAX_RULES.minYearOre)} under ett år. Du får tillbaka 25 procent, högst {formatSek(TAX_RULES.maxReductionOre)} per år.
          Vi rapporterar dina gåvor till Skatteverket, och reduktionen syns i din deklaration.{" "}
          <Link to="/skattereduktion">Läs mer om skattereduktion</Link>.
        </p>
        {taxYears.length === 0 ? (
          <p>Du har inga betalda gåvor som kan ge skattereduktion ännu.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Skattereduktion per år">
            <table className="data-table">
              <caption>Gåvor som räknas för skattereduktion, per år</caption>
              <thead>
                <tr>
                  <th scope="col">År</th>
                  <th scope="col" className="num">
                    Gåvor på minst 200 kr
                  </th>
                  <th scope="col" className="num">
                    Skattereduktion
                  </th>
                </tr>
              </thead>
              <tbody>
                {taxYears.map((year) => (
                  <tr key={year.year}>
                    <th scope="row">{year.year}</th>
                    <td className="num">
                      {formatSek(year.qualifyingOre)} ({year.qualifyingCount} st)
                    </td>
                    <td className="num">
                      {year.reachesYearMinimum
                        ? formatSek(year.reductionOre)
                        : `Inget ännu – ${formatSek(TAX_RULES.minYearOre - year.qualifyingOre)} kvar till 2 000 kr`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="field__hint">
          Gränsen 2 000 kr gäller alla dina gåvor till godkända gåvomottagare under året tillsammans, inte bara gåvorna till oss.
        </p>
      </section>

      <section aria-labelledby="lank-rubrik">
        <h2 id="lank-rubrik">Dina uppgifter utan inloggning</h2>
        <p>
          Vi kan mejla en länk där du ser allt vi har sparat om dig, kan rätta det, ladda ner det som en fil eller be oss radera det.
          {donor.email ? ` Länken skickas till ${donor.email}.` : ""}
        </p>
        {linkSent && (
          <p className="notice notice--success" role="status">
            Vi har skickat länken. Kolla din e-post – den kan ta någon minut att komma fram.
          </p>
        )}
        {actionData?.error && (
          <p className="notice notice--error" role="alert">
            {actionData.error}
          </p>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="send-link" />
          <button type="submit" className="button button--secondary">
            Skicka länk till mina uppgifter
          </button>
        </Form>
      </section>

      <p className="field__hint">Av säkerhetsskäl loggas du ut automatiskt efter {idleMinutes} minuter utan aktivitet.</p>
    </article>
  );
}
