import { swedishYear } from "../donors/tax-reduction";

/**
 * Skattereduktion för gåvor från företag (67 kap. inkomstskattelagen, SFS
 * 2025:1367, from 1 January 2026): an aktiebolag or ekonomisk förening gets
 * the corporate tax rate (20.6 %) back on money gifts to an approved
 * recipient of at least 2 000 kr per occasion, on at most 800 000 kr of gifts
 * a calendar year. The company claims it in its own return; we report the
 * qualifying total in KU65. The limits are the law's, so they live here (like
 * core/donors/tax-reduction.ts). The company form's smallest amount is
 * configuration (COMPANY_GIFT_MIN_KR, 2 000 kr by default); what counts for
 * the reduction is decided here, whatever the form allowed.
 */
export const COMPANY_TAX_RULES = {
  minGiftOre: 2_000_00,
  yearCeilingOre: 800_000_00,
  rate: 0.206,
} as const;

export interface CompanyGiftForTax {
  amountOre: number;
  /** ISO timestamp the gift was paid; null while unpaid. */
  paidAt: string | null;
  status: "awaiting_payment" | "paid" | "refunded";
}

export interface CompanyTaxYear {
  year: number;
  /** The paid, unrefunded gifts of at least 2 000 kr paid in the year, before the ceiling. */
  qualifyingOre: number;
  qualifyingCount: number;
  /** qualifyingOre capped at 800 000 kr: what the reduction (and KU65) is based on. */
  baseOre: number;
  /** 20.6 % of the base, for information: the company claims it, not us. */
  reductionOre: number;
}

/** Whether one gift counts, by itself: paid, not refunded, at least 2 000 kr on the occasion. */
export function companyGiftQualifies(gift: CompanyGiftForTax): boolean {
  return gift.status === "paid" && gift.paidAt !== null && gift.amountOre >= COMPANY_TAX_RULES.minGiftOre;
}

/** The gifts that count in that Swedish calendar year, in the order given: what the yearly statement lists. */
export function qualifyingCompanyGifts<G extends CompanyGiftForTax>(gifts: readonly G[], year: number): G[] {
  return gifts.filter((gift) => companyGiftQualifies(gift) && swedishYear(gift.paidAt as string) === year);
}

/** A company's year: the gifts paid in that Swedish calendar year that count, capped at the ceiling. */
export function companyTaxYear(gifts: readonly CompanyGiftForTax[], year: number): CompanyTaxYear {
  const counting = qualifyingCompanyGifts(gifts, year);
  const qualifyingOre = counting.reduce((sum, gift) => sum + gift.amountOre, 0);
  const qualifyingCount = counting.length;
  const baseOre = Math.min(qualifyingOre, COMPANY_TAX_RULES.yearCeilingOre);
  return { year, qualifyingOre, qualifyingCount, baseOre, reductionOre: Math.floor(baseOre * COMPANY_TAX_RULES.rate) };
}
