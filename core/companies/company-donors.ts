import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema";
import { METHOD_LABELS } from "../donors/gift-history";
import { swedishYear } from "../donors/tax-reduction";
import { invoiceDueDate } from "../payments/invoice-provider";
import { companyGiftQualifies, companyTaxYear, COMPANY_TAX_RULES, type CompanyTaxYear } from "./company-tax-rules";
import { parseOrganisationsnummer, type Organisationsnummer } from "./organisationsnummer";
import { companyStatementsOf, type CompanyStatementRecord } from "./company-statement";

/**
 * Companies as donors (decision 0047): a company is its organisationsnummer
 * (decision 0045), so the back office's list and a company's page group its
 * company gifts by that number. Only `company` gifts with a company_gifts row
 * are read: a private gift is never a company's, whoever gave it.
 */

export interface CompanyListRow {
  organisationsnummer: string;
  display: string;
  /** The name on its latest gift. */
  name: string;
  gifts: number;
  paidOre: number;
  lastGiftAt: string;
}

/** The digits of an organisationsnummer being searched for ("556677-88", "16556677…"), or null for a name. */
function numberQuery(query: string): string | null {
  const compact = query.replace(/[\s-]/g, "");
  if (!/^\d{2,12}$/.test(compact)) return null;
  return compact.length === 12 && compact.startsWith("16") ? compact.slice(2) : compact.slice(0, 10);
}

