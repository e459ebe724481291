import express, { type Request, type Response } from "express";
import type { Logger } from "#core/logger";
import { authRequestSchema, invalidParametersDetails, orderRefRequestSchema, signRequestSchema } from "./request-schemas";
import type { SimulatedBankId } from "./simulated-bankid";
import { SimulatorApiError } from "./simulator-api-error";

const METHODS = new Set(["auth", "sign", "collect", "cancel"]);

/**
 * BankID's Relying Party API v6.0 under /rp/v6.0, answering as the real
 * service does: POST with `Content-Type: application/json` only (415
 * otherwise, also when a charset is added), 405 for other HTTP methods, 404
 * notFound for a wrong path, 400 invalidParameters for bad input and for an
 * orderRef it does not know ("No such order").
 */
export function createBankIdApiRouter(bankId: SimulatedBankId, logger: Logger): express.Router {
  const router = express.Router();
  // Raw body: we check the media type and parse ourselves, to give BankID's error codes.
  const rawBody = express.raw({ type: () => true, limit: "1mb" });

  router.all("/rp/v6.0/:method", rawBody, async (req: Request, res: Response) => {
    const method = String(req.params.method);
    try {
      if (!METHODS.has(method)) throw new SimulatorApiError(404, "notFound", "Not found");
      if (req.method !== "POST") throw new SimulatorApiError(405, "methodNotAllowed", "Only http method POST is allowed");
      const mediaType = (req.headers["content-type"] ?? "").trim().toLowerCase();
      if (mediaType !== "application/json") throw new SimulatorApiError(415, "unsupportedMediaType", "Unsupported media type");
      const body = parseJson(req.body);
      res.status(200).json(await dispatch(bankId, method, body));
    } catch (error) {
      sendError(res, error, logger);
    }
  });

  router.all("/rp/{*rest}", (_req: Request, res: Response) => {
    res.status(404).json({ errorCode: "notFound", details: "Not found" });
  });

  return router;
}

async function dispatch(bankId: SimulatedBankId, method: string, body: unknown): Promise<object> {
  if (method === "auth" || method === "sign") {
    const parsed = (method === "auth" ? authRequestSchema : signRequestSchema).safeParse(body);
    if (!parsed.success) throw new SimulatorApiError(400, "invalidParameters", invalidParametersDetails(parsed.error, body));
    return bankId.start(method, parsed.data);
  }
  const parsed = orderRefRequestSchema.safeParse(body);
  if (!parsed.success) throw new SimulatorApiError(400, "invalidParameters", invalidParametersDetails(parsed.error, body));
  if (method === "collect") return bankId.collect(parsed.data.orderRef);
  await bankId.cancel(parsed.data.orderRef);
  return {};
}

function parseJson(raw: unknown): unknown {
  // A JSON parser mounted before us may already have parsed the body.
  if (raw !== null && typeof raw === "object" && !Buffer.isBuffer(raw)) return raw;
  const text = Buffer.isBuffer(raw) ? raw.toString("utf8") : typeof raw === "string" ? raw : "";
  try {
    return JSON.parse(text);
  } catch {
    throw new SimulatorApiError(400, "invalidParameters", "Invalid JSON");
  }
}

function sendError(res: Response, error: unknown, logger: Logger): void {
  if (error instanceof SimulatorApiError) {
    res.status(error.status).json({ errorCode: error.errorCode, details: error.details });
    return;
  }
  logger.error({ err: error }, "BankID simulator failed");
  res.status(500).json({ errorCode: "internalError", details: "Internal error" });
}
