import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { ArticleRefusal, registerArticle, registerArticleSchema } from "#core/gift-documents/register-article";
import { sendApiError, sendValidationError } from "./api-errors";
import { limitRequests } from "./rate-limit";

/**
 * Registers an ordered article line on an existing order (order item kind
 * `article`): the charity's heart pin, a gift envelope or an extra printed
 * copy sent by post with the order. It changes no amount.
 *
 *   POST /api/RegisterArticle
 *   {
 *     "orderReference": "0123456789ABCDEFGHJKMNPQRS",   // the gift's order reference (26 characters)
 *     "articleCode": "hjartnal" | "presentkuvert" | "extra-exemplar",
 *     "quantity": 2,                                      // 1–100
 *     "recipient": { "name", "street", "postalCode", "city" },  // optional: defaults to the order's postal recipient
 *     "idempotencyKey": "uuid"                            // the same key registers the same line once
 *   }
 *   → 201 { article: { reference, articleCode, quantity, status } }  (200 with the same body for a repeated key)
 *   → 400 validation_failed with fields; 404 not_found; 409 order_closed (refunded);
 *     422 recipient_required (no postal address on the order and none given);
 *     422 order_not_by_post, recipient_not_on_order, order_limited (pieces); 429 order_limited (lines),
 *     address_limited, rate_limited – each with the field it concerns (core/gift-documents/article-limits.ts)
 *
 * Articles are free, so a visitor adds them only to an order that already goes
 * by post and to an address it posts to, within caps per order and per postal
 * address; a member of staff signed in to the back office (insamling or admin)
 * is not held to those caps.
 */
export function registerArticleApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.post("/RegisterArticle", limitRequests(container.giftDocumentLimiter), async (req, res, next) => {
    const parsed = registerArticleSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendValidationError(res, parsed.error);
    try {
      const byStaff = await signedInStaff(container, req.headers.cookie, req.ip ?? "unknown");
      const { item, created } = await registerArticle(container, parsed.data, { byStaff });
      const content = JSON.parse(item.content) as { articleCode: string; quantity: number };
      res.status(created ? 201 : 200).json({ article: { reference: item.reference, articleCode: content.articleCode, quantity: content.quantity, status: item.status } });
    } catch (error) {
      if (error instanceof ArticleRefusal) return sendApiError(res, error.status, error.code, error.message, error.fields);
      next(error);
    }
  });
  return router;
}

/** Whether the request comes from a member of staff who fulfils orders (the back office's session and roles, decision 0020). */
async function signedInStaff(container: AppContainer, cookieHeader: string | undefined, ip: string): Promise<boolean> {
  const check = await container.staff.sessions.check(cookieHeader, ip);
  return check.state === "active" && check.staff.roles.some((role) => role === "insamling" || role === "admin");
}
