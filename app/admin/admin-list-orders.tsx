import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-list-orders";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { PAYMENT_STATUS_LABELS } from "./payment-labels";
import { ORDER_ITEM_KIND_LABELS } from "./order-item-labels";
import { listListOrders } from "#core/staff/list-order-admin";
import { METHOD_LABELS } from "#core/donors/gift-history";
import { countOf, formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Listbeställningar – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const orders = await listListOrders(container.db, { text: query });
  await audit({ action: "list_orders.list", details: { query: query || undefined, hits: orders.length } });
  return { query, orders };
}

/** A company's list of recipients as one order: how many rows, whether it is paid, how far delivery has come. */
export default function AdminListOrders({ loaderData }: Route.ComponentProps) {
  const { query, orders } = loaderData;
  return (
    <>
      <h1>Listbeställningar</h1>
      <Form method="get" className="admin-filters" role="search" aria-label="Sök listbeställningar">
        <div className="field">
          <label htmlFor="listor-q">Företag eller ordernummer</label>
          <input id="listor-q" name="q" type="search" defaultValue={query} maxLength={100} autoComplete="off" />
        </div>
        <button type="submit" className="button button--primary">
          Sök
        </button>
      </Form>
      <table className="admin-table">
        <caption>{orders.length === 0 ? "Inga listbeställningar" : countOf(orders.length, "listbeställning", "listbeställningar")}</caption>
        <thead>
          <tr>
            <th scope="col">Företag</th>
            <th scope="col">Vad</th>
            <th scope="col">Rader</th>
            <th scope="col">Belopp</th>
            <th scope="col">Betalning</th>
            <th scope="col">Leverans</th>
            <th scope="col">Beställd</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderId} className={o.failed > 0 ? "admin-table__urgent" : undefined}>
              <th scope="row">
                <Link to={`/admin/listbestallningar/${o.orderId}`}>{o.company}</Link>
                <br />
                <code className="admin-muted">{o.orderReference}</code>
              </th>
              <td>{o.kind ? (ORDER_ITEM_KIND_LABELS[o.kind] ?? o.kind) : "–"}</td>
              <td>{o.rows}</td>
              <td>{formatSek(o.amountOre)}</td>
              <td>
                {o.method ? `${METHOD_LABELS[o.method] ?? o.method}, ` : ""}
                {o.paymentStatus ? (PAYMENT_STATUS_LABELS[o.paymentStatus] ?? o.paymentStatus) : "Ingen betalning"}
              </td>
              <td>{deliverySummary(o)}</td>
              <td>{formatDateTime(o.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function deliverySummary(o: { rows: number; sent: number; toSend: number; failed: number; cancelled: number }): string {
  if (o.rows === 0) return "–";
  const parts = [`${o.sent} av ${o.rows} skickade`];
  if (o.failed > 0) parts.push(`${o.failed} misslyckade`);
  if (o.cancelled > 0) parts.push(`${o.cancelled} stoppade`);
  return parts.join(", ");
}
