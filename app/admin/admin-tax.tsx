import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-tax";
import { requireStaff, type StaffRequest } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { Ku65Error, ku65Files, ku65Plan, makeKu65File } from "#core/tax/ku65";
import { swedishYear } from "#core/donors/tax-reduction";
import { formatNumber } from "#core/site/format";
import { queueCompanyStatements, statementYearSummary } from "#core/companies/company-statement";

export function meta() {
  return [{ title: "Kontrolluppgifter – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container } = await requireStaff(context, request, "ekonomi");
  const thisYear = swedishYear(container.clock.now().toISOString());
  const query = new URL(request.url).searchParams;
  const asked = Number(query.get("ar"));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear ? asked : thisYear - 1;
  const plan = await ku65Plan(container.db, year, "full");
  // What a changes file would hold is the full plan less what is unchanged: one read of the year's gifts, not two.
  const changes = plan.filter((s) => s.change !== "unchanged");
  const count = (change: string) => changes.filter((s) => s.change === change).length;
  return {
    year,
    years: Array.from({ length: 6 }, (_, i) => thisYear - i),
    persons: plan.filter((s) => s.amountKr !== null).length,
    totalKr: plan.reduce((sum, s) => sum + (s.amountKr ?? 0), 0),
    pending: { new: count("new"), correction: count("correction"), deletion: count("deletion") },
    files: (await ku65Files(container.db, year)).map((f) => ({ id: f.id, kind: f.kind, statements: f.statements, createdAt: f.created_at })),
    // The file just made (after the action's redirect): named above the list, and marked in it.
    madeId: query.get("ny"),
    statements: await statementYearSummary(container.db, year),
    yearOver: year < thisYear,
    statementsQueued: query.has("arsbesked") ? Number(query.get("arsbesked")) || 0 : null,
  };
}

/**
 * Makes the year's next KU65 file (changes, or full), records what it says, and
 * shows the page again with the new file in the list, ready to download – so
 * the list is never behind what has been made.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "ekonomi");
  const form = await request.formData();
  const year = Number(form.get("year"));
  if (form.get("intent") === "statements") return sendStatements(year, { container, staff, audit });
  const kind = form.get("kind") === "full" ? "full" : "changes";
  if (!Number.isInteger(year) || year < 2000 || year > 2099) {
    await audit({ action: "tax.ku65_file", outcome: "refused", details: { reason: "bad_year" } });
    return data({ problem: "Välj ett inkomstår." }, { status: 400 });
  }
  try {
    const file = await makeKu65File({ db: container.db, clock: container.clock, site: container.site }, year, kind, `staff:${staff.id}`);
    if (!file) {
      await audit({ action: "tax.ku65_file", outcome: "refused", details: { year, kind, reason: "nothing_changed" } });
      return data({ problem: "Det finns inget nytt att rapportera för året. Skapa en fullständig fil om du behöver en." }, { status: 409 });
    }
    await audit({ action: "tax.ku65_file", subjectType: "ku65_file", subjectId: file.id, details: { year, kind, statements: file.statements.length } });
    return redirect(`/admin/skatt?ar=${year}&ny=${encodeURIComponent(file.id)}`, 303);
  } catch (error) {
    if (!(error instanceof Ku65Error)) throw error;
    await audit({ action: "tax.ku65_file", outcome: "refused", details: { year, kind, reason: error.message } });
    return data({ problem: `Filen kunde inte skapas: ${error.message}` }, { status: 422 });
  }
}

/**
 * Queues the yearly statements (årsbesked) of a finished income year: one per
 * company KU65 reports, each company and year once. Sending again queues only
 * companies not yet sent one (none, unless gifts were paid or booked since).
 */
async function sendStatements(year: number, { container, staff, audit }: Pick<StaffRequest, "container" | "staff" | "audit">) {
  const thisYear = swedishYear(container.clock.now().toISOString());
  if (!Number.isInteger(year) || year < 2000 || year >= thisYear) {
    await audit({ action: "tax.company_statements", outcome: "refused", details: { year, reason: "year_not_over" } });
    return data({ problem: "Årsbesked skickas när inkomståret är slut." }, { status: 400 });
  }
  const queued = await queueCompanyStatements({ db: container.db, clock: container.clock }, year, `staff:${staff.id}`);
  await audit({ action: "tax.company_statements", details: { year, queued } });
  return redirect(`/admin/skatt?ar=${year}&arsbesked=${queued}`, 303);
}

/** Kontrolluppgifter (KU65) for an income year: what would be reported, the files made, and making the next one. */
export default function AdminTax({ loaderData, actionData }: Route.ComponentProps) {
  const { year, years, persons, totalKr, pending, files, madeId, statements, yearOver, statementsQueued } = loaderData;
  const made = files.find((f) => f.id === madeId);
  const navigation = useNavigation();
  const making = navigation.state !== "idle" && navigation.formMethod === "POST";
  const changes = pending.new + pending.correction + pending.deletion;
  return (
    <>
      <h1>Kontrolluppgifter om gåvor (KU65)</h1>
      <p>
        Gåvor på minst 200 kr från givare med personnummer, per inkomstår, i den XML-fil Skatteverket tar emot. Lämnas senast 31 januari.
        Samma summor visas för givaren på Mina sidor. I samma fil: företag (aktiebolag och ekonomiska föreningar) med gåvor på minst
        2 000 kr per tillfälle, högst 800 000 kr per år, under 16 och organisationsnumret.
      </p>
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="skatt-ar">Inkomstår</label>
          <select id="skatt-ar" name="ar" defaultValue={year}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          Visa
        </button>
      </Form>
      <dl className="admin-figures">
        <div>
          <dt>Givare att rapportera {year}</dt>
          <dd>{persons}</dd>
        </div>
        <div>
          <dt>Gåvobelopp {year}</dt>
          <dd>{formatNumber(totalKr)} kr</dd>
        </div>
        <div>
          <dt>Ändringar sedan senaste filen</dt>
          <dd>{changes}</dd>
        </div>
      </dl>
      {changes > 0 && (
        <p>
          {pending.new} nya, {pending.correction} rättade belopp och {pending.deletion} borttag.
        </p>
      )}
      {actionData?.problem && (
        <p className="notice notice--error" role="alert">
          {actionData.problem}
        </p>
      )}
      {made && (
        <p className="notice notice--success" role="status">
          Filen är skapad: {made.statements} {made.statements === 1 ? "uppgift" : "uppgifter"}.{" "}
          <a href={`/admin/skatt/ku65.xml?fil=${made.id}`} download>
            Ladda ner filen
          </a>
        </p>
      )}
      <Form method="post" className="admin-actions">
        <input type="hidden" name="year" value={year} />
        <button type="submit" name="kind" value="changes" className="button button--primary" disabled={changes === 0 || making}>
          {files.length === 0 ? "Skapa fil" : "Skapa fil med ändringar"}
        </button>
        <button type="submit" name="kind" value="full" className="button button--secondary" disabled={persons === 0 || making}>
          Skapa fullständig fil
        </button>
      </Form>
      <p className="field__hint">
        En fil med ändringar rättar tidigare lämnade uppgifter under samma specifikationsnummer och tar bort dem som inte längre gäller. Ladda ner
        filen och ladda upp den i Skatteverkets e-tjänst Lämna kontrolluppgifter.
      </p>
      <table className="admin-table">
        <caption>Filer för {year}</caption>
        <thead>
          <tr>
            <th scope="col">Skapad</th>
            <th scope="col">Sort</th>
            <th scope="col">Uppgifter</th>
            <th scope="col">Fil</th>
          </tr>
        </thead>
        <tbody>
          {files.length === 0 && (
            <tr>
              <td colSpan={4}>Ingen fil är skapad för {year}.</td>
            </tr>
          )}
          {files.map((f) => (
            <tr key={f.id} aria-current={f.id === madeId ? "true" : undefined}>
              <td>{formatDateTime(f.createdAt)}</td>
              <td>{f.kind === "full" ? "Fullständig" : "Ändringar"}</td>
              <td>{f.statements}</td>
              <td>
                <a href={`/admin/skatt/ku65.xml?fil=${f.id}`} download>
                  Ladda ner
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="arsbesked" className="admin-panel">
        <h2 id="arsbesked">Årsbesked till företag {year}</h2>
        <p>
          Varje företag i kontrolluppgifterna får ett årsbesked med sina gåvor som räknas, summan och taket på 800 000 kr, som PDF via e-post till
          kontaktpersonen. Ett företag får ett årsbesked per år: att skicka igen skickar bara till företag som inte har fått något.
        </p>
        <dl className="admin-figures">
          <div>
            <dt>Företag med årsbesked {year}</dt>
            <dd>{statements.due}</dd>
          </div>
          <div>
            <dt>Skickade</dt>
            <dd>{statements.sent}</dd>
          </div>
          <div>
            <dt>I kö</dt>
            <dd>{statements.recorded - statements.sent}</dd>
          </div>
        </dl>
        {statementsQueued !== null && (
          <p className="notice notice--success" role="status">
            {statementsQueued === 0 ? "Inga nya årsbesked att skicka: alla företag har redan fått sitt." : `${statementsQueued} årsbesked skickas nu.`}
          </p>
        )}
        <Form method="post">
          <input type="hidden" name="year" value={year} />
          <button type="submit" name="intent" value="statements" className="button button--secondary" disabled={!yearOver || statements.due === 0 || making}>
            Skicka årsbesked för {year}
          </button>
        </Form>
        {!yearOver && <p className="field__hint">Årsbesked skickas när året är slut.</p>}
      </section>
    </>
  );
}
