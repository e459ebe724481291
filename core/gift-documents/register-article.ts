import { z } from "zod";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { SiteConfig } from "../site/site-config";
import { cityText, nameText, streetText } from "../text/text-fields";
import { findGiftByOrderReference } from "../payments/payment-repository";
import { isOrderReference } from "../payments/order-reference";
import { findOrderForGift, insertOrderItem, orderItems, type OrderItemRow } from "../orders/order-repository";
import { transitionOrderItem } from "../orders/order-transitions";
import { normalisePostalCode, POSTAL_CODE } from "./gift-document-form";
import { countArticle, refuseArticle, type ArticleLimits } from "./article-limits";

/**
 * An article line (order item kind `article`): something physical the charity
 * sends with an order – the charity's heart pin, a gift envelope, an extra
 * printed copy of a certificate. Registered on an existing order
 * (POST /api/RegisterArticle); it costs the donor nothing extra, so the
 * gift's amount never changes. It goes by post, into the fulfilment queue:
 * at once when the gift is already paid, otherwise when it is paid (the
 * payment moves every `created` item of the order to `ready`).
 */
export const ARTICLES = {
  hjartnal: "Hjärtnål",
  presentkuvert: "Presentkuvert",
  "extra-exemplar": "Extra tryckt exemplar av dokumentet",
} as const;
export type ArticleCode = keyof typeof ARTICLES;
export const MAX_ARTICLE_QUANTITY = 100;

const articleCodes = Object.keys(ARTICLES) as [ArticleCode, ...ArticleCode[]];

export const registerArticleSchema = z.object({
  orderReference: z.string().trim().refine(isOrderReference, "Ordernumret ska vara 26 tecken, som i kvittot."),
  articleCode: z.enum(articleCodes, { error: `Artikeln finns inte. Välj en av: ${articleCodes.join(", ")}.` }),
  quantity: z
    .number({ error: "Antalet ska vara ett heltal." })
    .int("Antalet ska vara ett heltal.")
    .min(1, "Antalet ska vara minst 1.")
    .max(MAX_ARTICLE_QUANTITY, `Antalet kan vara högst ${MAX_ARTICLE_QUANTITY}.`),
  recipient: z
    .object({
      name: nameText().pipe(z.string().min(2, "Skriv mottagarens namn.")),
      street: streetText().pipe(z.string().min(2, "Skriv gatuadressen.")),
      postalCode: z.string().trim().regex(POSTAL_CODE, "Skriv postnumret med fem siffror, till exempel 123 45."),
      city: cityText().pipe(z.string().min(2, "Skriv orten.")),
    })
    .optional(),
  idempotencyKey: z.uuid("Ange en idempotencyKey (UUID), så registreras samma rad aldrig två gånger."),
});
export type RegisterArticleRequest = z.output<typeof registerArticleSchema>;

/** Why an article could not be registered: the API's status and code, a Swedish message. Nothing was stored. */
export class ArticleRefusal extends Error {
  constructor(
    readonly status: 404 | 409 | 422 | 429,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ArticleRefusal";
  }
}

const storedArticleSchema = z.object({ articleCode: z.string(), quantity: z.number(), idempotencyKey: z.string() });

/** An article line's stored content, as the post batch prints it. */
export function storedArticle(content: string): { articleCode: string; articleName: string; quantity: number } {
  const stored = storedArticleSchema.extend({ articleName: z.string().optional() }).parse(JSON.parse(content));
  const articleName = stored.articleName ?? ARTICLES[stored.articleCode as ArticleCode] ?? stored.articleCode;
  return { articleCode: stored.articleCode, articleName, quantity: stored.quantity };
}

/** What is in an article's envelope, counted as a letter says it. */
const IN_THE_ENVELOPE: Readonly<Record<ArticleCode, (n: number) => string>> = {
  hjartnal: (n) => (n === 1 ? "en hjärtnål" : `${n} hjärtnålar`),
  presentkuvert: (n) => (n === 1 ? "ett presentkuvert" : `${n} presentkuvert`),
  "extra-exemplar": (n) => (n === 1 ? "ett extra tryckt exemplar av dokumentet" : `${n} extra tryckta exemplar av dokumentet`),
};

