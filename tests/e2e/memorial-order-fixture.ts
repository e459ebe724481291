// Test-only: stores a memorial gift in the end-to-end server's database as the
// memorial gift form would (core's testMemorialGift), and pays it through the
// one payment transition, so the running server's jobs deliver it. Used by
// tests/e2e/order-memorial-sheet.spec.ts:
//
//   node --import tsx tests/e2e/memorial-order-fixture.ts create email|post|funeral_parlour [--unpaid]
//     → {"orderReference":…,"itemReference":…,"paymentId":…}
//   node --import tsx tests/e2e/memorial-order-fixture.ts pay PAYMENT_ID
import { openDatabase } from "#db/dialect";
import { systemClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { testMemorialGift } from "../support/test-memorial-gift";
import { transitionPayment } from "#core/payments/payment-transitions";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

const [command, arg, flag] = process.argv.slice(2);
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");
try {
  if (command === "create") {
    const channel = arg === "post" || arg === "funeral_parlour" ? arg : "email";
    const { gift, item, paymentId } = await testMemorialGift(db, systemClock, { channel, paid: flag !== "--unpaid", dueDate: null, design: "lilja" });
    process.stdout.write(`${JSON.stringify({ orderReference: gift.order_reference, itemReference: item.reference, paymentId })}\n`);
  } else if (command === "pay" && arg) {
    await transitionPayment({ db, clock: systemClock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId: arg, to: "paid", source: "import" });
  } else {
    throw new Error("usage: create email|post|funeral_parlour [--unpaid] | pay PAYMENT_ID");
  }
} finally {
  await db.destroy();
}
