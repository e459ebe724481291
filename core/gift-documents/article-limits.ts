import type { Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { LimitCounter } from "../rate-limits/rate-limiter";
import type { OrderItemRow } from "../orders/order-repository";
import { postalAddressKey, type PostalAddressFields } from "../postal-forms/postal-address-key";

/**
 * What an article line may cost the charity (issue #30: ten lines of a
 * hundred pins each to ten strangers' addresses against one 50 kr order).
 * Articles are free, so a visitor may add them only to an order that already
 * goes by post – they travel with what was bought – and only to an address
 * that order already posts to; an order gets at most `linesPerOrder` lines and
 * `quantityPerOrder` pieces in all, and one postal address at most
 * `perAddress` lines in 30 days, whichever order they come from (the site's
 * rate limiter, keyed by the normalised address). Staff, signed in to the
 * back office, may send what they judge right: none of this applies to them.
 */
export interface ArticleLimits {
  linesPerOrder: number;
  quantityPerOrder: number;
  perAddress: Pick<LimitCounter, "hit" | "peek">;
}

export const ARTICLE_ADDRESS_WINDOW_DAYS = 30;

/** Why a visitor may not add this line; the API's status, code, Swedish message and the field it concerns. */
export interface ArticleLimitRefusal {
  status: 422 | 429;
  code: string;
  message: string;
  fields: Record<string, string>;
}

interface ArticleRequest {
  quantity: number;
  address: PostalAddressFields;
}

const ACTIVE = (item: OrderItemRow) => item.status !== "cancelled";

/**
 * The first rule a visitor's article line breaks, or null when it may be
 * added. Reads only; `countArticle` records it once the line is stored.
 */
export async function refuseArticle(
  limits: ArticleLimits,
  items: readonly OrderItemRow[],
  storedQuantity: (item: OrderItemRow) => number,
  request: ArticleRequest,
  within: Transaction<DB>,
): Promise<ArticleLimitRefusal | null> {
  const posted = items.filter((item) => item.kind !== "article" && item.channel === "post" && item.recipient_street && ACTIVE(item));
  if (posted.length === 0) {
    return {
      status: 422,
      code: "order_not_by_post",
      message: "Artiklar skickas bara med beställningar som redan går med posten.",
      fields: { orderReference: "Beställningen skickar inget med posten, så den kan inte få artiklar." },
    };
  }
  const key = postalAddressKey(request.address);
  if (!posted.some((item) => postalAddressKey(postedAddress(item)) === key)) {
    return {
      status: 422,
      code: "recipient_not_on_order",
      message: "Artiklar skickas bara till en adress som beställningen redan skickar post till.",
      fields: { recipient: "Ange en adress som beställningen redan skickar till, eller lämna mottagaren tom." },
    };
  }
  const lines = items.filter((item) => item.kind === "article" && ACTIVE(item));
  if (lines.length >= limits.linesPerOrder) {
    return {
      status: 429,
      code: "order_limited",
      message: `En beställning kan få högst ${limits.linesPerOrder} artikelrader, och den här har redan det.`,
      fields: { orderReference: `Beställningen har redan ${lines.length} artikelrader.` },
    };
  }
  const left = limits.quantityPerOrder - lines.reduce((sum, item) => sum + storedQuantity(item), 0);
  if (request.quantity > left) {
    return {
      status: 422,
      code: "order_limited",
      message: `En beställning kan få högst ${limits.quantityPerOrder} artiklar i allt.`,
      fields: { quantity: left > 0 ? `Beställningen kan få högst ${left} artiklar till.` : "Beställningen har redan fått så många artiklar den kan få." },
    };
  }
  if (!(await limits.perAddress.peek(key, within))) {
    return {
      status: 429,
      code: "address_limited",
      message: "Vi har redan skickat flera artiklar till den här adressen den senaste månaden.",
      fields: { recipient: "Adressen har fått så många artiklar den kan få just nu. Försök igen om en månad." },
    };
  }
  return null;
}

/** Counts a stored line against its postal address. */
export async function countArticle(limits: ArticleLimits, address: PostalAddressFields, within: Transaction<DB>): Promise<void> {
  await limits.perAddress.hit(postalAddressKey(address), within);
}

function postedAddress(item: OrderItemRow): PostalAddressFields {
  return { street: item.recipient_street ?? "", postalCode: item.recipient_postal_code ?? "", city: item.recipient_city ?? "" };
}
