import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin-payment";
import { requireStaff } from "../admin/staff-guard.server";
import { formatDateTime } from "../admin/admin-format";
import { EVENT_SOURCE_LABELS, PAYMENT_STATUS_LABELS } from "../admin/payment-labels";
import { findGift, findPayment, paymentEvents, paymentsForGift } from "../../core/payments/payment-repository";
import { RefundNotPossibleError } from "../../core/payments/payment-service";
import { METHOD_LABELS } from "../../core/donors/gift-history";
import { GIFT_TYPE_LABELS } from "../../core/gifts/gift-types";
import { formatSek } from "../../core/site/format";
import { redactPersonnummer } from "../../core/identity/redact-personnummer";

export function meta() {
  return [{ title: "Betalning – Administration" }];
}

/**
 * Where the money goes back. No provider integration here has a refund API
 * yet, so finance returns the money in the provider's own portal or by bank
 * transfer and records it here; the page says which.
 */
const REFUND_HOW: Record<string, string> = {
  swish: "Återbetala i Swish Företag (bankens Swish-portal) till givarens nummer, och registrera det här.",
  card: "Återbetala i kortinlösarens portal (Mondido), och registrera det här.",
  bank: "Återbetala i Brites portal, och registrera det här.",
  invoice: "Betala tillbaka till givarens konto med en vanlig banköverföring, och registrera det här.",
  autogiro: "Betala tillbaka till givarens konto med en vanlig banköverföring, och registrera det här.",
};

async function load(db: Parameters<typeof findPayment>[0], paymentId: string) {
  const payment = await findPayment(db, paymentId);
  if (!payment) throw data("Betalningen finns inte.", { status: 404 });
  const gift = (await findGift(db, payment.gift_id))!;
  return { payment, gift };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "ekonomi");
  const { payment, gift } = await load(container.db, params.paymentId);
  const events = await paymentEvents(container.db, payment.id);
  const others = (await paymentsForGift(container.db, gift.id)).filter((p) => p.id !== payment.id);
  await audit({ action: "payment.view", subjectType: "payment", subjectId: payment.id });
  return {
    payment: {
      id: payment.id,
      method: payment.method,
      provider: payment.provider,
      providerReference: payment.provider_reference,
      status: payment.status,
      amountOre: payment.amount_ore,
      createdAt: payment.created_at,
      paidAt: payment.paid_at,
    },
    gift: {
      orderReference: gift.order_reference,
      type: GIFT_TYPE_LABELS[gift.gift_type],
      donorName: gift.donor_name,
      donorEmail: gift.donor_email,
      donorId: gift.donor_id,
      status: gift.status,
    },
    events: events.map((e) => ({
      id: e.id,
      at: e.created_at,
      from: e.from_status,
      to: e.to_status,
      source: e.source,
      // Event data can carry what a provider sent; a personnummer is never shown.
      data: e.data ? redactPersonnummer(e.data) : null,
    })),
    others: others.map((p) => ({ id: p.id, method: p.method, status: p.status, createdAt: p.created_at })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "ekonomi");
  const { payment } = await load(container.db, params.paymentId);
  const form = await request.formData();
  if (form.get("intent") !== "refund") throw data("Okänd begäran.", { status: 400 });
  const reason = String(form.get("reason") ?? "").trim();
  const confirmed = form.get("confirm") === "on";
  const problems: Record<string, string> = {};
  if (reason.length < 3) problems.reason = "Skriv varför gåvan betalas tillbaka.";
  if (reason.length > 500) problems.reason = "Skriv högst 500 tecken.";
  if (!confirmed) problems.confirm = "Kryssa i att pengarna är återbetalda hos betalleverantören.";
  if (Object.keys(problems).length > 0) {
    await audit({ action: "payment.refund", outcome: "refused", subjectType: "payment", subjectId: payment.id, details: { fields: Object.keys(problems) } });
    return data({ ok: false, problems, reason }, { status: 400 });
  }
  try {
    await container.payments.recordRefund(payment.id, { by: `staff:${staff.id}`, reason: reason.slice(0, 500) });
  } catch (error) {
    if (!(error instanceof RefundNotPossibleError)) throw error;
    await audit({ action: "payment.refund", outcome: "refused", subjectType: "payment", subjectId: payment.id, details: { status: payment.status } });
    const refused: Record<string, string> = { form: "Bara en betald betalning kan återbetalas. Ladda om sidan och se dess status." };
    return data({ ok: false, problems: refused, reason }, { status: 409 });
  }
  await audit({ action: "payment.refund", subjectType: "payment", subjectId: payment.id, details: { amountOre: payment.amount_ore, method: payment.method, via: "manual", reason } });
  return { ok: true, problems: {} as Record<string, string>, reason: "" };
}

