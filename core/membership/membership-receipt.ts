import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { MailAttachment } from "../mail/mailer";
import type { GiftRow } from "../payments/payment-repository";
import { formatDateLong } from "../site/format";
import { findMembershipByOrderReference } from "./membership-service";
import { MEMBER_CARD_FILE_NAME, memberCardRequest } from "./member-card";

export function memberCardPath(orderReference: string): string {
  return `/bli-medlem/medlemskort/${encodeURIComponent(orderReference)}`;
}

/** What a membership fee's receipt adds: the member number, the year, and the member card as a PDF. */
export async function membershipReceiptExtras(
  deps: { db: Kysely<DB>; documents: DocumentRenderer; publicUrl: string },
  gift: GiftRow,
): Promise<{ paragraph: string; attachment: MailAttachment } | null> {
  if (gift.gift_type !== "membership") return null;
  const order = await findMembershipByOrderReference(deps.db, gift.order_reference);
  const request = order ? memberCardRequest(order) : null;
  if (!order || !request) return null;
  const { data } = request;
  const year = `från ${formatDateLong(data.validFrom)} till och med ${formatDateLong(data.validUntil)}`;
  const link = `${deps.publicUrl}${memberCardPath(gift.order_reference)}`;
  const paragraph = order.fee.is_present
    ? `Medlemskapet är din present till ${data.name}, med medlemsnummer ${data.memberNumber}, och gäller ${year}. Medlemskortet finns bifogat, att skriva ut och ge bort. Du kan också hämta det här: ${link}`
    : `Ditt medlemsnummer är ${data.memberNumber}, och medlemskapet gäller ${year}. Ditt medlemskort finns bifogat, att skriva ut och spara. Du kan också hämta det här: ${link}`;
  return { paragraph, attachment: { filename: MEMBER_CARD_FILE_NAME, content: await deps.documents.render(request, "pdf"), contentType: "application/pdf" } };
}
