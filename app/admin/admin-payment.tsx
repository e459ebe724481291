import { Form, Link, data } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/admin-payment";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { EVENT_SOURCE_LABELS, PAYMENT_STATUS_LABELS } from "./payment-labels";
import { findGift, findPayment, paymentEvents, paymentsForGift } from "#core/payments/payment-repository";
import { RefundNotPossibleError } from "#core/payments/payment-service";
import { NoRefundApiError, RefundAlreadyRequestedError } from "#core/payments/refund-service";
import type { RefundRow } from "#core/payments/refund-provider";
import { DetailLines } from "./detail-lines";
import { PAYMENT_EVENT_LABELS, REFUND_PROVIDER_LABELS, refundNotPossibleText, refundRefusalText } from "./refund-labels";
import { METHOD_LABELS } from "#core/donors/gift-history";
import { GIFT_TYPE_LABELS } from "#core/gifts/gift-types";
import { formatSek } from "#core/site/format";
import { redactPersonnummer } from "#core/identity/redact-personnummer";
import { REFUND_REASON_MAX_LENGTH, manualRefundSchema, providerRefundSchema } from "#core/payments/refund-form";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, TextAreaField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";

export function meta() {
  return [{ title: "Betalning – Administration" }];
}

/**
 * Where the money goes back when it is done by hand. Swish and card refunds
 * go through the provider's API (decision 0027); Brite, invoices and autogiro
 * are returned by finance and recorded here, and so is a card refund whose
 * answer from Mondido never came (after checking Mondido's portal).
 */
const REFUND_HOW: Record<string, string> = {
  swish: "Återbetala i Swish Företag (bankens Swish-portal) till givarens nummer, och registrera det här.",
  card: "Kontrollera i Mondidos portal om återbetalningen är gjord, gör den där annars, och registrera det här.",
  bank: "Återbetalas för hand: betala tillbaka i Brites portal, och registrera det här.",
  invoice: "Återbetalas för hand: betala tillbaka till givarens konto med en vanlig banköverföring, och registrera det här.",
  autogiro: "Återbetalas för hand: betala tillbaka till givarens konto med en vanlig banköverföring, och registrera det här.",
};

/**
 * A refund still "sending" after this long had the provider's answer lost
 * (Mondido: never sent again from here; Swish: asked again by reconciliation,
 * or not answering at all, e.g. a certificate not enabled for refunds). Staff
 * check the provider's portal and may record it by hand; once they have, the
 * site never sends it (RefundService sends only for a payment still paid).
 */
const UNKNOWN_AFTER_MS = 10 * 60_000;

/** Where finance looks a refund up by hand. */
const PORTALS: Record<string, string> = { Swish: "Swish Företag (bankens Swish-portal)", Mondido: "Mondidos portal" };

type RefundView = ReturnType<typeof refundView>;

