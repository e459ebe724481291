import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { SiteConfig } from "../site/site-config";
import { countsForTaxReduction, paidWindowAround, swedishYear, taxSummaries } from "../donors/tax-reduction";
import { parsePersonnummer } from "../identity/personnummer";
import { parseOrganisationsnummer } from "../companies/organisationsnummer";
import { companyYears } from "../companies/company-years";
import { swedishDateTime } from "../calendar/swedish-calendar";

/**
 * Kontrolluppgift KU65 (gåva) for Skatteverket, Kontrolluppgifter schema 8.0
 * (SKV 260; protocols/README.md): per income year, each donor identified by
 * personnummer with the gifts received from them that count for the tax
 * reduction – paid money gifts of at least 200 kr each (membership fees and
 * refunded gifts do not count) – summed in whole kronor (öre dropped).
 * The sums are Mina sidor's tax summary (core/donors/tax-reduction) for the
 * same gifts, so donors see what Skatteverket is told.
 *
 * Every person keeps one specification number per year. A file is either
 * `full` (every current statement; Skatteverket replaces what it has under the
 * same numbers) or `changes` (what differs from the last file: new persons,
 * corrected sums under the same number, and deletions – Borttag – for persons
 * whose gifts no longer count). Making a file records what it says.
 *
 * Companies (decision 0045) are in the same file under the same numbering:
 * `Inkomsttagare` is `16` + the organisationsnummer (OrganisationsnummerTYPE
 * in SKV_COMMON_8.0.xsd) with the name in `OrgNamn` (field code 226), and the
 * amount is the company's qualifying total (core/companies/company-tax-rules.ts:
 * gifts of at least 2 000 kr, capped at 800 000 kr) for the legal forms that
 * get the reduction. A company gift is never in a person's total and a
 * person's never in a company's (countsForTaxReduction).
 */
export const KU_NAMESPACE_INSTANCE = "http://xmls.skatteverket.se/se/skatteverket/ai/instans/infoForBeskattning/8.0";
export const KU_NAMESPACE_COMPONENT = "http://xmls.skatteverket.se/se/skatteverket/ai/komponent/infoForBeskattning/8.0";
/** Skatteverket's form number for KU65 (SKV 2314). */
export const KU65_FORM_NUMBER = "2314";

export interface Ku65Statement {
  /** 12 digits: a person's personnummer or samordningsnummer, or `16` + a company's organisationsnummer. */
  inkomsttagare: string;
  /** A company's name (OrgNamn); absent for a person and for a deletion. */
  orgName?: string;
  specificationNumber: number;
  /** Whole kronor; null for a deletion. */
  amountKr: number | null;
  change: "new" | "correction" | "deletion" | "unchanged";
}

/** Each person's counting gifts of the year, in whole kronor, from the same summary Mina sidor shows. */
export async function ku65Totals(db: Kysely<DB> | Transaction<DB>, year: number): Promise<Map<string, number>> {
  const { from, to } = paidWindowAround(year);
  const rows = await db
    .selectFrom("gifts")
    .leftJoin("donors", "donors.id", "gifts.donor_id")
    .select(["gifts.amount_ore", "gifts.paid_at", "gifts.gift_type", "gifts.donor_personnummer", "donors.personnummer as donor_row_personnummer"])
    .where("gifts.status", "=", "paid")
    .where("gifts.paid_at", ">=", from)
    .where("gifts.paid_at", "<=", to)
    .execute();
  const byPerson = new Map<string, Array<{ amountOre: number; paidAt: string }>>();
  for (const row of rows) {
    const personnummer = row.donor_personnummer ?? row.donor_row_personnummer;
    if (!personnummer || !row.paid_at || !countsForTaxReduction(row.gift_type) || swedishYear(row.paid_at) !== year) continue;
    const list = byPerson.get(personnummer) ?? [];
    list.push({ amountOre: row.amount_ore, paidAt: row.paid_at });
    byPerson.set(personnummer, list);
  }
  const totals = new Map<string, number>();
  for (const [personnummer, gifts] of byPerson) {
    const summary = taxSummaries(gifts).find((s) => s.year === year);
    const kr = Math.floor((summary?.qualifyingOre ?? 0) / 100);
    if (kr > 0) totals.set(personnummer, kr);
  }
  return totals;
}

/**
 * Each company's qualifying total of the year in whole kronor, keyed by `16` + its
 * organisationsnummer, with the name it last gave; only legal forms that get the reduction.
 */
export async function ku65CompanyTotals(db: Kysely<DB> | Transaction<DB>, year: number): Promise<Map<string, { amountKr: number; name: string }>> {
  // The same companies and sums as their yearly statements (core/companies/company-statement.ts).
  const totals = new Map<string, { amountKr: number; name: string }>();
  for (const company of await companyYears(db, year)) {
    if (company.reportable && company.number) totals.set(company.number.twelveDigits, { amountKr: Math.floor(company.tax.baseOre / 100), name: company.name });
  }
  return totals;
}

