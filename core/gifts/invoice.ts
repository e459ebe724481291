import type { SiteConfig } from "../site/site-config";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import type { DocumentRequest } from "../documents/document-renderer";
import { formatDateLong, formatSek } from "../site/format";
import { invoiceDueDate } from "../payments/invoice-provider";

/**
 * The invoice for a gift paid by bankgiro: everything needed to pay it
 * (bankgiro number, OCR reference, amount and due date), as the lines of the
 * e-mail and as the document the engine renders to PDF.
 */
export interface InvoiceFacts {
  site: SiteConfig;
  gift: GiftRow;
  payment: PaymentRow;
}

export const INVOICE_NOTE =
  "Ange OCR-numret när du betalar, så kopplas betalningen till din gåva. Du får ett tackbrev när betalningen har kommit in. Gåvan är frivillig: betalar du inte skickar vi inga påminnelser med avgifter.";

/** The invoice's facts as "label: value" lines for the e-mail. */
export function invoiceLines({ site, gift, payment }: InvoiceFacts) {
  return {
    facts: [
      ["Fakturadatum", formatDateLong(payment.created_at)],
      ["Förfallodatum", formatDateLong(invoiceDueDate(payment))],
      ["Ordernummer", gift.order_reference],
      ["Belopp att betala", formatSek(payment.amount_ore)],
      ["Bankgiro", site.bankgiro],
      ["OCR-nummer", payment.provider_reference ?? ""],
    ] as const,
    note: INVOICE_NOTE,
  };
}

/** `payerReference`: a company's own reference for its gift (core/companies), printed on the invoice. */
export function invoiceDocument({ gift, payment }: Omit<InvoiceFacts, "site">, payerReference: string | null = null): DocumentRequest {
  return {
    kind: "invoice",
    data: {
      orderReference: gift.order_reference,
      amountOre: payment.amount_ore,
      invoiceDate: payment.created_at,
      dueDate: invoiceDueDate(payment).toISOString(),
      ocr: payment.provider_reference ?? "",
      recipient: { name: gift.donor_name, street: gift.donor_street, postalCode: gift.donor_postal_code, city: gift.donor_city },
      note: INVOICE_NOTE,
      ...(payerReference ? { payerReference } : {}),
    },
  };
}
