import type { Kysely } from "kysely";
import { z } from "zod";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRenderer, DocumentRequest } from "../documents/document-renderer";
import type { JobAttempt } from "../jobs/job-runner";
import type { LinkTokens } from "../my-data/link-tokens";
import { enqueueJob } from "../jobs/job-queue";
import { mailSignOff } from "../mail/sign-off";
import { formatSek } from "../site/format";
import { COMPANY_TAX_RULES } from "./company-tax-rules";
import { companyYears, type CompanyYear } from "./company-years";
import { companyPageParagraph } from "./company-links";

/**
 * A company's yearly statement (årsbesked, decision 0047): the gifts of an
 * income year that count for the company tax reduction, the total, the
 * ceiling and what the company does with it. Its figures are companyYears',
 * the same as KU65 reports for the company, and only the companies KU65
 * reports (CompanyYear.reportable) get one.
 *
 * Staff send a year's statements from the back office: each company and year
 * is recorded once (company_statements' key) in the same transaction as its
 * e-mail job, so sending again queues nothing for a company already sent.
 */
export const COMPANY_STATEMENT_JOB = "company-statement";

const RATE = `${new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 1 }).format(COMPANY_TAX_RULES.rate * 100)} %`;

/** The statement's file name, for the e-mail and the downloads. */
export function companyStatementFileName(year: number, organisationsnummer: string): string {
  return `arsbesked-${year}-${organisationsnummer}.pdf`;
}

/** What the company does with the statement, in plain Swedish. */
export function statementGuidance(site: SiteConfig, company: CompanyYear): string[] {
  const year = company.tax.year;
  const min = formatSek(COMPANY_TAX_RULES.minGiftOre);
  const ceiling = formatSek(COMPANY_TAX_RULES.yearCeilingOre);
  return [
    `${site.name} är godkänd gåvomottagare. Ett aktiebolag eller en ekonomisk förening som ger pengar till forskning hos en godkänd gåvomottagare får skattereduktion med ${RATE} av gåvorna, om varje gåva är minst ${min}. Reduktionen gäller för högst ${ceiling} i gåvor per kalenderår.`,
    ...(company.tax.qualifyingOre > COMPANY_TAX_RULES.yearCeilingOre
      ? [`Företagets gåvor till oss under ${year} är större än taket. Underlaget för skattereduktion är därför ${ceiling}.`]
      : []),
    `Så gör företaget: begär skattereduktionen i företagets inkomstdeklaration (Inkomstdeklaration 2). Ni behöver inte skicka in det här beskedet. Vi lämnar samma belopp, ${formatSek(company.tax.baseOre)}, till Skatteverket i en kontrolluppgift för ${year}. Spara beskedet med bokföringen.`,
    `Taket gäller företagets gåvor till alla godkända gåvomottagare tillsammans. Har företaget gett till fler, räkna ihop gåvorna innan ni begär reduktionen.`,
    `Frågor? Mejla ${site.email} eller ring ${site.phone}.`,
  ];
}

export function companyStatementDocument(site: SiteConfig, company: CompanyYear, issuedAt: Date): Extract<DocumentRequest, { kind: "company-statement" }> {
  return {
    kind: "company-statement",
    data: {
      year: company.tax.year,
      companyName: company.name,
      organisationsnummer: company.number?.display ?? company.organisationsnummer,
      legalForm: company.number?.legalForm ?? "",
      gifts: company.gifts.map((g) => ({ paidAt: g.paidAt, orderReference: g.orderReference, amountOre: g.amountOre })),
      qualifyingOre: company.tax.qualifyingOre,
      baseOre: company.tax.baseOre,
      ceilingOre: COMPANY_TAX_RULES.yearCeilingOre,
      reductionOre: company.tax.reductionOre,
      rate: RATE,
      issuedAt: issuedAt.toISOString(),
      guidance: statementGuidance(site, company),
    },
  };
}

/** One company's statement for a year as it stands now, or null when it gets none (not reportable). */
export async function companyStatementFor(db: Kysely<DB>, site: SiteConfig, organisationsnummer: string, year: number, now: Date) {
  const [company] = await companyYears(db, year, organisationsnummer);
  return company?.reportable ? companyStatementDocument(site, company, now) : null;
}

export interface CompanyStatementRecord {
  year: number;
  baseOre: number;
  email: string;
  queuedAt: string;
  queuedBy: string;
  /** When the e-mail went out (its job done); null while queued. */
  sentAt: string | null;
  /** The last failure while it has not gone out. */
  problem: string | null;
}

/** The statements queued for a company, newest year first, with whether each went out. */
export async function companyStatementsOf(db: Kysely<DB>, organisationsnummer: string): Promise<CompanyStatementRecord[]> {
  const rows = await db
    .selectFrom("company_statements")
    .leftJoin("jobs", "jobs.dedupe_key", "company_statements.job_key")
    .select(["company_statements.income_year", "company_statements.base_ore", "company_statements.email", "company_statements.queued_at", "company_statements.queued_by", "jobs.done_at", "jobs.last_error"])
    .where("company_statements.organisationsnummer", "=", organisationsnummer)
    .orderBy("company_statements.income_year", "desc")
    .execute();
  return rows.map((r) => ({
    year: r.income_year,
    baseOre: r.base_ore,
    email: r.email,
    queuedAt: r.queued_at,
    queuedBy: r.queued_by,
    sentAt: r.done_at ?? null,
    problem: r.done_at ? null : (r.last_error ?? null),
  }));
}

