import { Form } from "react-router";
import type { Route } from "./+types/admin-tax";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { ku65Files, ku65Plan } from "#core/tax/ku65";
import { swedishYear } from "#core/donors/tax-reduction";
import { formatNumber } from "#core/site/format";

export function meta() {
  return [{ title: "Kontrolluppgifter – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container } = await requireStaff(context, request, "ekonomi");
  const thisYear = swedishYear(container.clock.now().toISOString());
  const asked = Number(new URL(request.url).searchParams.get("ar"));
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
  };
}

/** Kontrolluppgifter (KU65) for an income year: what would be reported, the files made, and making the next one. */
export default function AdminTax({ loaderData }: Route.ComponentProps) {
  const { year, years, persons, totalKr, pending, files } = loaderData;
  const changes = pending.new + pending.correction + pending.deletion;
  return (
    <>
      <h1>Kontrolluppgifter om gåvor (KU65)</h1>
      <p>
        Gåvor på minst 200 kr från givare med personnummer, per inkomstår, i den XML-fil Skatteverket tar emot. Lämnas senast 31 januari.
        Samma summor visas för givaren på Mina sidor.
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
      {/* A plain form: the file downloads and the page stays. */}
      <form method="post" action="/admin/skatt/ku65.xml" className="admin-actions">
        <input type="hidden" name="year" value={year} />
        <button type="submit" name="kind" value="changes" className="button button--primary" disabled={changes === 0}>
          {files.length === 0 ? "Skapa fil" : "Skapa fil med ändringar"}
        </button>
        <button type="submit" name="kind" value="full" className="button button--secondary" disabled={persons === 0}>
          Skapa fullständig fil
        </button>
      </form>
      <p className="field__hint">
        En fil med ändringar rättar tidigare lämnade uppgifter under samma specifikationsnummer och tar bort dem som inte längre gäller. Ladda upp
        filen i Skatteverkets e-tjänst Lämna kontrolluppgifter. Ladda om sidan efteråt för att se filen i listan.
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
            <tr key={f.id}>
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
    </>
  );
}
