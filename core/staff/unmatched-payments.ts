import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { BankFileImportSummary, ImportedPaymentLine } from "../payments/bank-file-import";
import { findDonor } from "../donors/donor-repository";
import { createGift } from "../gifts/gift-service";
import { transitionPayment, type PaymentTransitionDeps } from "../payments/payment-transitions";

export interface UnmatchedLine extends ImportedPaymentLine {
  importId: string;
  fileName: string;
  importedAt: string;
  reason: string;
  resolution: { kind: "invoice" | "donor"; paymentId: string | null; donorId: string | null; resolvedAt: string } | null;
}

/** Every BgMax line that matched no invoice, newest file first, with how it was resolved (if it was). */
export async function unmatchedPayments(db: Kysely<DB>): Promise<UnmatchedLine[]> {
  const imports = await db.selectFrom("bank_file_imports").selectAll().orderBy("imported_at", "desc").limit(200).execute();
  const resolutions = await db.selectFrom("bank_payment_resolutions").selectAll().execute();
  return imports.flatMap((file) => {
    const summary = JSON.parse(file.summary) as BankFileImportSummary;
    return summary.unmatched.map((line) => {
      const done = resolutions.find((r) => r.import_id === file.id && r.line === line.line);
      return {
        ...line,
        importId: file.id,
        fileName: file.file_name,
        importedAt: file.imported_at,
        resolution: done ? { kind: done.resolution, paymentId: done.payment_id, donorId: done.donor_id, resolvedAt: done.resolved_at } : null,
      };
    });
  });
}

export class ResolutionRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResolutionRefusal";
  }
}

async function openLine(db: Kysely<DB>, importId: string, line: number): Promise<UnmatchedLine> {
  const found = (await unmatchedPayments(db)).find((u) => u.importId === importId && u.line === line);
  if (!found) throw new ResolutionRefusal("Betalningen finns inte bland de omatchade.");
  if (found.resolution) throw new ResolutionRefusal("Betalningen är redan hanterad.");
  return found;
}

/**
 * Claims the line for this resolution. The unique (file, line) key makes a
 * second claim fail, so a line is booked once however many staff press at once.
 */
async function claim(deps: PaymentTransitionDeps, line: UnmatchedLine, kind: "invoice" | "donor", staffId: string, donorId: string | null): Promise<string> {
  const id = crypto.randomUUID();
  try {
    await deps.db
      .insertInto("bank_payment_resolutions")
      .values({ id, import_id: line.importId, line: line.line, resolution: kind, payment_id: null, donor_id: donorId, resolved_by: staffId, resolved_at: deps.clock.now().toISOString() })
      .execute();
  } catch {
    throw new ResolutionRefusal("Betalningen hanterades just av någon annan.");
  }
  return id;
}

/**
 * Books an unmatched payment on the open invoice of an order (the donor wrote
 * the wrong OCR, or none): the invoice becomes paid exactly as an import would
 * have made it, with the bank line in its event. The amount must cover it.
 */
export async function resolveToInvoice(deps: PaymentTransitionDeps, request: { importId: string; line: number; orderReference: string; staffId: string }) {
  const line = await openLine(deps.db, request.importId, request.line);
  const invoice = await deps.db
    .selectFrom("payments")
    .innerJoin("gifts", "gifts.id", "payments.gift_id")
    .select(["payments.id", "payments.amount_ore", "payments.status", "gifts.order_reference"])
    .where("gifts.order_reference", "=", request.orderReference.trim().toUpperCase())
    .where("payments.provider", "=", "Invoice")
    .orderBy("payments.created_at", "desc")
    .executeTakeFirst();
  if (!invoice) throw new ResolutionRefusal("Det finns ingen faktura med det ordernumret.");
  if (invoice.status !== "created" && invoice.status !== "pending") throw new ResolutionRefusal("Fakturan är inte obetald längre; den kan inte bokas igen.");
  if (line.amountOre < invoice.amount_ore) throw new ResolutionRefusal("Beloppet är mindre än fakturans. Kontakta givaren innan den bokas.");
  const resolutionId = await claim(deps, line, "invoice", request.staffId, null);
  const moved = await transitionPayment(deps, {
    paymentId: invoice.id,
    to: "paid",
    source: "staff",
    data: { bgcSerial: line.serial, amountReceivedOre: line.amountOre, file: line.fileName, resolvedBy: request.staffId },
  });
  if (!moved.changed) {
    await deps.db.deleteFrom("bank_payment_resolutions").where("id", "=", resolutionId).execute();
    throw new ResolutionRefusal("Fakturan betalades just på annat sätt; ingenting bokades.");
  }
  await deps.db.updateTable("bank_payment_resolutions").set({ payment_id: invoice.id }).where("id", "=", resolutionId).execute();
  return { line, paymentId: invoice.id, orderReference: invoice.order_reference };
}

/**
 * Books an unmatched payment as a gift from a known donor (they paid to the
 * bankgiro without an invoice): a one-off gift in their name, paid by
 * bankgiro, which then shows in Mina sidor, counts for their tax reduction and
 * gets its receipt like any other.
 */
export async function resolveToDonor(deps: PaymentTransitionDeps, request: { importId: string; line: number; donorId: string; staffId: string }) {
  const line = await openLine(deps.db, request.importId, request.line);
  const donor = await findDonor(deps.db, request.donorId);
  if (!donor) throw new ResolutionRefusal("Givaren finns inte.");
  if (line.amountOre <= 0) throw new ResolutionRefusal("Beloppet är noll.");
  const resolutionId = await claim(deps, line, "donor", request.staffId, donor.id);
  const { gift } = await createGift(deps.db, deps.clock, {
    giftType: "one_off",
    amountOre: line.amountOre,
    donorName: `${donor.given_name} ${donor.surname}`.trim(),
    donorEmail: donor.email ?? "",
    donorPersonnummer: donor.personnummer,
    donorId: donor.id,
    newsletterConsent: false,
    idempotencyKey: `bgmax:${line.importId}:${line.line}`,
  });
  const now = deps.clock.now().toISOString();
  const paymentId = crypto.randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("payments")
      .values({
        id: paymentId,
        gift_id: gift.id,
        method: "invoice",
        provider: "Invoice",
        provider_reference: null,
        status: "created",
        amount_ore: line.amountOre,
        payer_alias: null,
        client_token: null,
        client_url: null,
        error_code: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
        expires_at: now,
        last_checked_at: now,
      })
      .execute();
    await trx
      .insertInto("payment_events")
      .values({ payment_id: paymentId, type: "created", from_status: null, to_status: "created", source: "staff", data: JSON.stringify({ bankFile: line.fileName, line: line.line }), created_at: now })
      .execute();
    await trx.updateTable("bank_payment_resolutions").set({ payment_id: paymentId }).where("id", "=", resolutionId).execute();
  });
  await transitionPayment(deps, { paymentId, to: "paid", source: "staff", data: { bgcSerial: line.serial, amountReceivedOre: line.amountOre, file: line.fileName, resolvedBy: request.staffId } });
  return { line, paymentId, orderReference: gift.order_reference };
}
