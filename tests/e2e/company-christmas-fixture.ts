// Test-only: what tests/e2e/company-christmas.spec.ts needs around its journey, against the end-to-end server's database:
//
//   node --import tsx tests/e2e/company-christmas-fixture.ts bgmax ORDERREF FILE
//        → writes to FILE a BgMax file from the bank paying the gift's open invoice (its OCR reference, its amount),
//          as Bankgirot would send it the day after the company paid; prints {"ocr","amountOre"}
import crypto from "node:crypto";
import fs from "node:fs";
import { openDatabase } from "#db/dialect";
import { systemClock } from "#core/clock";
import { encodeBgMax, writeBgMaxFile } from "#integrations/bankgirot-bgmax/write-bgmax";

const [command, orderReference, file] = process.argv.slice(2);
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");

try {
  if (command !== "bgmax" || !orderReference || !file) throw new Error("usage: bgmax ORDERREF FILE");
  const invoice = await db
    .selectFrom("payments")
    .innerJoin("gifts", "gifts.id", "payments.gift_id")
    .select(["payments.provider_reference as ocr", "payments.amount_ore as amountOre", "gifts.donor_name as name"])
    .where("gifts.order_reference", "=", orderReference)
    .where("payments.provider", "=", "Invoice")
    .executeTakeFirstOrThrow();
  const text = writeBgMaxFile({
    timestamp: systemClock.now(),
    test: true,
    deposits: [
      {
        payeeBankgiro: "55550105",
        account: "1234567890",
        date: systemClock.now().toISOString().slice(0, 10),
        serialNumber: "00001",
        payments: [{ reference: invoice.ocr ?? "", amountOre: invoice.amountOre, name: invoice.name, bgcSerialNumber: String(crypto.randomInt(10 ** 11, 10 ** 12)) }],
      },
    ],
  });
  fs.writeFileSync(file, encodeBgMax(text));
  process.stdout.write(`${JSON.stringify({ ocr: invoice.ocr, amountOre: invoice.amountOre })}\n`);
} finally {
  await db.destroy();
}
