import express, { type NextFunction, type Request, type Response } from "express";
import { swishErrors } from "./validate-create";
import type { SwishSimulatorEngine } from "./simulator-engine";
import type { SwishRefundEngine } from "./refund-engine";

/**
 * The Swish Commerce API as the real service serves it under
 * `/swish-cpcapi/api`: same paths, status codes, headers and bodies, so the real
 * `SwishClient` is what talks to it.
 */
export function createSwishApiRouter(engine: SwishSimulatorEngine, refunds: SwishRefundEngine): express.Router {
  const router = express.Router();
  router.use(express.json({ type: ["application/json", "application/json-patch+json"], limit: "16kb" }));

  router.put("/v2/paymentrequests/:id", async (req, res) => {
    const id = req.params.id as string;
    const result = await engine.create(id, req.body);
    if (!result.ok) {
      res.status(422).json(result.errors);
      return;
    }
    // An absolute URL, as Swish gives, built from how this request reached us.
    res.location(`${req.protocol}://${req.get("host")}${req.baseUrl}/v1/paymentrequests/${id}`);
    if (result.record.paymentRequestToken) res.set("PaymentRequestToken", result.record.paymentRequestToken);
    res.status(201).end();
  });

  router.get("/v1/paymentrequests/:id", async (req, res) => {
    const record = await engine.get(req.params.id as string);
    if (!record) {
      res.status(404).end();
      return;
    }
    res.status(200).json(record.paymentRequest);
  });

  router.patch("/v1/paymentrequests/:id", async (req, res) => {
    if (!req.is("application/json-patch+json")) {
      res.status(415).end();
      return;
    }
    if (!isCancelPatch(req.body)) {
      res.status(422).json(swishErrors(["PA01"]));
      return;
    }
    const result = await engine.cancel(req.params.id as string);
    if (result.ok) res.status(200).json(result.record.paymentRequest);
    else if (result.reason === "not-found") res.status(404).end();
    else res.status(422).json(result.errors);
  });

  router.put("/v2/refunds/:id", async (req, res) => {
    const id = req.params.id as string;
    const result = await refunds.create(id, req.body);
    if (!result.ok) {
      res.status(422).json(result.errors);
      return;
    }
    res.location(`${req.protocol}://${req.get("host")}${req.baseUrl}/v1/refunds/${id}`);
    res.status(201).end();
  });

  router.get("/v1/refunds/:id", async (req, res) => {
    const record = await refunds.get(req.params.id as string);
    if (!record) {
      res.status(404).end();
      return;
    }
    res.status(200).json(record.refund);
  });

  // Malformed JSON (or any other failure) must answer like an API, not with an HTML error page.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) res.status(status).end();
    else next(error);
  });

  return router;
}

function isCancelPatch(body: unknown): boolean {
  if (!Array.isArray(body) || body.length !== 1) return false;
  const [op] = body as unknown[];
  if (typeof op !== "object" || op === null) return false;
  const { op: kind, path, value } = op as Record<string, unknown>;
  return kind === "replace" && path === "/status" && typeof value === "string" && value.toLowerCase() === "cancelled";
}
