import type { GiftRow } from "../payments/payment-repository";
import type { SiteConfig } from "../site/site-config";
import { receiptMail } from "../gifts/receipt";
import { pdfTextDocument, type PdfLine } from "./pdf-text-document";

/**
 * The receipt a donor downloads from Mina sidor: the same words as the
 * e-mailed receipt (core/gifts/receipt.ts), as a PDF to save or print.
 */
export function receiptDocument(gift: GiftRow, site: SiteConfig): Buffer {
  const mail = receiptMail(gift, site, "");
  const body = mail.text.split("\n");
  // The e-mail's greeting and sign-off are kept; its web link line is not useful on paper.
  const lines: PdfLine[] = [
    { text: site.name, size: 16, bold: true },
    { text: `Kvitto för gåva ${gift.order_reference}`, size: 13, bold: true, spaceBefore: 12 },
    ...body
      .filter((line) => !line.startsWith("Läs mer om hur gåvorna används"))
      .map((text) => (text === "Kvitto" ? { text, bold: true, spaceBefore: 4 } : { text })),
    { text: `${site.name}, organisationsnummer ${site.orgNumber}, ${site.postalAddress}`, size: 9, spaceBefore: 18 },
  ];
  return pdfTextDocument(`Kvitto ${gift.order_reference}`, lines);
}
