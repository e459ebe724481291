import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-collections";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { listCollections } from "#core/staff/collection-admin";
import { countOf, formatDateLong, formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Minnesinsamlingar – Administration" }];
}

const STATUS_FILTERS = { alla: null, oppna: "open", stangda: "closed" } as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const params = new URL(request.url).searchParams;
  const status: StatusFilter = (Object.keys(STATUS_FILTERS) as StatusFilter[]).find((k) => k === params.get("status")) ?? "alla";
  const query = (params.get("q") ?? "").trim().slice(0, 100);
  const collections = await listCollections(container.db, { status: STATUS_FILTERS[status], text: query });
  // The list names organisers (personal data), so each look at it is logged like a search.
  await audit({ action: "collections.list", details: { status, query: query || undefined, hits: collections.length } });
  return { status, query, collections };
}

/** Every memorial collection, newest first: who it remembers, who runs it, and what it has collected. */
export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  const { status, query, collections } = loaderData;
  return (
    <>
      <h1>Minnesinsamlingar</h1>
      <Form method="get" className="admin-filters" role="search" aria-label="Sök minnesinsamlingar">
        <div className="field">
          <label htmlFor="insamlingar-q">Den avlidnes eller organisatörens namn</label>
          <input id="insamlingar-q" name="q" type="search" defaultValue={query} maxLength={100} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="insamlingar-status">Visa</label>
          <select id="insamlingar-status" name="status" defaultValue={status}>
            <option value="alla">Alla</option>
            <option value="oppna">Öppna</option>
            <option value="stangda">Stängda</option>
          </select>
        </div>
        <button type="submit" className="button button--primary">
          Visa
        </button>
      </Form>
      <table className="admin-table">
        <caption>{collections.length === 0 ? "Inga minnesinsamlingar" : countOf(collections.length, "minnesinsamling", "minnesinsamlingar")}</caption>
        <thead>
          <tr>
            <th scope="col">Till minne av</th>
            <th scope="col">Status</th>
            <th scope="col">Organisatör</th>
            <th scope="col">Gåvor</th>
            <th scope="col">Insamlat</th>
            <th scope="col">Startad</th>
          </tr>
        </thead>
        <tbody>
          {collections.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                <Link to={`/admin/insamlingar/${c.id}`}>{c.deceasedName}</Link>
                <span className="admin-muted"> (död {formatDateLong(c.dateOfDeath)})</span>
              </th>
              <td>{c.status === "open" ? "Öppen" : `Stängd ${c.closedAt ? formatDateTime(c.closedAt) : ""}`}</td>
              <td>
                {c.organiserName}
                {c.organiserKind === "funeral_parlour" && <span className="admin-muted"> (begravningsbyrå)</span>}
              </td>
              <td>{c.paidGifts}</td>
              <td>{formatSek(c.totalOre)}</td>
              <td>{formatDateTime(c.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="admin-muted">Gåvor och belopp räknar betalda gåvor.</p>
    </>
  );
}