/** What a file for the year would contain now, without recording anything. */
export async function ku65Plan(db: Kysely<DB> | Transaction<DB>, year: number, kind: "full" | "changes"): Promise<Ku65Statement[]> {
  const totals = new Map<string, { amountKr: number; name?: string }>();
  for (const [personnummer, amountKr] of await ku65Totals(db, year)) totals.set(personnummer, { amountKr });
  for (const [inkomsttagare, company] of await ku65CompanyTotals(db, year)) totals.set(inkomsttagare, company);
  const previous = await db.selectFrom("ku65_statements").selectAll().where("income_year", "=", year).execute();
  const known = new Map(previous.map((p) => [p.personnummer, p]));
  let next = previous.reduce((max, p) => Math.max(max, p.specification_number), 0);
  const statements: Ku65Statement[] = [];
  for (const [inkomsttagare, { amountKr, name }] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    const before = known.get(inkomsttagare);
    const change = !before ? "new" : before.reported_kr === amountKr ? "unchanged" : "correction";
    statements.push({ inkomsttagare, ...(name ? { orgName: name } : {}), amountKr, specificationNumber: before?.specification_number ?? ++next, change });
  }
  for (const before of previous) {
    if (!totals.has(before.personnummer) && before.reported_kr !== null) {
      statements.push({ inkomsttagare: before.personnummer, amountKr: null, specificationNumber: before.specification_number, change: "deletion" });
    }
  }
  return kind === "full" ? statements : statements.filter((s) => s.change !== "unchanged");
}

export class Ku65Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Ku65Error";
  }
}

/** The charity's organisation number as Skatteverket writes it: 16 and the ten digits. */
export function skatteverketOrgNumber(orgNumber: string): string {
  const digits = orgNumber.replace(/\D/g, "");
  if (!/^\d{10}$/.test(digits)) throw new Ku65Error(`The organisation number ${orgNumber} is not ten digits.`);
  return `16${digits}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Skatteverket's fields take at most 50 characters (NamnTYPE, Text50TYPE); telephone numbers at most 20. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}


/** The XML file for these statements. */
export function ku65Xml(site: SiteConfig, year: number, statements: readonly Ku65Statement[], createdAt: Date): string {
  if (year < 2000 || year > 2099) throw new Ku65Error("The income year must be 20YY.");
  const org = skatteverketOrgNumber(site.orgNumber);
  const name = escapeXml(clip(site.name, 50));
  const phone = escapeXml(clip(site.phone, 20));
  const email = escapeXml(site.email);
  const blanketter = statements.map((s) => {
    // Skatteverket takes 12 digits only; a number stored any other way is a defect to mend, not to report.
    if (!isTwelveDigitInkomsttagare(s.inkomsttagare, createdAt)) {
      throw new Ku65Error("A stored personnummer or organisationsnummer is not valid or not in its 12-digit form; the file was not made.");
    }
    const orgName = s.orgName && s.amountKr !== null ? `\n          <ku:OrgNamn faltkod="226">${escapeXml(clip(s.orgName, 50))}</ku:OrgNamn>` : "";
    const fields =
      s.amountKr === null
        ? `          <ku:Borttag faltkod="205">1</ku:Borttag>\n`
        : `          <ku:MottagetGavobelopp faltkod="621">${s.amountKr}</ku:MottagetGavobelopp>\n`;
    return `  <ku:Blankett nummer="${KU65_FORM_NUMBER}">
    <ku:Arendeinformation>
      <ku:Arendeagare>${org}</ku:Arendeagare>
      <ku:Period>${year}</ku:Period>
    </ku:Arendeinformation>
    <ku:Blankettinnehall>
      <ku:KU65>
        <ku:UppgiftslamnareKU65>
          <ku:UppgiftslamnarId faltkod="201">${org}</ku:UppgiftslamnarId>
          <ku:NamnUppgiftslamnare faltkod="202">${name}</ku:NamnUppgiftslamnare>
        </ku:UppgiftslamnareKU65>
        <ku:Inkomstar faltkod="203">${year}</ku:Inkomstar>
${fields}        <ku:Specifikationsnummer faltkod="570">${s.specificationNumber}</ku:Specifikationsnummer>
        <ku:InkomsttagareKU65>
          <ku:Inkomsttagare faltkod="215">${s.inkomsttagare}</ku:Inkomsttagare>${orgName}
        </ku:InkomsttagareKU65>
      </ku:KU65>
    </ku:Blankettinnehall>
  </ku:Blankett>
`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Skatteverket xmlns="${KU_NAMESPACE_INSTANCE}" xmlns:ku="${KU_NAMESPACE_COMPONENT}" omrade="Kontrolluppgifter">
  <ku:Avsandare>
    <ku:Programnamn>${escapeXml(clip(`${site.shortName} insamlingsplattform`, 50))}</ku:Programnamn>
    <ku:Organisationsnummer>${org}</ku:Organisationsnummer>
    <ku:TekniskKontaktperson>
      <ku:Namn>${name}</ku:Namn>
      <ku:Telefon>${phone}</ku:Telefon>
      <ku:Epostadress>${email}</ku:Epostadress>
    </ku:TekniskKontaktperson>
    <ku:Skapad>${swedishDateTime(createdAt)}</ku:Skapad>
  </ku:Avsandare>
  <ku:Blankettgemensamt>
    <ku:Uppgiftslamnare>
      <ku:UppgiftslamnarePersOrgnr>${org}</ku:UppgiftslamnarePersOrgnr>
      <ku:Kontaktperson>
        <ku:Namn>${name}</ku:Namn>
        <ku:Telefon>${phone}</ku:Telefon>
        <ku:Epostadress>${email}</ku:Epostadress>
      </ku:Kontaktperson>
    </ku:Uppgiftslamnare>
  </ku:Blankettgemensamt>
${blanketter.join("")}</Skatteverket>
`;
}

