import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { BankIdStartError, type PollResult } from "#core/donors/bankid-login";
import { bankIdQrSvg } from "#integrations/bankid/qr-image";
import { isSameOriginRequest } from "#core/donors/same-origin";
import { safeReturnPath } from "#core/donors/return-path";
import { sendApiError, sendValidationError } from "./api-errors";
import { limitRequests, perMinuteLimit } from "./rate-limit";

/**
 * The spec's frontend BankID API: POST /api/BankID/Authenticate, /Sign and
 * /Poll with a JSON payload, /Cancel with the orderRef as a text/plain body.
 * Orders belong to the browser that started them (an HttpOnly cookie); a
 * completed identification becomes a fresh donor session in the Poll answer.
 */
const startPayload = z.object({
  /** "this": open the BankID app on this device (autostart link); "other": QR code. */
  device: z.enum(["this", "other"]).default("other"),
  returnTo: z.string().max(300).optional(),
});

const signPayload = startPayload.extend({
  /** What the donor signs, shown in the BankID app (simpleMarkdownV1). */
  text: z.string().trim().min(1, "Ange texten som ska skrivas under.").max(1500, "Texten är för lång."),
});

const pollPayload = z.object({ orderRef: z.string().min(1).max(64), returnTo: z.string().max(300).optional() });

export function bankIdApiRouter(container: AppContainer): Router {
  const router = express.Router();
  const { bankId, sessions, limits } = container.donors;
  const sameOrigin = (req: Request) =>
    isSameOriginRequest(
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), host: req.get("host") },
      container.config.publicUrl,
    );

  const start = (kind: "auth" | "sign") => async (req: Request, res: Response) => {
    if (!sameOrigin(req)) return sendApiError(res, 403, "cross_origin", "Förfrågan kom från en annan webbplats.");
    const parsed = kind === "sign" ? signPayload.safeParse(req.body ?? {}) : startPayload.safeParse(req.body ?? {});
    if (!parsed.success) return sendValidationError(res, parsed.error);
    const text = "text" in parsed.data && typeof parsed.data.text === "string" ? parsed.data.text : undefined;
    const browser = bankId.browserId(req.headers.cookie);
    try {
      const order = await bankId.start(kind, {
        endUserIp: req.ip ?? "127.0.0.1",
        browserId: browser.id,
        sameDevice: parsed.data.device === "this",
        ...(text !== undefined ? { userVisibleData: text } : {}),
      });
      if (browser.setCookie) res.append("Set-Cookie", browser.setCookie);
      res.status(201).json({ orderRef: order.orderRef, autoStartUrl: order.autoStartUrl, sameDevice: parsed.data.device === "this" });
    } catch (error) {
      if (!(error instanceof BankIdStartError)) throw error;
      const status = error.errorCode === "alreadyInProgress" ? 409 : 502;
      res.status(status).json({ error: { code: "bankid_error", message: error.userMessage.text, rfa: error.userMessage.code } });
    }
  };

  router.post("/BankID/Authenticate", limitRequests(limits.bankIdStarts), start("auth"));
  router.post("/BankID/Sign", limitRequests(limits.bankIdStarts), start("sign"));

  router.post("/BankID/Poll", perMinuteLimit(container.rateLimiter, "bankid-polls", container.config.RATE_LIMIT_POLLS_PER_MINUTE), async (req, res) => {
    const parsed = pollPayload.safeParse(req.body ?? {});
    if (!parsed.success) return sendValidationError(res, parsed.error);
    const browser = bankId.browserId(req.headers.cookie);
    const result = await bankId.poll(parsed.data.orderRef, browser.id);
    if (!result) return sendApiError(res, 404, "not_found", "Inloggningen finns inte längre. Börja om.");
    let redirectTo: string | null = null;
    if (result.status === "complete" && result.kind === "auth") {
      if (!sameOrigin(req)) return sendApiError(res, 403, "cross_origin", "Förfrågan kom från en annan webbplats.");
      const donorId = await bankId.consume(result.orderRef, browser.id);
      if (donorId) res.append("Set-Cookie", await sessions.login(donorId, req.headers.cookie));
      redirectTo = safeReturnPath(parsed.data.returnTo);
    }
    res.json(await pollView(result, redirectTo));
  });

  router.post("/BankID/Cancel", express.text({ type: "text/plain", limit: "1kb" }), async (req, res) => {
    if (!sameOrigin(req)) return sendApiError(res, 403, "cross_origin", "Förfrågan kom från en annan webbplats.");
    const orderRef = typeof req.body === "string" ? req.body.trim() : "";
    if (!orderRef || orderRef.length > 64) return sendApiError(res, 400, "validation_failed", "Ange orderRef som text.");
    const cancelled = await bankId.cancel(orderRef, bankId.browserId(req.headers.cookie).id);
    if (!cancelled) return sendApiError(res, 404, "not_found", "Inloggningen finns inte längre.");
    res.json({});
  });

  return router;
}

/** The poll answer for the page: state, BankID's wording, and this second's QR code as SVG. */
export async function pollView(result: PollResult, redirectTo: string | null) {
  return {
    orderRef: result.orderRef,
    status: result.status,
    hintCode: result.hintCode,
    message: result.message?.text ?? null,
    rfa: result.message?.code ?? null,
    qr: result.qr,
    qrSvg: result.qr ? await bankIdQrSvg(result.qr) : null,
    redirectTo,
  };
}
