import { Form } from "react-router";
import { countOf } from "#core/site/format";
import type { Route } from "./+types/admin-audit";
import { requireStaff } from "./staff-guard.server";
import { auditFilterFrom } from "./audit-filter";
import { formatDateTime } from "./admin-format";

export function meta() {
  return [{ title: "Logg – Administration" }];
}

const SHOWN = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container } = await requireStaff(context, request, "admin");
  const { filter, query } = auditFilterFrom(new URL(request.url));
  const rows = await container.staff.audit.search(filter, SHOWN);
  return { query, rows, csv: `/admin/logg.csv?${new URLSearchParams(query).toString()}` };
}

/** The audit log for admins: search by text, outcome and days; export what is found as CSV. Read only. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, rows, csv } = loaderData;
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
      <table className="admin-table">
        <caption>
          {rows.length === SHOWN ? `De senaste ${SHOWN} händelserna` : countOf(rows.length, "händelse", "händelser")} (exporten tar med upp till 10 000)
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
              <td>
                <code>{r.action}</code>
              </td>
              <td>{r.outcome === "ok" ? "Genomförd" : "Nekad"}</td>
              <td>{r.subject_type ? `${r.subject_type} ${r.subject_id ?? ""}` : "–"}</td>
              <td className="admin-table__details">{r.details === "{}" ? "" : r.details}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
