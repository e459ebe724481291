// Test-only: pays a gift by its order reference through the one payment
// transition (as a booked bank file would), and prints the fulfilment post
// queue, against the end-to-end server's database. Used by
// tests/e2e/gift-documents.spec.ts:
//
//   node --import tsx tests/e2e/gift-documents-fixture.ts pay ORDER_REFERENCE
//   node --import tsx tests/e2e/gift-documents-fixture.ts queue     → the post queue as `npm run fulfilment -- list` prints it
//   node --import tsx tests/e2e/gift-documents-fixture.ts batch ITEM_REFERENCE → that item's post batch PDF (as the back office prints it), base64
//   node --import tsx tests/e2e/gift-documents-fixture.ts count EMAIL → {"gifts":…,"items":…} given with that e-mail
import { openDatabase } from "#db/dialect";
import { systemClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";
import { formatPostQueue, postQueue } from "#core/orders/fulfilment";
import { postBatch, postWorkQueue, postWorkReference } from "#core/orders/post-work";
import { loadSiteConfig } from "#core/site/site-config";

const [command, arg] = process.argv.slice(2);
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");
try {
  if (command === "pay" && arg) {
    const payment = await db
      .selectFrom("payments")
      .innerJoin("gifts", "gifts.id", "payments.gift_id")
      .select("payments.id")
      .where("gifts.order_reference", "=", arg)
      .executeTakeFirstOrThrow();
    await transitionPayment({ db, clock: systemClock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
  } else if (command === "queue") {
    process.stdout.write(`${formatPostQueue(await postQueue(db, systemClock.now()))}\n`);
  } else if (command === "batch" && arg) {
    const site = loadSiteConfig(process.env);
    const work = (await postWorkQueue(db, systemClock.now())).filter((w) => postWorkReference(w) === arg);
    // Loaded only here: the PDF engine takes most of a second to load, and the other commands run many times per test run.
    const { createDocumentEngine } = await import("#documents/document-engine.server");
    const pdf = await createDocumentEngine(site).render(await postBatch(db, site, work), "pdf");
    process.stdout.write(pdf.toString("base64"));
  } else if (command === "count" && arg) {
    // Only the gifts given with the journey's own e-mail address: journeys in other
    // workers give gifts on the same server at the same time.
    const gifts = await db.selectFrom("gifts").where("donor_email", "=", arg).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const items = await db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .innerJoin("gifts", "gifts.id", "orders.gift_id")
      .where("gifts.donor_email", "=", arg)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    process.stdout.write(`${JSON.stringify({ gifts: Number(gifts.n), items: Number(items.n) })}\n`);
  } else {
    throw new Error("usage: pay ORDER_REFERENCE | queue | batch ITEM_REFERENCE | count EMAIL");
  }
} finally {
  await db.destroy();
}
