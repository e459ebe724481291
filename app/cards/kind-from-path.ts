import type { GiftDocumentKind } from "#core/gift-documents/gift-documents";

const KIND_BY_SLUG: Record<string, GiftDocumentKind> = { gavokort: "gift_card", gavobevis: "gift_certificate", diplom: "diploma" };

/**
 * Which document a page is about, from its address: /ge-en-gava/gavobevis,
 * /order/diplom/…, /gavokort/… (the same modules serve all three kinds).
 */
export function giftDocumentKindOf(request: Request): GiftDocumentKind | null {
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  if (segments[0] === "gavokort") return "gift_card";
  if (segments[0] === "order") return KIND_BY_SLUG[segments[1] ?? ""] ?? null;
  if (segments[0] === "ge-en-gava") return KIND_BY_SLUG[segments[1] ?? ""] ?? null;
  return null;
}

/** Where a kind's order page is (core/gift-documents/gift-documents.ts). */
export { giftDocumentPagePath } from "#core/gift-documents/gift-documents";
