/**
 * Every document the charity sends (invoice, receipt, cards, certificates…)
 * comes from one engine. Core asks for a document by kind with its data; the
 * engine in documents/ lays it out from React templates and renders it to PDF
 * or PNG. Core never imports the engine: the server builds it once and passes
 * it in (server/container.ts).
 *
 * Data is facts, not layout: money as integer öre, times as ISO strings (the
 * templates format them for Sweden), words that must match an e-mail as the
 * e-mail's own strings. The charity's name, numbers and colours come from the
 * SiteConfig the engine was built with.
 */

import type { CardDesign } from "../cards/card-design";

export interface PostalAddress {
  name: string;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
}

/** An invoice for a gift paid by bankgiro: everything needed to pay it. */
export interface InvoiceDocumentData {
  orderReference: string;
  amountOre: number;
  /** ISO timestamps. */
  invoiceDate: string;
  dueDate: string;
  /** The OCR reference the payer types in the bank. */
  ocr: string;
  recipient: PostalAddress;
  /** What the invoice says under the payment facts (core/gifts/invoice.ts). */
  note: string;
  /** The payer's own reference (a company's "Er referens"), printed with the facts when there is one. */
  payerReference?: string | null;
}

/** The receipt for a paid gift: the same words as the e-mailed receipt (core/gifts/receipt.ts). */
export interface ReceiptDocumentData {
  orderReference: string;
  amountOre: number;
  greeting: string;
  /** Paragraphs before the receipt block. */
  intro: string[];
  /** The receipt block ("Kvitto") and its label and value pairs. */
  factsHeading: string;
  facts: [label: string, value: string][];
  /** Paragraphs after it, then the sign-off lines. */
  outro: string[];
  signOff: string[];
}

/** A card-sized thank-you image sent with the receipt e-mail. */
export interface ThankYouCardData {
  firstName: string;
  amountOre: number;
  /** ISO timestamp of the gift. */
  date: string;
}

/**
 * A memorial sheet (minnesblad, A5 portrait): in whose memory a gift was
 * given, the giver's greeting and signature, and the amount only when the
 * donor chose to show it (core/memorial/memorial-sheet.ts builds it).
 */
export interface MemorialSheetData {
  /** One of core/memorial/sheet-designs.ts's MEMORIAL_SHEET_DESIGNS. */
  design: "lilja" | "ljus" | "duva" | "hjarta";
  deceasedName: string;
  birthYear: number | null;
  /** YYYY-MM-DD. */
  dateOfDeath: string;
  /** Up to 300 characters; line breaks are kept. */
  greeting: string;
  signature: string;
  /** Null unless the donor chose to show the amount. */
  amountOre: number | null;
}

/**
 * What staff print for the post (npm run fulfilment -- pdf, the back office's
 * Utskick): one envelope after another, in the queue's order (what must
 * arrive first comes first). Each starts with an address page for a window
 * envelope, then the documents that go in with it.
 */
export interface PostBatchData {
  entries: PostBatchEntry[];
}

/** The documents a post batch can hold; an A4 one (certificate, diploma) makes its envelope A4 (C4). */
export type PostedDocument = Extract<DocumentRequest, { kind: "memorial-sheet" | "gift-card" | "gift-certificate" | "diploma" }>;

/** One envelope: a memorial sheet, a gift document, a paper form from stock, an article. */
export interface PostBatchEntry {
  /** The order item's or form request's reference, printed small for staff. */
  reference: string;
  /** YYYY-MM-DD it must arrive by, or null. */
  dueDate: string | null;
  urgent: boolean;
  address: PostalAddress;
  /** What goes into the envelope, printed in the foot for staff: "Minnesblad", "Gåvobevis", "Hjärtnål × 2". */
  enclosure: string;
  /** A covering letter on the address page, in Swedish (a form from stock, an article); null when the document speaks for itself. */
  letter: { paragraphs: string[]; signOff: string[] } | null;
  /** Printed after the address page, in order. */
  documents: PostedDocument[];
}

/**
 * A gift card (gåvokort, printed by the donor and handed over), a gift
 * certificate (gåvobevis) or a diploma (diplom): a gift given in someone's
 * name, for an occasion (core/gift-documents builds it from the order item).
 */
export interface GiftDocumentData {
  /** One of core/gift-documents' GIFT_DOCUMENT_DESIGNS for the document's kind. */
  design: string;
  /** The occasion's line above the name ("Grattis på födelsedagen"). */
  heading: string;
  recipientName: string;
  /** The giver's words; line breaks are kept. Up to 300 characters. */
  text: string;
  signature: string;
  /** Null when the document does not show the amount. */
  amountOre: number | null;
  /** The order item's reference, printed small so staff can find it. */
  reference: string;
  /** ISO timestamp of the gift. */
  date: string;
  /** A gift card's art from the greeting-card catalogue; without it (older cards, list orders) `design` names the card's band. */
  card?: CardDesign | null;
}

