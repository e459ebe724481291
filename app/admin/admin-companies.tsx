import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-companies";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { pageFrom, pageHref } from "./admin-paging";
import { Pagination } from "../components/pagination/pagination";
import { searchCompanies } from "#core/companies/company-donors";
import { countOf, formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Företag – Administration" }];
}

/** Companies per page, as the log's. */
export const COMPANIES_PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { total } = await searchCompanies(container.db, q, 0, 0);
  const { page, pageCount, offset } = pageFrom(url, total, COMPANIES_PAGE_SIZE);
  const { rows } = await searchCompanies(container.db, q, COMPANIES_PAGE_SIZE, offset);
  if (q) await audit({ action: "companies.search", details: { query: q, hits: total } });
  return { q, rows, page, pageCount, total };
}

/** Companies that have given, newest gift first; search by name or organisationsnummer. */
export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  const { q, rows, page, pageCount, total } = loaderData;
  const first = page * COMPANIES_PAGE_SIZE + 1;
  const query: Record<string, string> = q ? { q } : {};
  return (
    <>
      <h1>Företag</h1>
      <p>Företag som har gett, senaste gåvan först. Ett företag är sitt organisationsnummer: gåvor med samma nummer hör ihop.</p>
      <Form method="get" className="admin-filters" role="search" aria-label="Sök företag">
        <div className="field">
          <label htmlFor="foretag-q">Namn eller organisationsnummer</label>
          <input id="foretag-q" name="q" type="search" defaultValue={q} maxLength={100} autoComplete="off" />
        </div>
        <button type="submit" className="button button--primary">
          Sök
        </button>
      </Form>
      <table className="admin-table" id="foretag-lista" tabIndex={0}>
        <caption>
          {total === 0
            ? q
              ? `Inget företag för ”${q}”`
              : "Inget företag har gett ännu"
            : pageCount > 1
              ? `Företag ${first}–${first + rows.length - 1} av ${total}`
              : countOf(total, "företag", "företag")}
        </caption>
        <thead>
          <tr>
            <th scope="col">Företag</th>
            <th scope="col">Organisationsnummer</th>
            <th scope="col">Gåvor</th>
            <th scope="col">Betalt</th>
            <th scope="col">Senaste gåvan</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.organisationsnummer}>
              <th scope="row">
                <Link to={`/admin/foretag/${r.organisationsnummer}`}>{r.name}</Link>
              </th>
              <td data-label="Organisationsnummer">{r.display}</td>
              <td data-label="Gåvor">{r.gifts}</td>
              <td data-label="Betalt">{formatSek(r.paidOre)}</td>
              <td data-label="Senaste gåvan">{formatDateTime(r.lastGiftAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={page} pageCount={pageCount} href={(p) => pageHref("/admin/foretag", query, p)} label="Sidor med företag" listId="foretag-lista" />
    </>
  );
}