/** A person's 12-digit personnummer or samordningsnummer, or `16` + a company's organisationsnummer. */
function isTwelveDigitInkomsttagare(id: string, now: Date): boolean {
  if (id.startsWith("16")) return parseOrganisationsnummer(id)?.twelveDigits === id;
  return parsePersonnummer(id, { now })?.canonical === id;
}

/** Six values a row stays well inside SQLite's 32,766 and PostgreSQL's 65,535 parameters per statement. */
const STATEMENTS_PER_QUERY = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export interface Ku65File {
  id: string;
  xml: string;
  statements: Ku65Statement[];
}

/**
 * Makes the year's file and records it: each statement's number and amount
 * (null for a deletion), so the next `changes` file only says what changed.
 * Null when there is nothing to report (a `changes` file with no changes).
 */
export async function makeKu65File(
  deps: { db: Kysely<DB>; clock: Clock; site: SiteConfig },
  year: number,
  kind: "full" | "changes",
  createdBy: string,
): Promise<Ku65File | null> {
  return deps.db.transaction().execute(async (trx) => {
    const statements = await ku65Plan(trx, year, kind);
    if (statements.length === 0) return null;
    const now = deps.clock.now();
    const xml = ku65Xml(deps.site, year, statements, now);
    const id = crypto.randomUUID();
    await trx
      .insertInto("ku65_files")
      .values({ id, income_year: year, kind, statements: statements.length, xml, created_at: now.toISOString(), created_by: createdBy })
      .execute();
    // A year holds a statement per donor (hundreds of thousands in a large year): new and
    // unchanged ones are written a chunk per statement, only corrections and deletions one by one.
    const reportedAt = now.toISOString();
    for (const chunk of chunks(statements.filter((s) => s.change === "new"), STATEMENTS_PER_QUERY)) {
      await trx
        .insertInto("ku65_statements")
        .values(
          chunk.map((s) => ({
            income_year: year,
            personnummer: s.inkomsttagare,
            specification_number: s.specificationNumber,
            reported_kr: s.amountKr,
            file_id: id,
            reported_at: reportedAt,
          })),
        )
        .execute();
    }
    for (const chunk of chunks(statements.filter((s) => s.change === "unchanged"), STATEMENTS_PER_QUERY)) {
      await trx
        .updateTable("ku65_statements")
        .set({ file_id: id, reported_at: reportedAt })
        .where("income_year", "=", year)
        .where("personnummer", "in", chunk.map((s) => s.inkomsttagare))
        .execute();
    }
    for (const s of statements.filter((s) => s.change === "correction" || s.change === "deletion")) {
      await trx
        .updateTable("ku65_statements")
        .set({ reported_kr: s.amountKr, file_id: id, reported_at: reportedAt })
        .where("income_year", "=", year)
        .where("personnummer", "=", s.inkomsttagare)
        .execute();
    }
    return { id, xml, statements };
  });
}

/** Files made for a year, newest first (without their XML). */
export async function ku65Files(db: Kysely<DB>, year: number) {
  return db.selectFrom("ku65_files").select(["id", "income_year", "kind", "statements", "created_at", "created_by"]).where("income_year", "=", year).orderBy("created_at", "desc").execute();
}

/** One earlier file with its XML, by its id, for downloading it again. */
export async function findKu65File(db: Kysely<DB>, id: string) {
  return db.selectFrom("ku65_files").selectAll().where("id", "=", id).executeTakeFirst();
}
