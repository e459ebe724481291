import { z } from "zod";
import { multiLineText, oneLineText } from "../text/text-fields";
import type { OrderItemKind } from "../orders/order-status";
import { documentFileName } from "../text/file-name";
import { CARD_MOTIFS, CARD_PALETTES } from "../cards/card-design";

/**
 * Ordered documents given in someone else's name: the gift card (gåvokort) a
 * donor prints and hands over, the gift certificate (gåvobevis) and the
 * diploma (diplom) the charity sends by e-mail or post. Each is a gift type
 * and an order item kind of the same name (core/gifts/gift-types.ts,
 * core/orders/order-status.ts). The words on the document are stored with the
 * order item as `GiftDocumentContent`; the recipient's name is the item's own.
 */
export const GIFT_DOCUMENT_KINDS = ["gift_card", "gift_certificate", "diploma"] as const;
export type GiftDocumentKind = (typeof GIFT_DOCUMENT_KINDS)[number];

/** The document engine's name for each kind (core/documents/document-renderer.ts). */
export const GIFT_DOCUMENT_RENDER_KIND = { gift_card: "gift-card", gift_certificate: "gift-certificate", diploma: "diploma" } as const satisfies Record<GiftDocumentKind, string>;

export function isGiftDocumentKind(value: string): value is GiftDocumentKind {
  return (GIFT_DOCUMENT_KINDS as readonly string[]).includes(value);
}

export const GIFT_DOCUMENT_LABELS: Readonly<Record<GiftDocumentKind, { name: string; definite: string; slug: string }>> = {
  gift_card: { name: "Gåvokort", definite: "gåvokortet", slug: "gavokort" },
  gift_certificate: { name: "Gåvobevis", definite: "gåvobeviset", slug: "gavobevis" },
  diploma: { name: "Diplom", definite: "diplomet", slug: "diplom" },
};

/** The buyer's page for the order, where the document is shown and downloaded: /gavokort/REF, /order/gavobevis/REF, /order/diplom/REF. */
export function giftDocumentPagePath(kind: GiftDocumentKind, orderReference: string): string {
  return kind === "gift_card" ? `/gavokort/${orderReference}` : `/order/${GIFT_DOCUMENT_LABELS[kind].slug}/${orderReference}`;
}

/** The occasion decides the document's heading; "annat" has none of its own. */
export const OCCASIONS = ["fodelsedag", "brollop", "jubileum", "pensionering", "foretagets_tack", "tack", "jul", "annat"] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const OCCASION_LABELS: Readonly<Record<Occasion, string>> = {
  fodelsedag: "Födelsedag",
  brollop: "Bröllop",
  jubileum: "Jubileum",
  pensionering: "Pensionering",
  foretagets_tack: "Ett företags tack",
  tack: "Tack",
  jul: "Jul",
  annat: "Annat tillfälle",
};

/** The line above the recipient's name. */
export const OCCASION_HEADINGS: Readonly<Record<Occasion, string>> = {
  fodelsedag: "Grattis på födelsedagen",
  brollop: "Grattis på bröllopsdagen",
  jubileum: "Grattis på jubileet",
  pensionering: "Lycka till som pensionär",
  foretagets_tack: "Tack för gott samarbete",
  tack: "Ett varmt tack",
  jul: "God jul",
  annat: "En gåva i ditt namn",
};

export function isOccasion(value: string): value is Occasion {
  return (OCCASIONS as readonly string[]).includes(value);
}

/**
 * Each kind's designs, vector art in the charity's colours (documents/design/gift-document-art.tsx).
 * A gift card ordered on its page wears a card from the greeting-card
 * catalogue instead (its code is the item's design, its art stored as
 * `card`); the three bands here remain for list orders and older gift cards.
 */
export const GIFT_DOCUMENT_DESIGNS = {
  gift_card: ["hjartan", "blommor", "stjarnor"],
  gift_certificate: ["lager", "band"],
  diploma: ["sigill", "lager"],
} as const satisfies Record<GiftDocumentKind, readonly string[]>;
export type GiftDocumentDesign = (typeof GIFT_DOCUMENT_DESIGNS)[GiftDocumentKind][number];

export const DESIGN_LABELS: Readonly<Record<GiftDocumentDesign, string>> = {
  hjartan: "Hjärtan",
  blommor: "Blommor",
  stjarnor: "Stjärnor",
  lager: "Lagerkrans",
  band: "Band och rosett",
  sigill: "Sigill",
};

export function isDesignOf(kind: GiftDocumentKind, design: string): design is GiftDocumentDesign {
  return (GIFT_DOCUMENT_DESIGNS[kind] as readonly string[]).includes(design);
}

export const TEXT_MAX_CHARACTERS = 300;
export const SIGNATURE_MAX_CHARACTERS = 80;
export const RECIPIENT_NAME_MAX_CHARACTERS = 80;

/** The giver's words and signature, the same in the order form, the preview and a list order (core/text/text-fields.ts). */
export const giftDocumentText = () => multiLineText(TEXT_MAX_CHARACTERS, `Texten får vara högst ${TEXT_MAX_CHARACTERS} tecken.`);
export const giftDocumentSignature = () => oneLineText(SIGNATURE_MAX_CHARACTERS, `Underskriften får vara högst ${SIGNATURE_MAX_CHARACTERS} tecken.`);

/** What is stored with the order item and read back by the page, the e-mail and the template. */
export const giftDocumentContentSchema = z.object({
  occasion: z.enum(OCCASIONS),
  text: z.string().max(TEXT_MAX_CHARACTERS * 2),
  signature: z.string().max(SIGNATURE_MAX_CHARACTERS * 2),
  showAmount: z.boolean(),
  /** What this recipient's document says was given: the gift, or the recipient's share of a list order's gift. */
  amountOre: z.number().int().nonnegative(),
  /** A list order's line in the uploaded file, so the recipients are shown in the file's order. */
  row: z.number().int().optional(),
  /**
   * A gift card's card from the catalogue, as it looked when bought: staff may
   * redraw a code in content/cards later, and a card already given keeps its face.
   */
  card: z
    .object({
      code: z.string(),
      design: z.object({ motif: z.enum(CARD_MOTIFS), palette: z.enum(CARD_PALETTES), variant: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }),
    })
    .optional(),
});
export type GiftDocumentContent = z.output<typeof giftDocumentContentSchema>;

export function storedGiftDocumentContent(json: string): GiftDocumentContent {
  return giftDocumentContentSchema.parse(JSON.parse(json));
}

/** Order item kinds this module owns. */
export function isGiftDocumentItem(item: { kind: OrderItemKind }): item is { kind: GiftDocumentKind } {
  return isGiftDocumentKind(item.kind);
}

/** "gavobevis-anna-svensson.pdf": the name without accents, for every mail program. */
export function giftDocumentFileName(kind: GiftDocumentKind, recipientName: string, extension: "pdf" | "png"): string {
  return documentFileName(GIFT_DOCUMENT_LABELS[kind].slug, recipientName, extension);
}