function refundView(refund: RefundRow, now: number) {
  const unknown = refund.status === "sending" && now - Date.parse(refund.updated_at) > UNKNOWN_AFTER_MS;
  return {
    id: refund.id,
    status: refund.status,
    unknown,
    createdAt: refund.created_at,
    amountOre: refund.amount_ore,
    reason: refund.reason,
    refusal: refund.status === "refused" ? refundRefusalText(REFUND_PROVIDER_LABELS[refund.provider] ?? refund.provider, refund.error_code) : null,
  };
}

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
  const adapter = container.refunds.adapterFor(payment.provider);
  const now = container.clock.now().getTime();
  const refunds = (await container.refunds.forPayment(payment.id)).map((r) => refundView(r, now));
  await audit({ action: "payment.view", subjectType: "payment", subjectId: payment.id });
  return {
    refundVia: adapter ? adapter.label : null,
    refunds,
    // One per form shown: the same form sent twice (a double click, a reload of the answer) is one refund.
    refundKey: globalThis.crypto.randomUUID(),
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
      type: e.type,
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

/** The refund forms: through the provider's API, or recorded after finance refunded by hand. */
type RefundFormName = "provider" | "manual";

type ActionResult =
  | { ok: true; done: "manual" | "requested" | "confirmed" | "checked" }
  /** `form`: which refund form the answer is about (its fields get the errors). */
  | { ok: false; form: RefundFormName; result: FormResult };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "ekonomi");
  const { payment } = await load(container.db, params.paymentId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const adapter = container.refunds.adapterFor(payment.provider);

  if (intent === "refund-check") {
    const refundId = String(formData.get("refund") ?? "");
    const refund = await container.refunds.find(refundId);
    if (!refund || refund.payment_id !== payment.id) throw data("Återbetalningen finns inte.", { status: 404 });
    const after = await container.refunds.refresh(refund.id, "staff");
    await audit({ action: "payment.refund_check", subjectType: "payment", subjectId: payment.id, details: { refundId, before: refund.status, after: after.status } });
    return { ok: true, done: "checked" } satisfies ActionResult;
  }
  if (intent !== "refund" && intent !== "refund-manual") throw data("Okänd begäran.", { status: 400 });

  const viaProvider = intent === "refund" && adapter !== undefined;
  const form: RefundFormName = viaProvider ? "provider" : "manual";
  const refusedAudit = (details: Record<string, unknown>) =>
    audit({ action: "payment.refund", outcome: "refused", subjectType: "payment", subjectId: payment.id, details });
  const refused = (result: FormResult, status: number) => data({ ok: false, form, result } satisfies ActionResult, { status });

  if (viaProvider) {
    const submission = parseForm(formData, providerRefundSchema);
    if (submission.status !== "success") {
      await refusedAudit({ fields: Object.keys(submission.error ?? {}) });
      return refused(submission.reply(), 400);
    }
    const { reason, key } = submission.value;
    let refund: RefundRow & { repeated: boolean };
    try {
      refund = await container.refunds.request(payment.id, { by: `staff:${staff.id}`, reason, idempotencyKey: key });
    } catch (error) {
      if (error instanceof RefundAlreadyRequestedError) {
        await refusedAudit({ status: payment.status, refundId: error.refund.id, refundStatus: error.refund.status });
        return refused(submission.reply({ formErrors: [refundNotPossibleText({ paymentStatus: payment.status, liveRefundStatus: error.refund.status })] }), 409);
      }
      if (!(error instanceof RefundNotPossibleError || error instanceof NoRefundApiError)) throw error;
      await refusedAudit({ status: payment.status });
      return refused(submission.reply({ formErrors: [refundNotPossibleText({ paymentStatus: payment.status })] }), 409);
    }
    const via = adapter.label.toLowerCase();
    // The same form sent again (a double click, a reload of the answer) gets the same answer, logged once.
    if (refund.status === "refused") {
      if (!refund.repeated) await refusedAudit({ via, refundId: refund.id, code: refund.error_code });
      return refused(submission.reply({ formErrors: [`${adapter.label} återbetalade inte gåvan: ${refundRefusalText(adapter.label, refund.error_code)}`] }), 409);
    }
    if (!refund.repeated) {
      await audit({ action: "payment.refund", subjectType: "payment", subjectId: payment.id, details: { amountOre: refund.amount_ore, method: payment.method, via, refundId: refund.id, status: refund.status, reason } });
    }
    return { ok: true, done: refund.status === "confirmed" ? "confirmed" : "requested" } satisfies ActionResult;
  }

  const submission = parseForm(formData, manualRefundSchema);
  if (submission.status !== "success") {
    await refusedAudit({ fields: Object.keys(submission.error ?? {}) });
    return refused(submission.reply(), 400);
  }
  // Already paid back (or never paid): said as such, before the by-hand rule below would blame the button.
  if (payment.status !== "paid") {
    await refusedAudit({ status: payment.status });
    return refused(submission.reply({ formErrors: [refundNotPossibleText({ paymentStatus: payment.status })] }), 409);
  }
  if (adapter && !(await manualAllowed(container, payment.id))) {
    // Beside a refund the provider is making (or made), it would be paid back twice: a conflict, said as such.
    const live = (await container.refunds.forPayment(payment.id)).find((r) => r.status !== "refused");
    await refusedAudit({ fields: ["form"], ...(live ? { refundId: live.id, refundStatus: live.status } : {}) });
    if (live) return refused(submission.reply({ formErrors: [refundNotPossibleText({ paymentStatus: payment.status, liveRefundStatus: live.status })] }), 409);
    return refused(submission.reply({ formErrors: [`Den här betalningen återbetalas genom ${adapter.label}. Använd knappen för det.`] }), 400);
  }
  const { reason } = submission.value;
  try {
    await container.payments.recordRefund(payment.id, { by: `staff:${staff.id}`, reason });
  } catch (error) {
    if (!(error instanceof RefundNotPossibleError)) throw error;
    await refusedAudit({ status: error.status });
    return refused(submission.reply({ formErrors: [refundNotPossibleText({ paymentStatus: error.status })] }), 409);
  }
  await audit({ action: "payment.refund", subjectType: "payment", subjectId: payment.id, details: { amountOre: payment.amount_ore, method: payment.method, via: "manual", reason } });
  return { ok: true, done: "manual" } satisfies ActionResult;
}

