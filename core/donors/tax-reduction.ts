/**
 * Skattereduktion för gåvor (Inkomstskattelagen 67 kap.): a money gift to an
 * approved charity counts when it is at least 200 kr on one occasion; the
 * donor gets the reduction when the counting gifts reach 2 000 kr in the year;
 * the reduction is 25 % of them, at most 1 500 kr (i.e. 6 000 kr of gifts).
 * The limits are per year in the law; change them here if the law changes.
 *
 * We only see the gifts to us. A donor who also gives to other approved
 * charities may reach 2 000 kr together, which the summary says in words.
 */
export const TAX_RULES = {
  minGiftOre: 200_00,
  minYearOre: 2_000_00,
  rate: 0.25,
  maxReductionOre: 1_500_00,
} as const;

/**
 * Membership fees are not gifts in the law's sense and give no reduction (protocols: tax reduction);
 * a company's gift is the company's, never a person's (decision 0045; core/companies/company-tax-rules.ts).
 * Every other paid gift type is a person's money gift.
 */
export function countsForTaxReduction(giftType: string): boolean {
  return giftType !== "membership" && giftType !== "company";
}

export interface GiftForTax {
  amountOre: number;
  /** ISO timestamp the gift was paid. */
  paidAt: string;
}

export interface TaxYearSummary {
  year: number;
  /** Sum of the gifts of at least 200 kr. */
  qualifyingOre: number;
  qualifyingCount: number;
  /** Gifts below 200 kr, which do not count. */
  otherOre: number;
  reachesYearMinimum: boolean;
  /** 25 % of qualifyingOre, capped; 0 when the year's gifts to us stay under 2 000 kr. */
  reductionOre: number;
}

/** The year in Sweden: a gift at 00:30 on 1 January Swedish time belongs to the new year. */
let stockholmYear: Intl.DateTimeFormat | undefined;

export function swedishYear(iso: string): number {
  // Sweden is one or two hours ahead of UTC, so only the last hours of 31 December (UTC) can be
  // in another year there: any other UTC timestamp (as stored, from toISOString) has its own year.
  // Mina sidor and the KU65 report ask this for every gift; the formatter is the slow part.
  if (iso.length === 24 && iso[4] === "-" && iso[7] === "-" && iso[10] === "T" && iso[23] === "Z" && iso.slice(5, 10) !== "12-31") {
    const year = Number(iso.slice(0, 4));
    if (Number.isInteger(year)) return year;
  }
  stockholmYear ??= new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", year: "numeric" });
  return Number(stockholmYear.format(new Date(iso)));
}

/**
 * The payment times to read for an income year: a day either side in UTC; the Swedish year is decided
 * per gift (swedishYear). KU65 and a company's yearly statement read the same window.
 */
export function paidWindowAround(year: number): { from: string; to: string } {
  return { from: `${year - 1}-12-31T00:00:00.000Z`, to: `${year + 1}-01-01T23:59:59.999Z` };
}

export function taxSummaries(gifts: readonly GiftForTax[]): TaxYearSummary[] {
  const byYear = new Map<number, TaxYearSummary>();
  for (const gift of gifts) {
    const year = swedishYear(gift.paidAt);
    const summary = byYear.get(year) ?? { year, qualifyingOre: 0, qualifyingCount: 0, otherOre: 0, reachesYearMinimum: false, reductionOre: 0 };
    if (gift.amountOre >= TAX_RULES.minGiftOre) {
      summary.qualifyingOre += gift.amountOre;
      summary.qualifyingCount += 1;
    } else {
      summary.otherOre += gift.amountOre;
    }
    byYear.set(year, summary);
  }
  for (const summary of byYear.values()) {
    summary.reachesYearMinimum = summary.qualifyingOre >= TAX_RULES.minYearOre;
    summary.reductionOre = summary.reachesYearMinimum
      ? Math.min(Math.floor(summary.qualifyingOre * TAX_RULES.rate), TAX_RULES.maxReductionOre)
      : 0;
  }
  return [...byYear.values()].sort((a, b) => b.year - a.year);
}