export interface StatementYearSummary {
  year: number;
  /** Companies whose year counts (reportable): each gets a statement. */
  due: number;
  /** Of them, already queued or sent. */
  recorded: number;
  sent: number;
}

/** For the back office: how many companies get a statement for the year, and how many have been sent one. */
export async function statementYearSummary(db: Kysely<DB>, year: number): Promise<StatementYearSummary> {
  const due = (await companyYears(db, year)).filter((c) => c.reportable);
  const rows = await db
    .selectFrom("company_statements")
    .leftJoin("jobs", "jobs.dedupe_key", "company_statements.job_key")
    .select(["company_statements.organisationsnummer", "jobs.done_at"])
    .where("company_statements.income_year", "=", year)
    .execute();
  return { year, due: due.length, recorded: rows.length, sent: rows.filter((r) => r.done_at).length };
}

/**
 * Queues the year's statements: one per reportable company not yet recorded
 * for the year, each recorded with its e-mail job in one transaction. The
 * primary key makes a second run (or two staff at once) queue nothing twice.
 * Returns how many were queued now.
 */
export async function queueCompanyStatements(deps: { db: Kysely<DB>; clock: Clock }, year: number, queuedBy: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const companies = (await companyYears(trx, year)).filter((c) => c.reportable);
    const already = new Set(
      (await trx.selectFrom("company_statements").select("organisationsnummer").where("income_year", "=", year).execute()).map((r) => r.organisationsnummer),
    );
    const now = deps.clock.now().toISOString();
    let queued = 0;
    for (const company of companies) {
      if (already.has(company.organisationsnummer)) continue;
      const jobKey = `${COMPANY_STATEMENT_JOB}:${company.organisationsnummer}:${year}`;
      const inserted = await trx
        .insertInto("company_statements")
        .values({
          organisationsnummer: company.organisationsnummer,
          income_year: year,
          qualifying_ore: company.tax.qualifyingOre,
          base_ore: company.tax.baseOre,
          email: company.email,
          job_key: jobKey,
          queued_at: now,
          queued_by: queuedBy,
        })
        .onConflict((oc) => oc.columns(["organisationsnummer", "income_year"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      await enqueueJob(trx, deps.clock, { type: COMPANY_STATEMENT_JOB, payload: { organisationsnummer: company.organisationsnummer, year }, dedupeKey: jobKey });
      queued += 1;
    }
    return queued;
  });
}

const statementPayload = z.object({ organisationsnummer: z.string().regex(/^\d{10}$/), year: z.number().int() });

/**
 * The job: the statement as it stands when it is sent (the KU65 figures of
 * the moment), to the address recorded when it was queued, with a new link
 * to the company's page. Sending is the job's outside effect (decision 0025).
 * A company whose gifts no longer count (all refunded meanwhile) is sent nothing.
 */
export async function sendCompanyStatement(
  deps: { db: Kysely<DB>; clock: Clock; mailer: Mailer; site: SiteConfig; publicUrl: string; documents: DocumentRenderer; companyLinks: LinkTokens },
  payload: unknown,
  attempt: Pick<JobAttempt, "outsideEffect">,
): Promise<void> {
  const { organisationsnummer, year } = statementPayload.parse(payload);
  const record = await deps.db
    .selectFrom("company_statements")
    .selectAll()
    .where("organisationsnummer", "=", organisationsnummer)
    .where("income_year", "=", year)
    .executeTakeFirst();
  const [company] = await companyYears(deps.db, year, organisationsnummer);
  if (!record || !company?.reportable) return;
  const pdf = await deps.documents.render(companyStatementDocument(deps.site, company, deps.clock.now()), "pdf");
  const link = await companyPageParagraph(deps, organisationsnummer);
  const mail = {
    to: record.email,
    subject: `Årsbesked om gåvor ${year} – ${company.name}`,
    text: [
      "Hej,",
      "",
      `Tack för gåvorna från ${company.name} till ${deps.site.name} under ${year}! Här kommer årsbeskedet för skattereduktion för gåvor från företag.`,
      "",
      `Gåvor som räknas: ${formatSek(company.tax.qualifyingOre)} (${company.gifts.length} st)`,
      `Underlag för skattereduktion: ${formatSek(company.tax.baseOre)} (högst ${formatSek(COMPANY_TAX_RULES.yearCeilingOre)} per år)`,
      "",
      "Företaget begär skattereduktionen i sin inkomstdeklaration. Vi lämnar samma belopp till Skatteverket i en kontrolluppgift, så beskedet behöver inte skickas in. Spara det med bokföringen.",
      "",
      link,
      "",
      ...mailSignOff(deps.site),
    ].join("\n"),
    attachments: [{ filename: companyStatementFileName(year, organisationsnummer), content: pdf, contentType: "application/pdf" }],
  };
  await attempt.outsideEffect(() => deps.mailer.send(mail));
}
