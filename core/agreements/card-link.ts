import { readAgreementLink, signAgreementLink, type AgreementLinkCheck } from "./agreement-link";

/**
 * "Ge ett nytt kort" from the e-mail about a declined or expired card: an
 * agreement link (agreement-link.ts) whose purpose allows nothing but paying
 * this agreement's unpaid month in the card window and so storing a new card
 * (decision 0028). It shows only the amount and date; anything else needs
 * BankID on Mina sidor.
 */
export const CARD_LINK_PURPOSE = "monthly-card";
export const CARD_LINK_TTL_DAYS = 30;
const CARD_LINK = { purpose: CARD_LINK_PURPOSE, ttlDays: CARD_LINK_TTL_DAYS };

export type CardLinkCheck = AgreementLinkCheck;

export function signCardLink(key: Buffer, agreementId: string, now: Date): string {
  return signAgreementLink(CARD_LINK, key, agreementId, now);
}

export function readCardLink(key: Buffer, token: string | null | undefined, now: Date): CardLinkCheck {
  return readAgreementLink(CARD_LINK, key, token, now);
}
