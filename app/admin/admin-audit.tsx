import { Form } from "react-router";
import { countOf } from "#core/site/format";
import type { Route } from "./+types/admin-audit";
import { requireStaff } from "./staff-guard.server";
import { auditFilterFrom } from "./audit-filter";
import { formatDateTime } from "./admin-format";
import { auditActionLabel, auditSubjectLabel } from "./audit-labels";
import { DetailLines } from "./detail-lines";
import { pageFrom, pageHref } from "./admin-paging";
import { Pagination } from "../components/pagination/pagination";

export function meta() {
  return [{ title: "Logg – Administration" }];
}

/** Entries per page: a screenful or two, instead of one table some 5,700 px tall (issue #29.14). */
export const AUDIT_PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container } = await requireStaff(context, request, "admin");
  const url = new URL(request.url);
  const { filter, query } = auditFilterFrom(url);
  const total = await container.staff.audit.count(filter);
  // ?sida=N counted from 1; anything else is the newest page, past the end the oldest.
  const { page, pageCount, offset } = pageFrom(url, total, AUDIT_PAGE_SIZE);
  const rows = await container.staff.audit.search(filter, AUDIT_PAGE_SIZE, offset);
  return { query, rows, page, pageCount, total, csv: `/admin/logg.csv?${new URLSearchParams(query).toString()}` };
}

/** The audit log for admins: search by text, outcome and days; export what is found as CSV. Read only. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, rows, page, pageCount, total, csv } = loaderData;
  const first = page * AUDIT_PAGE_SIZE + 1;
  return (
    <>
      <h1>Logg</h1>
      <p>Varje ändring, varje visning av en givares uppgifter och varje nekad begäran. Loggen kan inte ändras.</p>
      <Form method="get" className="admin-filters" role="search" aria-label="Sök i loggen">
        <div className="field">
          <label htmlFor="logg-q">Sök</label>
          <input id="logg-q" name="q" type="search" defaultValue={query.q ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="logg-utfall">Utfall</label>
          <select id="logg-utfall" name="utfall" defaultValue={query.utfall ?? ""}>
            <option value="">Alla</option>
            <option value="ok">Genomförda</option>
            <option value="refused">Nekade</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="logg-fran">Från och med</label>
          <input id="logg-fran" name="fran" type="date" defaultValue={query.fran ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="logg-till">Till och med</label>
          <input id="logg-till" name="till" type="date" defaultValue={query.till ?? ""} />
        </div>
        <button type="submit" className="button button--primary">
          Sök
        </button>
        <a className="button button--secondary" href={csv} download>
          Exportera CSV
        </a>
      </Form>
      {/* tabIndex: on a phone the table scrolls sideways on its own, and a keyboard must be able to scroll it. */}
      <table className="admin-table admin-table--stacked" id="logg-lista" tabIndex={0}>
        <caption>
          {pageCount > 1 ? `Händelser ${first}–${first + rows.length - 1} av ${total}, senaste först` : countOf(total, "händelse", "händelser")} (exporten tar med upp till 10 000)
        </caption>
        <thead>
          <tr>
            <th scope="col">Tid</th>
            <th scope="col">Vem</th>
            <th scope="col">Varifrån</th>
            <th scope="col">Handling</th>
            <th scope="col">Utfall</th>
            <th scope="col">Gäller</th>
            <th scope="col">Detaljer</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={r.outcome === "refused" ? "admin-table__refused" : undefined}>
              <td>{formatDateTime(r.at)}</td>
              <td>{r.staff_name ?? (r.staff_id ? r.staff_id.slice(0, 8) : "okänd")}</td>
              <td>{r.ip}</td>
              <td>{auditActionLabel(r.action)}</td>
              <td>{r.outcome === "ok" ? "Genomförd" : "Nekad"}</td>
              <td data-label="Gäller">{auditSubjectLabel(r.subject_type, r.subject_id)}</td>
              <td className="admin-table__details">
                <DetailLines details={r.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={page} pageCount={pageCount} href={(p) => pageHref("/admin/logg", query, p)} label="Sidor i loggen" listId="logg-lista" previous="Nyare händelser" next="Äldre händelser" />
    </>
  );
}