/**
 * A company's gift certificate (decision 0046): the Christmas gift a company
 * gave instead of presents, with its name and logo, to show customers and
 * staff. The logo is a data: URI of the stored PNG or sanitised SVG.
 */
export interface CompanyCertificateData {
  companyName: string;
  amountOre: number;
  /** ISO timestamp of the gift. */
  date: string;
  /** The gift's order reference, printed small so staff can find it. */
  reference: string;
  logo: { src: string; width: number; height: number } | null;
}

/**
 * Every sheet of a memorial collection in one PDF for the family: a cover page
 * (in whose memory, who organised it, how many gave, the total only when the
 * organiser chose to show it), then each sheet as the giver wrote it.
 */
export interface MemorialCollectionSheetsData {
  design: MemorialSheetData["design"];
  deceasedName: string;
  birthYear: number | null;
  dateOfDeath: string;
  organiserName: string;
  giftCount: number;
  totalOre: number | null;
  sheets: MemorialSheetData[];
}

/**
 * A digital greeting card (A6 landscape, sent as an image): the card's design
 * from the catalogue (core/cards), the greeting as the giver wrote it (line
 * breaks kept, at most 300 characters), to whom and from whom.
 */
export interface GreetingCardData {
  cardCode: string;
  design: CardDesign;
  greeting: string;
  recipientName: string;
  giverName: string;
}

/** A fundraiser's share image (decision 0050): its title, organiser and progress, for link previews. */
export interface FundraiserShareData {
  title: string;
  kindLabel: string;
  organiserName: string;
  /** Null when the organiser hides the total. */
  amountOre: number | null;
  goalOre: number | null;
  /** 0–100, null without a goal or a shown total. */
  percent: number | null;
  /** The organiser's approved picture as a data: URI of its 600 × 630 JPEG, the image's right half (decision 0053); null for the site's own design. */
  picture?: string | null;
}

/** A member's card (medlemskort), with a welcome, for one paid year (core/membership/member-card.ts builds it). */
export interface MemberCardData {
  memberNumber: number;
  name: string;
  /** YYYY-MM-DD, both days included. */
  validFrom: string;
  validUntil: string;
  /** A renewal: the card says "Tack för att du är kvar" rather than "Välkommen". */
  renewal: boolean;
  /** Who gave the membership as a present, and their words; null when the member paid. */
  givenBy: string | null;
  greeting: string | null;
}

/**
 * A company's yearly statement (årsbesked) of its gifts that count for the
 * company tax reduction (core/companies/company-statement.ts builds it from
 * the same figures KU65 reports).
 */
export interface CompanyStatementData {
  year: number;
  companyName: string;
  /** NNNNNN-NNNN. */
  organisationsnummer: string;
  /** What the number's group says ("Aktiebolag"). */
  legalForm: string;
  /** The gifts that count, oldest first. */
  gifts: Array<{ paidAt: string; orderReference: string; amountOre: number }>;
  qualifyingOre: number;
  /** qualifyingOre capped at the ceiling: what the reduction is based on and KU65 reports. */
  baseOre: number;
  ceilingOre: number;
  reductionOre: number;
  /** The rate as the statement writes it ("20,6 %"). */
  rate: string;
  /** ISO timestamp the statement was made. */
  issuedAt: string;
  /** Plain Swedish under the figures: what the company does with the statement. */
  guidance: string[];
}

export type DocumentRequest =
  | { kind: "invoice"; data: InvoiceDocumentData }
  | { kind: "receipt"; data: ReceiptDocumentData }
  | { kind: "thank-you-card"; data: ThankYouCardData }
  | { kind: "memorial-sheet"; data: MemorialSheetData }
  | { kind: "post-batch"; data: PostBatchData }
  | { kind: "memorial-collection-sheets"; data: MemorialCollectionSheetsData }
  | { kind: "gift-card"; data: GiftDocumentData }
  | { kind: "gift-certificate"; data: GiftDocumentData }
  | { kind: "diploma"; data: GiftDocumentData }
  | { kind: "greeting-card"; data: GreetingCardData }
  | { kind: "member-card"; data: MemberCardData }
  | { kind: "fundraiser-share"; data: FundraiserShareData }
  | { kind: "company-statement"; data: CompanyStatementData }
  | { kind: "company-certificate"; data: CompanyCertificateData }
  /** The same card, small: the card picker's pictures (360 px wide). */
  | { kind: "greeting-card-thumbnail"; data: GreetingCardData };

export type DocumentKind = DocumentRequest["kind"];
export type DocumentFormat = "pdf" | "png";

export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: "application/pdf",
  png: "image/png",
};

export interface DocumentRenderer {
  /** Renders any document to either format: print (PDF) or e-mail and preview (PNG). */
  render(request: DocumentRequest, format: DocumentFormat): Promise<Buffer>;
}
