// Test-only: what tests/e2e/admin.spec.ts needs in the end-to-end server's
// database, stored as the site stores it and moved through the one payment
// transition:
//
//   node --import tsx tests/e2e/admin-fixture.ts memorials N   → {"items":[{orderReference,itemReference}…]} (paid, by post)
//   node --import tsx tests/e2e/admin-fixture.ts invoice FILE  → {"orderReference","paymentId"} (an open 300 kr invoice) and,
//        in FILE, a BgMax file paying 300 kr with a reference that matches nothing
import crypto from "node:crypto";
import fs from "node:fs";
import { openDatabase } from "#db/dialect";
import { systemClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { testMemorialGift } from "../support/test-memorial-gift";
import { createGift } from "#core/gifts/gift-service";
import { transitionPayment } from "#core/payments/payment-transitions";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";
import { encodeBgMax, writeBgMaxFile } from "#integrations/bankgirot-bgmax/write-bgmax";

const [command, arg] = process.argv.slice(2);
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");

// The card gift the journey refunds is given through the site and the card simulator instead (admin.spec.ts), so Mondido knows it.
async function giftWithPayment(method: "invoice", amountOre: number, paid: boolean) {
  const { gift } = await createGift(db, systemClock, {
    giftType: "one_off",
    amountOre,
    donorName: "Faktura Givarsson",
    donorEmail: `${method}-${crypto.randomBytes(3).toString("hex")}@exempel.se`,
    donorPersonnummer: null,
    newsletterConsent: false,
    idempotencyKey: crypto.randomUUID(),
  });
  const now = systemClock.now().toISOString();
  const paymentId = crypto.randomUUID();
  await db
    .insertInto("payments")
    .values({
      id: paymentId,
      gift_id: gift.id,
      method,
      provider: "Invoice",
      provider_reference: `${crypto.randomInt(10 ** 8, 10 ** 9)}`,
      status: "pending",
      amount_ore: amountOre,
      payer_alias: null,
      client_token: null,
      client_url: null,
      error_code: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      // Checked just now and far into the future: the running server's reconciliation leaves it alone.
      last_checked_at: "2999-01-01T00:00:00.000Z",
    })
    .execute();
  if (paid) await transitionPayment({ db, clock: systemClock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId, to: "paid", source: "import" });
  return { orderReference: gift.order_reference, paymentId };
}

try {
  if (command === "memorials") {
    const items = [];
    for (let i = 0; i < Number(arg ?? 3); i++) {
      const { gift, item } = await testMemorialGift(db, systemClock, { channel: "post", paid: true, dueDate: null, design: "lilja" });
      items.push({ orderReference: gift.order_reference, itemReference: item.reference });
    }
    process.stdout.write(`${JSON.stringify({ items })}\n`);
  } else if (command === "invoice" && arg) {
    const invoice = await giftWithPayment("invoice", 30_000, false);
    const text = writeBgMaxFile({
      timestamp: systemClock.now(),
      test: true,
      deposits: [
        {
          payeeBankgiro: "55550105",
          account: "1234567890",
          date: systemClock.now().toISOString().slice(0, 10),
          serialNumber: "00001",
          // The donor wrote the wrong reference: it matches no invoice.
          payments: [{ reference: "1234567897", amountOre: 30_000, name: "Faktura Givarsson", bgcSerialNumber: String(crypto.randomInt(10 ** 11, 10 ** 12)) }],
        },
      ],
    });
    fs.writeFileSync(arg, encodeBgMax(text));
    process.stdout.write(`${JSON.stringify(invoice)}\n`);
  } else {
    throw new Error("usage: memorials N | invoice FILE");
  }
} finally {
  await db.destroy();
}