/** Companies that have given, newest gift first: by part of a name, or the start of an organisationsnummer; a page at a time. */
export async function searchCompanies(db: Kysely<DB>, query: string, limit: number, offset: number): Promise<{ total: number; rows: CompanyListRow[] }> {
  const text = query.trim().slice(0, 100);
  const digits = numberQuery(text);
  const base = () => {
    let q = db.selectFrom("company_gifts").innerJoin("gifts", "gifts.id", "company_gifts.gift_id").where("gifts.gift_type", "=", "company");
    if (digits) q = q.where("company_gifts.organisationsnummer", "like", `${digits}%`);
    else if (text) q = q.where(sql<string>`lower(company_gifts.company_name)`, "like", `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return q;
  };
  const counted = await base().select((eb) => eb.fn.count<number>(eb.fn("distinct", ["company_gifts.organisationsnummer" as never])).as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const grouped = await base()
    .select((eb) => [
      "company_gifts.organisationsnummer",
      eb.fn.countAll<number>().as("gifts"),
      eb.fn.sum<number>(eb.case().when("gifts.status", "=", "paid").then(eb.ref("gifts.amount_ore")).else(0).end()).as("paid_ore"),
      eb.fn.max("gifts.created_at").as("last_gift_at"),
    ])
    .groupBy("company_gifts.organisationsnummer")
    .orderBy("last_gift_at", "desc")
    .orderBy("company_gifts.organisationsnummer")
    .limit(limit)
    .offset(offset)
    .execute();
  const names = await latestNames(db, grouped.map((g) => g.organisationsnummer));
  return {
    total,
    rows: grouped.map((g) => ({
      organisationsnummer: g.organisationsnummer,
      display: parseOrganisationsnummer(g.organisationsnummer)?.display ?? g.organisationsnummer,
      name: names.get(g.organisationsnummer) ?? "",
      gifts: Number(g.gifts),
      paidOre: Number(g.paid_ore ?? 0),
      lastGiftAt: String(g.last_gift_at),
    })),
  };
}

/** Each company's name on its latest gift. */
async function latestNames(db: Kysely<DB>, numbers: readonly string[]): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom("company_gifts")
    .innerJoin("gifts", "gifts.id", "company_gifts.gift_id")
    .select(["company_gifts.organisationsnummer", "company_gifts.company_name"])
    .where("company_gifts.organisationsnummer", "in", numbers)
    .orderBy("gifts.created_at")
    .execute();
  return new Map(rows.map((r) => [r.organisationsnummer, r.company_name]));
}

export interface CompanyInvoice {
  ocr: string;
  dueDate: string;
  /** `open` while the gift waits for its payment; `paid` once it is paid; `closed` when cancelled or refunded. */
  state: "open" | "paid" | "closed";
}

export interface CompanyGiftLine {
  orderReference: string;
  createdAt: string;
  paidAt: string | null;
  amountOre: number;
  status: "awaiting_payment" | "paid" | "refunded";
  statusLabel: string;
  methodLabel: string;
  contactName: string;
  companyReference: string | null;
  invoice: CompanyInvoice | null;
  /** Whether the gift counts for the company tax reduction by itself (the legal form; paid, not refunded, at least 2 000 kr). */
  counts: boolean;
}

export interface CompanyOverview {
  organisationsnummer: string;
  number: Organisationsnummer | null;
  name: string;
  contactName: string;
  email: string;
  gifts: CompanyGiftLine[];
  /** This Swedish calendar year's qualifying total against the ceiling. */
  year: CompanyTaxYear & { ceilingOre: number; leftUnderCeilingOre: number };
  statements: CompanyStatementRecord[];
}

const STATUS_LABELS = { paid: "Betald", awaiting_payment: "Inte betald", refunded: "Återbetald" } as const;

/** A company's gifts, newest first, its invoices, this year's total against the ceiling and the statements sent; null when it has given nothing. */
export async function companyOverview(db: Kysely<DB>, organisationsnummer: string, now: Date): Promise<CompanyOverview | null> {
  const gifts = await db
    .selectFrom("company_gifts")
    .innerJoin("gifts", "gifts.id", "company_gifts.gift_id")
    .select([
      "gifts.id",
      "gifts.order_reference",
      "gifts.created_at",
      "gifts.paid_at",
      "gifts.amount_ore",
      "gifts.status",
      "gifts.donor_email",
      "company_gifts.company_name",
      "company_gifts.contact_name",
      "company_gifts.company_reference",
    ])
    .where("gifts.gift_type", "=", "company")
    .where("company_gifts.organisationsnummer", "=", organisationsnummer)
    .orderBy("gifts.created_at", "desc")
    .execute();
  const latest = gifts[0];
  if (!latest) return null;
  const payments = await db
    .selectFrom("payments")
    .select(["gift_id", "method", "status", "provider_reference", "created_at"])
    .where("gift_id", "in", gifts.map((g) => g.id))
    .orderBy("created_at", "desc")
    .execute();
  const number = parseOrganisationsnummer(organisationsnummer);
  const lines = gifts.map((gift): CompanyGiftLine => {
    const attempts = payments.filter((p) => p.gift_id === gift.id);
    const payment = attempts.find((p) => p.status === "paid" || p.status === "refunded") ?? attempts[0];
    const invoicePayment = attempts.find((p) => p.method === "invoice");
    const line = { amountOre: gift.amount_ore, paidAt: gift.paid_at, status: gift.status };
    return {
      orderReference: gift.order_reference,
      createdAt: gift.created_at,
      paidAt: gift.paid_at,
      amountOre: gift.amount_ore,
      status: gift.status,
      statusLabel: STATUS_LABELS[gift.status],
      methodLabel: payment ? (METHOD_LABELS[payment.method] ?? payment.method) : "–",
      contactName: gift.contact_name,
      companyReference: gift.company_reference,
      invoice: invoicePayment
        ? {
            ocr: invoicePayment.provider_reference ?? "",
            dueDate: invoiceDueDate(invoicePayment).toISOString(),
            state: gift.status === "paid" && invoicePayment.status === "paid" ? "paid" : gift.status === "awaiting_payment" && invoicePayment.status !== "cancelled" && invoicePayment.status !== "expired" ? "open" : "closed",
          }
        : null,
      counts: (number?.taxReductionForm ?? false) && companyGiftQualifies(line),
    };
  });
  const thisYear = swedishYear(now.toISOString());
  const tax = companyTaxYear(gifts.map((g) => ({ amountOre: g.amount_ore, paidAt: g.paid_at, status: g.status })), thisYear);
  return {
    organisationsnummer,
    number,
    name: latest.company_name,
    contactName: latest.contact_name,
    email: latest.donor_email,
    gifts: lines,
    year: { ...tax, ceilingOre: COMPANY_TAX_RULES.yearCeilingOre, leftUnderCeilingOre: Math.max(0, COMPANY_TAX_RULES.yearCeilingOre - tax.qualifyingOre) },
    statements: await companyStatementsOf(db, organisationsnummer),
  };
}