/** The covering letter on an article's address page: what is in the envelope and why, in a few words. */
export function articleLetter(
  name: string,
  article: { articleCode: string; articleName: string; quantity: number },
  site: SiteConfig,
): { paragraphs: string[]; signOff: string[] } {
  const phrase = IN_THE_ENVELOPE[article.articleCode as ArticleCode];
  const what = phrase ? phrase(article.quantity) : `${article.quantity} st ${article.articleName.toLowerCase()}`;
  return {
    paragraphs: [
      `Hej ${name}!`,
      `I kuvertet finns ${what}, som hör till en gåva till forskningen om hjärt- och lungsjukdomar genom ${site.name}.`,
      `Har du frågor? Ring oss på ${site.phone} eller skriv till ${site.email}.`,
    ],
    signOff: ["Tack för att du är med och stöder forskningen.", "Varma hälsningar", site.name],
  };
}

function articleQuantity(item: OrderItemRow): number {
  const stored = storedArticleSchema.safeParse(JSON.parse(item.content));
  return stored.success ? stored.data.quantity : 0;
}

export interface RegisteredArticle {
  item: OrderItemRow;
  created: boolean;
}

/**
 * Adds the line. `byStaff` is true only for a member of staff signed in to the
 * back office; a visitor's line must keep within core/gift-documents/article-limits.ts.
 */
export async function registerArticle(
  deps: { db: Kysely<DB>; clock: Clock; articleLimits: ArticleLimits },
  request: RegisterArticleRequest,
  options: { byStaff: boolean },
): Promise<RegisteredArticle> {
  const gift = await findGiftByOrderReference(deps.db, request.orderReference);
  const order = gift ? await findOrderForGift(deps.db, gift.id) : undefined;
  if (!gift || !order) throw new ArticleRefusal(404, "not_found", "Det finns ingen beställning med det ordernumret.");
  if (gift.status === "refunded") throw new ArticleRefusal(409, "order_closed", "Gåvan är återbetald, så beställningen kan inte ändras.");
  return deps.db.transaction().execute(async (trx) => {
    const items = await orderItems(trx, order.id);
    for (const existing of items) {
      if (existing.kind !== "article") continue;
      const stored = storedArticleSchema.safeParse(JSON.parse(existing.content));
      if (stored.success && stored.data.idempotencyKey === request.idempotencyKey) return { item: existing, created: false };
    }
    const postal = items.find((item) => item.channel === "post" && item.recipient_street);
    const recipient = request.recipient
      ? { name: request.recipient.name, address: { street: request.recipient.street, postalCode: normalisePostalCode(request.recipient.postalCode), city: request.recipient.city } }
      : postal
        ? { name: postal.recipient_name, address: { street: postal.recipient_street!, postalCode: postal.recipient_postal_code ?? "", city: postal.recipient_city ?? "" } }
        : null;
    if (!recipient) {
      throw new ArticleRefusal(422, "recipient_required", "Beställningen har ingen postadress. Ange vart artikeln ska skickas.", {
        recipient: "Ange mottagarens namn och postadress.",
      });
    }
    if (!options.byStaff) {
      const refusal = await refuseArticle(deps.articleLimits, items, articleQuantity, { quantity: request.quantity, address: recipient.address }, trx);
      if (refusal) throw new ArticleRefusal(refusal.status, refusal.code, refusal.message, refusal.fields);
      await countArticle(deps.articleLimits, recipient.address, trx);
    }
    let item = await insertOrderItem(trx, deps.clock, order.id, {
      kind: "article",
      content: { articleCode: request.articleCode, articleName: ARTICLES[request.articleCode], quantity: request.quantity, idempotencyKey: request.idempotencyKey },
      recipient,
      channel: "post",
      dueDate: null,
    });
    if (gift.status === "paid") {
      item = (await transitionOrderItem(trx, deps.clock, { itemId: item.id, to: "ready", source: "system", data: { reason: "article registered on a paid order" } })).item;
    }
    return { item, created: true };
  });
}
