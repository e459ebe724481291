import type { GiftRow } from "../payments/payment-repository";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRequest } from "../documents/document-renderer";
import { receiptMail } from "./receipt";

/**
 * The receipt as a document (the PDF on Mina sidor), made from the e-mailed
 * receipt's own text so that paper and e-mail never say different things: its
 * paragraphs, its "Kvitto" block as label and value pairs, its sign-off. The
 * e-mail's web link is left out; it is no use on paper.
 */
export function receiptDocument(gift: GiftRow, site: SiteConfig): DocumentRequest {
  const blocks = receiptMail(gift, site, "").text.split("\n\n");
  const factsAt = blocks.findIndex((block) => block.startsWith("Kvitto\n"));
  if (factsAt < 1) throw new Error("The receipt e-mail has no Kvitto block");
  const [factsHeading = "Kvitto", ...factLines] = blocks[factsAt]!.split("\n");
  const outro = blocks.slice(factsAt + 1, -1).filter((block) => !block.startsWith("Läs mer om hur gåvorna används"));
  return {
    kind: "receipt",
    data: {
      orderReference: gift.order_reference,
      amountOre: gift.amount_ore,
      greeting: blocks[0]!,
      intro: blocks.slice(1, factsAt),
      factsHeading,
      facts: factLines.map((line) => {
        const at = line.indexOf(": ");
        return [line.slice(0, at), line.slice(at + 2)];
      }),
      outro,
      signOff: blocks.at(-1)!.split("\n"),
    },
  };
}

/** The thank-you card sent as an image with the receipt e-mail. */
export function thankYouCard(gift: GiftRow): DocumentRequest {
  return {
    kind: "thank-you-card",
    data: { firstName: gift.donor_name.split(" ")[0] || gift.donor_name, amountOre: gift.amount_ore, date: gift.paid_at ?? gift.created_at },
  };
}
