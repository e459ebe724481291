import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { SiteConfig } from "../site/site-config";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import { formatSek } from "../site/format";
import { invoiceDueDate } from "../payments/invoice-provider";

/**
 * The invoice for a gift paid by bankgiro, as a one-page A4 PDF with
 * everything needed to pay it: bankgiro number, OCR reference, amount and due
 * date. The standard Helvetica font covers Swedish letters (WinAnsi).
 */
const dateFormat = new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "Europe/Stockholm" });

export interface InvoiceFacts {
  site: SiteConfig;
  gift: GiftRow;
  payment: PaymentRow;
}

export function invoiceLines({ site, gift, payment }: InvoiceFacts) {
  return {
    title: "Faktura – gåva",
    issuer: [site.name, site.postalAddress, `Organisationsnummer ${site.orgNumber}`],
    recipient: [gift.donor_name, gift.donor_street ?? "", [gift.donor_postal_code, gift.donor_city].filter(Boolean).join(" ")].filter(Boolean),
    facts: [
      ["Fakturadatum", dateFormat.format(new Date(payment.created_at))],
      ["Förfallodatum", dateFormat.format(invoiceDueDate(payment))],
      ["Ordernummer", gift.order_reference],
      ["Belopp att betala", formatSek(payment.amount_ore)],
      ["Bankgiro", site.bankgiro],
      ["OCR-nummer", payment.provider_reference ?? ""],
    ] as const,
    note:
      "Ange OCR-numret när du betalar, så kopplas betalningen till din gåva. Du får ett tackbrev när betalningen har kommit in. Gåvan är frivillig: betalar du inte skickar vi inga påminnelser med avgifter.",
  };
}

export async function invoicePdf(facts: InvoiceFacts): Promise<Buffer> {
  const lines = invoiceLines(facts);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${lines.title} ${facts.gift.order_reference}`);
  pdf.setAuthor(facts.site.name);
  pdf.setLanguage("sv-SE");
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (value: string, x: number, y: number, size = 11, font = regular) =>
    page.drawText(sanitize(value), { x, y, size, font, color: rgb(0.11, 0.11, 0.11) });

  let y = 790;
  text(facts.site.name, 56, y, 16, bold);
  y -= 18;
  for (const line of lines.issuer.slice(1)) {
    text(line, 56, y, 10);
    y -= 14;
  }
  y -= 30;
  text(lines.title, 56, y, 20, bold);
  y -= 40;
  for (const line of lines.recipient) {
    text(line, 56, y, 12);
    y -= 16;
  }
  y -= 24;
  for (const [label, value] of lines.facts) {
    text(label, 56, y, 11, bold);
    text(value, 220, y, 11);
    y -= 20;
  }
  y -= 16;
  for (const chunk of wrap(lines.note, 88)) {
    text(chunk, 56, y, 10);
    y -= 14;
  }
  return Buffer.from(await pdf.save());
}

/** Characters outside WinAnsi (emoji, some dashes) would make pdf-lib throw. */
function sanitize(value: string): string {
  return value.replace(/[–—]/g, "-").replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
}

function wrap(text: string, width: number): string[] {
  const words = text.split(/\s+/);
  const out: string[] = [];
  let line = "";
  for (const word of words) {
    if ((line + " " + word).trim().length > width) {
      out.push(line);
      line = word;
    } else {
      line = (line + " " + word).trim();
    }
  }
  if (line) out.push(line);
  return out;
}
