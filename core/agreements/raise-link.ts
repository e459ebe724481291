import { readAgreementLink, signAgreementLink, type AgreementLinkCheck } from "./agreement-link";

/**
 * "Höj ditt månadsbelopp" from an e-mail, without logging in: an agreement
 * link (agreement-link.ts) whose purpose allows nothing but a raise of this
 * one agreement. Lowering, pausing or stopping needs BankID on Mina sidor.
 */
export const RAISE_LINK_PURPOSE = "monthly-raise";
export const RAISE_LINK_TTL_DAYS = 60;
const RAISE_LINK = { purpose: RAISE_LINK_PURPOSE, ttlDays: RAISE_LINK_TTL_DAYS };

export type RaiseLinkCheck = AgreementLinkCheck;

export function signRaiseLink(key: Buffer, agreementId: string, now: Date): string {
  return signAgreementLink(RAISE_LINK, key, agreementId, now);
}

export function readRaiseLink(key: Buffer, token: string | null | undefined, now: Date): RaiseLinkCheck {
  return readAgreementLink(RAISE_LINK, key, token, now);
}