/**
 * By hand, a payment whose provider refunds through its API is recorded only
 * after the provider said no (e.g. Swish's 13 months have passed, and finance
 * paid it back by bank transfer), or when a refund's answer was lost for good
 * (a refund stuck in "sending", checked in the provider's portal) – never
 * beside a refund the provider may still pay out: a refund is made once.
 */
async function manualAllowed(container: Awaited<ReturnType<typeof requireStaff>>["container"], paymentId: string): Promise<boolean> {
  const now = container.clock.now().getTime();
  const refunds = await container.refunds.forPayment(paymentId);
  const live = refunds.filter((r) => r.status !== "refused");
  if (live.length > 0) return live.every((r) => refundView(r, now).unknown);
  return refunds.some((r) => r.status === "refused");
}

export default function AdminPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, gift, events, others, refundVia, refunds, refundKey } = loaderData;
  const live = refunds.find((r) => r.status !== "refused");
  const refused = refunds.filter((r) => r.status === "refused");
  // Through the provider while none is live; by hand when the provider has no refund API, said no, or its answer was lost.
  const providerOpen = refundVia !== null && !live;
  const manualOpen = refundVia === null || (live ? live.unknown : refused.length > 0);
  const done = actionData?.ok ? actionData.done : undefined;
  const resultFor = (form: RefundFormName) => (actionData && !actionData.ok && actionData.form === form ? actionData.result : undefined);
  return (
    <>
      <p>
        <Link to="/admin/betalningar">← Betalningar</Link>
      </p>
      <h1>
        Betalning {formatSek(payment.amountOre)} – {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
      </h1>
      {done === "manual" && (
        <p role="status" className="notice notice--success">
          Återbetalningen är registrerad. Gåvan är markerad som återbetald och det som inte skickats av beställningen är stoppat.
        </p>
      )}
      {(done === "confirmed" || (done === "checked" && payment.status === "refunded")) && (
        <p role="status" className="notice notice--success">
          {refundVia} har betalat tillbaka gåvan. Gåvan är markerad som återbetald och det som inte skickats av beställningen är stoppat.
        </p>
      )}
      {done === "requested" && (
        <p role="status" className="notice notice--success">
          Återbetalningen är skickad till {refundVia}. Betalningen räknas som betald tills {refundVia} har bekräftat att pengarna är tillbaka hos givaren.
        </p>
      )}
      {done === "checked" && payment.status !== "refunded" && (
        <p role="status" className="notice">
          {refundVia} är tillfrågad igen. Se återbetalningens läge nedan.
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
        <dt>Återbetalning</dt>
        <dd>{refundVia ? `Genom ${refundVia}` : "Återbetalas för hand"}</dd>
      </dl>

      {/* tabIndex: on a phone the table scrolls sideways on its own, and a keyboard must be able to scroll it. */}
      <table className="admin-table" tabIndex={0}>
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
              <td>{PAYMENT_EVENT_LABELS[e.type] ?? PAYMENT_STATUS_LABELS[e.to] ?? e.to}</td>
              <td>{EVENT_SOURCE_LABELS[e.source] ?? e.source}</td>
              <td className="admin-table__details">
                <DetailLines details={e.data} />
              </td>
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
          {live && <LiveRefund refund={live} via={refundVia ?? ""} />}
          {refused.length > 0 && (
            <>
              <h3>Försök som {refundVia} nekade</h3>
              <ul>
                {refused.map((r) => (
                  <li key={r.id}>
                    {formatDateTime(r.createdAt)}: {r.refusal}
                  </li>
                ))}
              </ul>
            </>
          )}
          {providerOpen && (
            <RefundForm
              id="aterbetala-leverantor"
              intent="refund"
              schema={providerRefundSchema}
              refundKey={refundKey}
              lastResult={resultFor("provider")}
              intro={`Hela beloppet, ${formatSek(payment.amountOre)}, skickas tillbaka till givaren genom ${refundVia}. Betalningen räknas som betald tills ${refundVia} har bekräftat återbetalningen.`}
              confirmLabel={`Betala tillbaka ${formatSek(payment.amountOre)} till givaren genom ${refundVia}`}
              button={`Återbetala genom ${refundVia}`}
            />
          )}
          {manualOpen && (
            <>
              {refundVia && <h3>Registrera en återbetalning som gjorts för hand</h3>}
              <RefundForm
                id="aterbetala-hand"
                intent={refundVia ? "refund-manual" : "refund"}
                schema={manualRefundSchema}
                lastResult={resultFor("manual")}
                intro={REFUND_HOW[payment.method] ?? ""}
                confirmLabel={`Pengarna är återbetalda hos betalleverantören (${formatSek(payment.amountOre)})`}
                button="Registrera återbetalning"
              />
            </>
          )}
        </section>
      )}
    </>
  );
}

