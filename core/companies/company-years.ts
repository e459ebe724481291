import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";
import { paidWindowAround, swedishYear } from "../donors/tax-reduction";
import { companyTaxYear, qualifyingCompanyGifts, type CompanyTaxYear } from "./company-tax-rules";
import { parseOrganisationsnummer, type Organisationsnummer } from "./organisationsnummer";

/** A gift that counts in a company's year: what its yearly statement lists. */
export interface CountingCompanyGift {
  orderReference: string;
  amountOre: number;
  paidAt: string;
  status: "paid";
}

/** One company's income year, as KU65 reports it and its yearly statement says it. */
export interface CompanyYear {
  /** Ten digits. */
  organisationsnummer: string;
  number: Organisationsnummer | null;
  /** The name it gave on its latest gift of the year. */
  name: string;
  /** The contact e-mail of its latest gift of the year: where its statement goes. */
  email: string;
  /** The gifts that count, oldest first. */
  gifts: CountingCompanyGift[];
  tax: CompanyTaxYear;
  /**
   * Reported in KU65 and sent a yearly statement: a legal form that pays
   * corporate tax, and at least a krona that counts. The one test both use,
   * so the statement and the KU file never disagree on who is in them.
   */
  reportable: boolean;
}

/**
 * Every company's year (or one company's, by its ten digits): its paid
 * company gifts read in the same window as KU65's persons
 * (paidWindowAround), counted by core/companies/company-tax-rules.ts. A
 * refunded gift is no longer `paid` and so is not read. Private gifts have
 * no company_gifts row and are never read here (decision 0045).
 */
export async function companyYears(db: Kysely<DB> | Transaction<DB>, year: number, only?: string): Promise<CompanyYear[]> {
  const { from, to } = paidWindowAround(year);
  let query = db
    .selectFrom("gifts")
    .innerJoin("company_gifts", "company_gifts.gift_id", "gifts.id")
    .select(["gifts.order_reference", "gifts.amount_ore", "gifts.paid_at", "gifts.donor_email", "company_gifts.organisationsnummer", "company_gifts.company_name"])
    .where("gifts.gift_type", "=", "company")
    .where("gifts.status", "=", "paid")
    .where("gifts.paid_at", ">=", from)
    .where("gifts.paid_at", "<=", to);
  if (only !== undefined) query = query.where("company_gifts.organisationsnummer", "=", only);
  const rows = await query.orderBy("gifts.paid_at").orderBy("gifts.order_reference").execute();
  const byCompany = new Map<string, { name: string; email: string; gifts: CountingCompanyGift[] }>();
  for (const row of rows) {
    if (!row.paid_at || swedishYear(row.paid_at) !== year) continue;
    const company = byCompany.get(row.organisationsnummer) ?? { name: row.company_name, email: row.donor_email, gifts: [] };
    company.name = row.company_name;
    company.email = row.donor_email;
    company.gifts.push({ orderReference: row.order_reference, amountOre: row.amount_ore, paidAt: row.paid_at, status: "paid" });
    byCompany.set(row.organisationsnummer, company);
  }
  const years: CompanyYear[] = [];
  for (const [organisationsnummer, company] of byCompany) {
    const gifts = qualifyingCompanyGifts(company.gifts, year);
    if (gifts.length === 0) continue;
    const number = parseOrganisationsnummer(organisationsnummer);
    const tax = companyTaxYear(gifts, year);
    years.push({ organisationsnummer, number, name: company.name, email: company.email, gifts, tax, reportable: (number?.taxReductionForm ?? false) && Math.floor(tax.baseOre / 100) > 0 });
  }
  return years.sort((a, b) => a.organisationsnummer.localeCompare(b.organisationsnummer));
}
