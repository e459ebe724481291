import type { RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { DbKeyValueStore } from "../../db/kv-entries";
import { createAutogiroAgreement } from "../../core/agreements/agreement-service";
import { mandateText, type MonthlyAutogiroData as MonthlyGiftFormData } from "../../core/agreements/monthly-gift-form";
import { upsertIdentifiedDonor } from "../../core/donors/donor-repository";
import { BankIdStartError } from "../../core/donors/bankid-login";

/**
 * Signing a monthly gift's autogiro mandate with BankID. The form's checked
 * values wait under the BankID order's reference (for 15 minutes) while the
 * donor signs; the order is started here, on the server, with the mandate
 * text, so what BankID shows is what we stored. When BankID says the order
 * is complete and the signer is the person in the form, the donor, mandate
 * and pending agreement are stored (once per form, by its idempotency key).
 */
const DRAFT_LIFETIME_MS = 15 * 60_000;

interface Draft {
  data: MonthlyGiftFormData;
  expiresAt: number;
}

function store(context: Readonly<RouterContextProvider>) {
  const { db, clock } = context.get(containerContext);
  return new DbKeyValueStore(db, clock);
}

/** Where the BankID app returns a donor who signed on this device; the page finds the order by the browser's cookie. */
export const SIGNING_RETURN_PATH = "/ge-en-gava/manadsgava?fran=bankid";

/** The signing order this browser started last, for a donor the BankID app sent back without its reference. */
export async function latestSigningOrder(context: Readonly<RouterContextProvider>, request: Request): Promise<string | null> {
  const { bankId } = context.get(containerContext).donors;
  const browser = bankId.browserId(request.headers.get("cookie"));
  if (browser.setCookie) return null;
  const row = await bankId.latestOrder(browser.id);
  return row?.kind === "sign" ? row.order_ref : null;
}

export async function startMandateSigning(
  context: Readonly<RouterContextProvider>,
  request: Request,
  data: MonthlyGiftFormData,
  options: { ip: string; sameDevice: boolean },
): Promise<{ orderRef: string; setCookie: string | null } | { error: string }> {
  const container = context.get(containerContext);
  const { bankId } = container.donors;
  const browser = bankId.browserId(request.headers.get("cookie"));
  try {
    const order = await bankId.start("sign", {
      endUserIp: options.ip,
      browserId: browser.id,
      sameDevice: options.sameDevice,
      userVisibleData: mandateText(container.site, data),
      // On the same device the BankID app sends the donor back here, not to the login page.
      returnUrl: `${container.config.publicUrl}${SIGNING_RETURN_PATH}`,
    });
    await store(context).set(`monthly-signup:${order.orderRef}`, { data, expiresAt: container.clock.now().getTime() + DRAFT_LIFETIME_MS } satisfies Draft);
    return { orderRef: order.orderRef, setCookie: browser.setCookie };
  } catch (error) {
    if (error instanceof BankIdStartError) return { error: error.userMessage.text };
    throw error;
  }
}

export async function signupDraft(context: Readonly<RouterContextProvider>, orderRef: string): Promise<MonthlyGiftFormData | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderRef)) return null;
  const draft = (await store(context).get(`monthly-signup:${orderRef}`)) as Draft | undefined;
  if (!draft || draft.expiresAt < context.get(containerContext).clock.now().getTime()) return null;
  return draft.data;
}

export type CompletionResult =
  | { status: "created"; agreementId: string }
  | { status: "pending" }
  | { status: "failed"; message: string };

/** Turns a completed signature into the donor's pending agreement. */
export async function completeMandateSigning(context: Readonly<RouterContextProvider>, request: Request, orderRef: string): Promise<CompletionResult> {
  const container = context.get(containerContext);
  const { bankId } = container.donors;
  const browser = bankId.browserId(request.headers.get("cookie"));
  const data = await signupDraft(context, orderRef);
  if (!data || browser.setCookie) return { status: "failed", message: "Underskriften hittades inte längre. Fyll i formuläret igen, så börjar vi om." };
  const poll = await bankId.poll(orderRef, browser.id);
  if (!poll) return { status: "failed", message: "Underskriften hittades inte längre. Fyll i formuläret igen, så börjar vi om." };
  if (poll.status === "pending") return { status: "pending" };
  if (poll.status === "failed") return { status: "failed", message: poll.message?.text ?? "Underskriften avbröts. Försök igen." };
  const signed = await bankId.signedResult(orderRef, browser.id);
  if (!signed) return { status: "pending" };
  if (signed.personalNumber !== data.personnummer) {
    return { status: "failed", message: "Medgivandet skrevs under med ett annat BankID än personnumret i formuläret. Den som äger kontot behöver skriva under." };
  }
  const [givenName, ...rest] = signed.name.split(" ");
  const donor = await upsertIdentifiedDonor(container.db, container.clock, {
    personnummer: signed.personalNumber,
    givenName: givenName ?? data.name,
    surname: rest.join(" "),
  });
  if (!donor.email) {
    await container.db.updateTable("donors").set({ email: data.email, updated_at: container.clock.now().toISOString() }).where("id", "=", donor.id).execute();
  }
  const { agreement } = await createAutogiroAgreement(container, {
    donorId: donor.id,
    kind: "monthly_gift",
    amountOre: data.amountOre,
    debitDay: data.debitDay,
    account: data.account,
    personnummer: data.personnummer,
    signatureRef: orderRef,
    idempotencyKey: data.idempotencyKey,
  });
  // The signature has done its work: the login page must not pick this order up as the browser's latest BankID order.
  await container.db
    .updateTable("bankid_orders")
    .set({ consumed_at: container.clock.now().toISOString() })
    .where("order_ref", "=", orderRef)
    .where("consumed_at", "is", null)
    .execute();
  return { status: "created", agreementId: agreement.id };
}
