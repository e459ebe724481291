import express, { type Request, type Response } from "express";
import { SIMULATOR_PAGE_CSS } from "./page-style";
import { renderListPage, renderMessagePage, renderRequestPage } from "./pages";
import { SwishSimulatorStateError, type SwishSimulatorEngine } from "./simulator-engine";

/**
 * The tester's side: the "Swish app" pages where a payment request is approved
 * or declined, and an http stand-in for the `swish://paymentrequest` app switch.
 */
export function createSwishAppRouter(engine: SwishSimulatorEngine): express.Router {
  const router = express.Router();
  const forms = express.urlencoded({ extended: false, limit: "4kb" });

  router.get("/style.css", (_req, res) => {
    res.type("text/css").set("Cache-Control", "no-cache").send(SIMULATOR_PAGE_CSS);
  });

  router.get("/", async (req, res) => {
    sendHtml(res, 200, renderListPage(await engine.list(), req.baseUrl));
  });

  router.get("/requests/:id", async (req, res) => {
    const record = await engine.get(req.params.id as string);
    if (!record) {
      notFound(req, res);
      return;
    }
    sendHtml(res, 200, renderRequestPage(record, req.baseUrl, returnUrl(req.query.callbackurl)));
  });

  // Same query as the real app switch, so a phone flow in simulator mode only swaps the scheme and host.
  router.get("/paymentrequest", async (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const record = token ? await engine.findByToken(token) : undefined;
    if (!record) {
      notFound(req, res);
      return;
    }
    const back = returnUrl(req.query.callbackurl);
    const query = back ? `?callbackurl=${encodeURIComponent(back)}` : "";
    res.redirect(303, `${req.baseUrl}/requests/${record.paymentRequest.id}${query}`);
  });

  router.post("/requests/:id/:answer", forms, async (req, res) => {
    const id = req.params.id as string;
    const answer = req.params.answer;
    if (answer !== "approve" && answer !== "decline") {
      notFound(req, res);
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      if (answer === "approve") {
        const payerAlias = typeof body.payerAlias === "string" && body.payerAlias.trim() ? body.payerAlias.trim() : undefined;
        await engine.approve(id, payerAlias);
      } else {
        await engine.decline(id);
      }
    } catch (error) {
      if (!(error instanceof SwishSimulatorStateError)) throw error;
      if (error.reason === "not-found") {
        notFound(req, res);
        return;
      }
      if (error.reason === "invalid-payer-alias") {
        sendHtml(
          res,
          400,
          renderMessagePage(
            "Ogiltigt Swish-nummer",
            "Ange 8–15 siffror som börjar med landskoden, till exempel 46712345678.",
            req.baseUrl,
          ),
        );
        return;
      }
      // Already ended (paid, timed out…): going back shows its final status.
    }
    // 303 so that reloading the page after the redirect does not post again.
    const back = returnUrl(body.callbackurl);
    const query = back ? `?callbackurl=${encodeURIComponent(back)}` : "";
    res.redirect(303, body.from === "request" ? `${req.baseUrl}/requests/${id}${query}` : `${req.baseUrl}/`);
  });

  return router;
}

function sendHtml(res: Response, status: number, html: string): void {
  res.status(status).type("html").set("Cache-Control", "no-store").send(html);
}

function notFound(req: Request, res: Response): void {
  sendHtml(res, 404, renderMessagePage("Hittades inte", "Det finns ingen sådan betalningsförfrågan.", req.baseUrl));
}

/** Only http(s) links are shown, so a crafted link cannot smuggle a `javascript:` URL into the page. */
function returnUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
