import { Link, data } from "react-router";
import type { Route } from "./+types/admin-list-order";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { PAYMENT_STATUS_LABELS } from "./payment-labels";
import { ORDER_CHANNEL_LABELS, ORDER_ITEM_KIND_LABELS, ORDER_ITEM_STATUS_LABELS } from "./order-item-labels";
import { listOrderForStaff } from "#core/staff/list-order-admin";
import { METHOD_LABELS } from "#core/donors/gift-history";
import { formatDateLong, formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Listbeställning – Administration" }];
}

const GIFT_STATUS_LABELS: Record<string, string> = { paid: "Betald", awaiting_payment: "Inte betald", refunded: "Återbetald" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const found = await listOrderForStaff(container.db, params.orderId);
  if (!found) throw data("Listbeställningen finns inte.", { status: 404 });
  const { order, items, payment } = found;
  // Recipients' names and addresses are personal data: the view is logged.
  await audit({ action: "list_order.view", subjectType: "order", subjectId: order.order_id, details: { rows: items.length } });
  return {
    order: {
      id: order.order_id,
      orderReference: order.order_reference,
      company: order.donor_name,
      email: order.donor_email,
      address: [order.donor_street, [order.donor_postal_code, order.donor_city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || null,
      amountOre: order.amount_ore,
      giftStatus: order.gift_status,
      paidAt: order.paid_at,
      createdAt: order.created_at,
    },
    payment: payment ? { id: payment.id, method: payment.method, status: payment.status } : null,
    items: items.map((i) => ({
      id: i.id,
      row: i.row,
      kind: i.kind,
      name: i.recipient_name,
      to:
        i.channel === "email"
          ? i.recipient_email
          : [i.recipient_street, [i.recipient_postal_code, i.recipient_city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || null,
      channel: i.channel,
      dueDate: i.due_date,
      status: i.status,
      sentAt: i.sent_at,
    })),
  };
}

/** One list order: the company, its payment, and where each recipient's document stands. */
export default function AdminListOrder({ loaderData }: Route.ComponentProps) {
  const { order, payment, items } = loaderData;
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.status, (counts.get(item.status) ?? 0) + 1);
  return (
    <>
      <p>
        <Link to="/admin/listbestallningar">← Listbeställningar</Link>
      </p>
      <h1>Listbeställning från {order.company}</h1>
      <dl className="admin-facts">
        <dt>Ordernummer</dt>
        <dd>
          <code>{order.orderReference}</code>
        </dd>
        <dt>Beställare</dt>
        <dd>
          {order.company} ({order.email}){order.address && <>, {order.address}</>}
        </dd>
        <dt>Belopp</dt>
        <dd>{formatSek(order.amountOre)}</dd>
        <dt>Betalning</dt>
        <dd>
          {payment ? (
            <Link to={`/admin/betalningar/${payment.id}`}>
              {METHOD_LABELS[payment.method] ?? payment.method}: {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
            </Link>
          ) : (
            "Ingen betalning"
          )}
          {order.paidAt && <> ({formatDateTime(order.paidAt)})</>}
          {!payment && <> – gåvan: {GIFT_STATUS_LABELS[order.giftStatus] ?? order.giftStatus}</>}
        </dd>
        <dt>Beställd</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
        <dt>Leverans</dt>
        <dd>
          {[...counts.entries()].map(([status, n]) => `${n} ${(ORDER_ITEM_STATUS_LABELS[status] ?? status).toLowerCase()}`).join(", ") || "–"}
        </dd>
      </dl>
      {/* tabIndex: on a phone the table scrolls sideways on its own, and a keyboard must be able to scroll it. */}
      <table className="admin-table" tabIndex={0}>
        <caption>Mottagare ({items.length})</caption>
        <thead>
          <tr>
            <th scope="col">Rad</th>
            <th scope="col">Mottagare</th>
            <th scope="col">Vad</th>
            <th scope="col">Hur</th>
            <th scope="col">Till</th>
            <th scope="col">Framme senast</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} className={i.status === "failed" ? "admin-table__urgent" : undefined}>
              <td>{i.row ?? "–"}</td>
              <th scope="row">{i.name}</th>
              <td>{ORDER_ITEM_KIND_LABELS[i.kind] ?? i.kind}</td>
              <td>{ORDER_CHANNEL_LABELS[i.channel] ?? i.channel}</td>
              <td>{i.to ?? "–"}</td>
              <td>{i.dueDate ? formatDateLong(i.dueDate) : "–"}</td>
              <td>
                {ORDER_ITEM_STATUS_LABELS[i.status] ?? i.status}
                {i.sentAt && <span className="admin-muted"> {formatDateTime(i.sentAt)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {items.some((i) => i.status === "failed") && (
        <p>
          Misslyckade utskick skickas igen från <Link to="/admin/leverans">Utskick</Link>.
        </p>
      )}
    </>
  );
}