export default function AdminPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, gift, events, others } = loaderData;
  const problems: Record<string, string | undefined> = actionData?.problems ?? {};
  const problemList = Object.entries(problems);
  return (
    <>
      <p>
        <Link to="/admin/betalningar">← Betalningar</Link>
      </p>
      <h1>
        Betalning {formatSek(payment.amountOre)} – {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
      </h1>
      {actionData?.ok && (
        <p role="status" className="notice notice--success">
          Återbetalningen är registrerad. Gåvan är markerad som återbetald och det som inte skickats av beställningen är stoppat.
        </p>
      )}
      <dl className="admin-facts">
        <dt>Ordernummer</dt>
        <dd>
          <code>{gift.orderReference}</code>
        </dd>
        <dt>Gåva</dt>
        <dd>{gift.type}</dd>
        <dt>Givare</dt>
        <dd>
          {gift.donorId ? <Link to={`/admin/givare/${gift.donorId}`}>{gift.donorName}</Link> : gift.donorName} ({gift.donorEmail})
        </dd>
        <dt>Betalsätt</dt>
        <dd>
          {METHOD_LABELS[payment.method] ?? payment.method} ({payment.provider})
        </dd>
        <dt>{payment.method === "invoice" ? "OCR-referens" : "Leverantörens referens"}</dt>
        <dd>{payment.providerReference ?? "–"}</dd>
        <dt>Skapad</dt>
        <dd>{formatDateTime(payment.createdAt)}</dd>
        <dt>Betald</dt>
        <dd>{payment.paidAt ? formatDateTime(payment.paidAt) : "–"}</dd>
      </dl>

      <table className="admin-table">
        <caption>Händelser</caption>
        <thead>
          <tr>
            <th scope="col">Tid</th>
            <th scope="col">Från</th>
            <th scope="col">Till</th>
            <th scope="col">Av</th>
            <th scope="col">Uppgifter</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.at)}</td>
              <td>{e.from ? (PAYMENT_STATUS_LABELS[e.from] ?? e.from) : "–"}</td>
              <td>{PAYMENT_STATUS_LABELS[e.to] ?? e.to}</td>
              <td>{EVENT_SOURCE_LABELS[e.source] ?? e.source}</td>
              <td className="admin-table__details">{e.data ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {others.length > 0 && (
        <p>
          Andra försök för samma gåva:{" "}
          {others.map((o, i) => (
            <span key={o.id}>
              {i > 0 && ", "}
              <Link to={`/admin/betalningar/${o.id}`}>
                {METHOD_LABELS[o.method] ?? o.method} ({PAYMENT_STATUS_LABELS[o.status] ?? o.status})
              </Link>
            </span>
          ))}
        </p>
      )}

      {payment.status === "paid" && (
        <section aria-labelledby="aterbetala" className="admin-panel">
          <h2 id="aterbetala">Återbetala</h2>
          <p>{REFUND_HOW[payment.method]}</p>
          {problemList.length > 0 && (
            <div className="notice notice--error" role="alert" tabIndex={-1}>
              <p>Återbetalningen registrerades inte:</p>
              <ul>
                {problemList.map(([field, text]) => (
                  <li key={field}>{field === "form" ? text : <a href={`#aterbetala-${field}`}>{text}</a>}</li>
                ))}
              </ul>
            </div>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="refund" />
            <div className={`field${problems.reason ? " field--error" : ""}`}>
              <label htmlFor="aterbetala-reason">Varför betalas gåvan tillbaka?</label>
              {problems.reason && (
                <p className="field__error" id="aterbetala-reason-fel">
                  <span className="visually-hidden">Fel: </span>
                  {problems.reason}
                </p>
              )}
              <textarea
                id="aterbetala-reason"
                name="reason"
                rows={2}
                maxLength={500}
                defaultValue={actionData?.reason ?? ""}
                aria-invalid={problems.reason ? true : undefined}
                aria-describedby={problems.reason ? "aterbetala-reason-fel" : undefined}
              />
            </div>
            <div className={`choice${problems.confirm ? " field--error" : ""}`}>
              <input id="aterbetala-confirm" type="checkbox" name="confirm" aria-invalid={problems.confirm ? true : undefined} />
              <label htmlFor="aterbetala-confirm">Pengarna är återbetalda hos betalleverantören ({formatSek(payment.amountOre)})</label>
            </div>
            <button type="submit" className="button button--primary">
              Registrera återbetalning
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
