import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { findGift } from "../payments/payment-repository";
import { receiptMail } from "./receipt";

const payloadSchema = z.object({ giftId: z.string().min(1) });

/** The receipt job: queued in the same transaction that marks the gift paid. */
export async function sendReceipt(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string },
  payload: unknown,
): Promise<void> {
  const { giftId } = payloadSchema.parse(payload);
  const gift = await findGift(deps.db, giftId);
  if (!gift) throw new Error(`Receipt for unknown gift ${giftId}`);
  if (gift.status !== "paid") throw new Error(`Receipt for unpaid gift ${giftId}`);
  await deps.mailer.send(receiptMail(gift, deps.site, deps.publicUrl));
}
