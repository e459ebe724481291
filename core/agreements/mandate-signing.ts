import type { KeyValueStore } from "../key-value-store";
import { BankIdStartError, type BankIdLogin } from "../donors/bankid-login";
import { takeEmailFromForm, upsertIdentifiedDonor } from "../donors/donor-repository";
import { createAgreement } from "./agreement-service";
import { findAgreementByIdempotencyKey, type AgreementDeps, type AgreementRow } from "./agreement-records";
import { mandateText, type MonthlyAutogiroData } from "./monthly-gift-form";

/**
 * Signing a monthly gift's autogiro mandate with BankID (decision 0017). The
 * form's checked values wait under the BankID order's reference (for 15
 * minutes) while the donor signs; the order is started with the mandate
 * text, so what BankID shows is what we stored. When BankID says the order
 * is complete and the signer is the person in the form, the donor, mandate
 * and pending agreement are stored – once: the page finishing a signing is a
 * GET that a reload, a second tab or the page's own refresh repeats, so a
 * second call for the same order finds the agreement and writes nothing.
 */
export const SIGNING_DRAFT_LIFETIME_MS = 15 * 60_000;

export interface MandateSigningDeps extends AgreementDeps {
  bankId: Pick<BankIdLogin, "start" | "poll" | "signedResult" | "consumeSignature">;
  /** Where the form's values wait while the donor signs (kv_entries, so every instance sees them). */
  drafts: KeyValueStore;
  /** The payee the mandate names. */
  site: Parameters<typeof mandateText>[0];
}

interface Draft {
  data: MonthlyAutogiroData;
  expiresAt: number;
}

const draftKey = (orderRef: string) => `monthly-signup:${orderRef}`;

const NOT_FOUND = "Underskriften hittades inte längre. Fyll i formuläret igen, så börjar vi om.";

/** Starts the BankID order that signs the mandate, and keeps the form's values under its reference. */
export async function startMandateSigning(
  deps: Pick<MandateSigningDeps, "bankId" | "drafts" | "clock" | "site">,
  data: MonthlyAutogiroData,
  order: { endUserIp: string; browserId: string; sameDevice: boolean; returnUrl: string },
): Promise<{ orderRef: string } | { error: string }> {
  try {
    const { orderRef } = await deps.bankId.start("sign", { ...order, userVisibleData: mandateText(deps.site, data) });
    await deps.drafts.set(draftKey(orderRef), { data, expiresAt: deps.clock.now().getTime() + SIGNING_DRAFT_LIFETIME_MS } satisfies Draft);
    return { orderRef };
  } catch (error) {
    if (error instanceof BankIdStartError) return { error: error.userMessage.text };
    throw error;
  }
}

/** The form's values a signing order waits with; null when unknown or older than 15 minutes. */
export async function signingDraft(deps: Pick<MandateSigningDeps, "drafts" | "clock">, orderRef: string): Promise<MonthlyAutogiroData | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderRef)) return null;
  const draft = (await deps.drafts.get(draftKey(orderRef))) as Draft | undefined;
  if (!draft || draft.expiresAt < deps.clock.now().getTime()) return null;
  return draft.data;
}

export type CompletionResult =
  /** `emailReplaced`: the address typed in the form replaced another one we had (the thank-you page says so). */
  | { status: "created"; agreementId: string; emailReplaced: boolean }
  | { status: "pending" }
  | { status: "failed"; message: string };

/**
 * Turns a completed signature into the donor's pending agreement; safe to
 * call again for the same order (it answers the agreement made the first
 * time). `browserId` is the browser's BankID binding, null when the browser
 * has none: only the browser that started the order can finish it.
 */
export async function completeMandateSigning(deps: MandateSigningDeps, orderRef: string, browserId: string | null): Promise<CompletionResult> {
  const data = await signingDraft(deps, orderRef);
  if (!data || browserId === null) return { status: "failed", message: NOT_FOUND };
  const poll = await deps.bankId.poll(orderRef, browserId);
  if (!poll) return { status: "failed", message: NOT_FOUND };
  if (poll.status === "pending") return { status: "pending" };
  if (poll.status === "failed") return { status: "failed", message: poll.message?.text ?? "Underskriften avbröts. Försök igen." };
  const signed = await deps.bankId.signedResult(orderRef, browserId);
  if (!signed) return { status: "pending" };
  if (signed.personalNumber !== data.personnummer) {
    return { status: "failed", message: "Medgivandet skrevs under med ett annat BankID än personnumret i formuläret. Den som äger kontot behöver skriva under." };
  }
  const existing = await findAgreementByIdempotencyKey(deps.db, data.idempotencyKey);
  const { agreement, emailReplaced } = existing ? { agreement: existing, emailReplaced: false } : await storeSignedMandate(deps, data, signed, orderRef);
  // The signature has done its work: the login page must not pick this order up as the browser's latest BankID order.
  if (!poll.consumed) await deps.bankId.consumeSignature(orderRef, browserId);
  return { status: "created", agreementId: agreement.id, emailReplaced };
}

/** The donor (found or made from the signature) with the e-mail from the form, and the mandate with its pending agreement. */
async function storeSignedMandate(
  deps: MandateSigningDeps,
  data: MonthlyAutogiroData,
  signed: { personalNumber: string; name: string },
  orderRef: string,
): Promise<{ agreement: AgreementRow; emailReplaced: boolean }> {
  const [givenName, ...rest] = signed.name.split(" ");
  const donor = await upsertIdentifiedDonor(deps.db, deps.clock, { personnummer: signed.personalNumber, givenName: givenName ?? data.name, surname: rest.join(" ") });
  const { replaced: emailReplaced } = await takeEmailFromForm(deps.db, deps.clock, donor, data.email);
  try {
    const { agreement } = await createAgreement(deps, {
      donorId: donor.id,
      kind: "monthly_gift",
      amountOre: data.amountOre,
      debitDay: data.debitDay,
      idempotencyKey: data.idempotencyKey,
      collect: { method: "autogiro", mandate: { account: data.account, personnummer: data.personnummer, signatureRef: orderRef } },
    });
    return { agreement, emailReplaced };
  } catch (error) {
    // Two requests finishing the same signing at once (the page's script and its refresh): the
    // agreement's unique idempotency key lets one insert win, and the other answers with its agreement.
    const made = await findAgreementByIdempotencyKey(deps.db, data.idempotencyKey);
    if (made) return { agreement: made, emailReplaced: false };
    throw error;
  }
}