function LiveRefund({ refund, via }: { refund: RefundView; via: string }) {
  if (refund.status === "confirmed") return null;
  return (
    <div className="admin-refund">
      {refund.unknown ? (
        <p>
          <strong>Oklart om {via} tog emot återbetalningen</strong> som begärdes {formatDateTime(refund.createdAt)}: svaret har inte kommit fram. Kontrollera
          i {PORTALS[via] ?? via} om den är gjord. Är den gjord där – eller när du har gjort den där – registrera det nedan. Då skickas den aldrig härifrån.
        </p>
      ) : (
        <p>
          <strong>Återbetalning begärd</strong> {formatDateTime(refund.createdAt)} ({formatSek(refund.amountOre)}). Väntar på att {via} bekräftar att pengarna är
          tillbaka hos givaren. Skäl: {refund.reason}
        </p>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="refund-check" />
        <input type="hidden" name="refund" value={refund.id} />
        <button type="submit" className="button button--small">
          Fråga {via} igen
        </button>
      </Form>
    </div>
  );
}

/** The summary's names for a refund form's fields, in the page's order. */
const REFUND_LABELS = { reason: "Skäl", confirm: "Bekräftelse" };

/**
 * A refund form: through the provider (`providerRefundSchema`, with the
 * page's `refundKey`: one per form shown, so the form sent twice is one
 * refund) or the record of a refund made by hand (`manualRefundSchema`).
 */
function RefundForm(props: {
  id: string;
  intent: string;
  schema: z.ZodType<unknown, z.input<typeof manualRefundSchema>>;
  refundKey?: string;
  lastResult?: FormResult;
  intro: string;
  confirmLabel: string;
  button: string;
}) {
  const { fields, formProps, summary } = useSiteForm({ id: props.id, schema: props.schema, lastResult: props.lastResult, labels: REFUND_LABELS, hiddenFields: ["key"] });
  return (
    <>
      <ErrorSummary {...summary} />
      <Form method="post" {...formProps}>
        <p>{props.intro}</p>
        <input type="hidden" name="intent" value={props.intent} />
        {props.refundKey && <input type="hidden" name="key" value={props.refundKey} />}
        <TextAreaField field={fields.reason} label="Varför betalas gåvan tillbaka?" rows={2} maxLength={REFUND_REASON_MAX_LENGTH} />
        <CheckboxField field={fields.confirm} label={props.confirmLabel} />
        <button type="submit" className="button button--primary">
          {props.button}
        </button>
      </Form>
    </>
  );
}
