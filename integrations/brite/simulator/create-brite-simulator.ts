import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import express, { Router, type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { postJsonCallback } from "../../simulator-kit/post-json";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { SESSION_LIFETIME_MS, SessionState, TransactionState, isTerminalSessionState } from "../states";
import { SIM_BANKS, renderApprovalPage, renderBankChoicePage, renderMessagePage } from "./pages";
import { createInMemoryBriteStore, type BriteSimStore, type SimSession, type SimTransaction } from "./session-store";

/**
 * A local Brite: the merchant API under /api (same method names, bearer
 * tokens, status codes) and the donor's bank pages under /session/:token.
 * Mounted by the server at /_sim/brite when Brite is configured to simulate.
 *
 * Callbacks are sent transaction-first on approval, i.e. the transaction's
 * COMPLETED may arrive before the session's COMPLETED, because the real
 * service gives no ordering guarantee and our handler must not rely on one.
 * Expiry is applied lazily, when a session is read or its page is opened.
 */
export interface BriteSimulatorOptions {
  clock: Clock;
  logger: Logger;
  publicKey: string;
  secret: string;
  /** Delivers one callback; defaults to an HTTP POST with a JSON body. Throw to trigger a retry. */
  postCallback?: (url: string, body: unknown) => Promise<void>;
  store?: BriteSimStore;
  merchantId?: string;
  /** Lifetime of access tokens. Brite's real value is *unverified*; one hour here. */
  tokenTtlSeconds?: number;
  /** Delays between callback attempts (real time, not the injected clock). */
  callbackRetryDelaysMs?: number[];
}

const createDepositSchema = z.looseObject({
  country_id: z.string().min(2),
  amount: z.number().positive(),
  merchant_reference: z.string().min(1),
  callbacks: z
    .array(z.union([z.object({ url: z.url(), session_state: z.number().int() }), z.object({ url: z.url(), transaction_state: z.number().int() })]))
    .default([]),
  locale: z.string().optional(),
  redirect_uri: z.url().optional(),
  ssn: z.string().optional(),
});

type CallbackEvent = { session_state: number } | { transaction_state: number; transaction_id: string };

export function createBriteSimulator(options: BriteSimulatorOptions): { router: Router } {
  const { clock, logger } = options;
  const store = options.store ?? createInMemoryBriteStore();
  const merchantId = options.merchantId ?? "sim-merchant";
  const tokenTtlMs = (options.tokenTtlSeconds ?? 3600) * 1000;
  const retryDelays = options.callbackRetryDelaysMs ?? [1000, 5000];
  const postCallback = options.postCallback ?? postJsonCallback;
  // Tokens live in memory on purpose: after a restart the client gets a 401 and re-authorizes, as with the real service.
  const tokens = new Map<string, number>();
  const router = Router();
  const api = Router();
  router.use("/api", express.json({ limit: "50kb" }), api);

  api.post("/merchant.authorize", (req: Request, res: Response) => {
    const body = (req.body ?? {}) as { public_key?: unknown; secret?: unknown };
    if (!sameString(body.public_key, options.publicKey) || !sameString(body.secret, options.secret)) {
      res.status(401).json({ message: "Invalid credentials" });
      return;
    }
    const accessToken = randomBytes(24).toString("base64url");
    const expiresAt = clock.now().getTime() + tokenTtlMs;
    tokens.set(accessToken, expiresAt);
    res.json({ access_token: accessToken, refresh_token: randomBytes(24).toString("base64url"), expires: expiresAt / 1000 });
  });

  api.use((req: Request, res: Response, next: NextFunction) => {
    const token = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= clock.now().getTime()) {
      res.status(401).json({ message: expiresAt === undefined ? "Invalid access token" : "Access token expired" });
      return;
    }
    next();
  });

  api.post("/session.create_deposit", async (req: Request, res: Response) => {
    const parsed = createDepositSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ message: "Invalid request", errors: parsed.error.issues.map((i) => i.path.join(".")) });
      return;
    }
    const body = parsed.data;
    const now = clock.now();
    const token = randomBytes(24).toString("base64url");
    const customer = Object.fromEntries(
      Object.entries(body).filter(([key, value]) => key.startsWith("customer_") && typeof value === "string"),
    ) as Record<string, string>;
    const session: SimSession = {
      id: randomUUID(),
      token,
      url: `${req.protocol}://${req.get("host")}${req.baseUrl.replace(/\/api$/, "")}/session/${token}`,
      state: SessionState.CREATED,
      merchant_reference: body.merchant_reference,
      amount: body.amount,
      country_id: body.country_id,
      callbacks: body.callbacks,
      customer,
      created: now.toISOString(),
      expires: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
      ...(body.locale ? { locale: body.locale } : {}),
      ...(body.redirect_uri ? { redirect_uri: body.redirect_uri } : {}),
    };
    await store.saveSession(session);
    res.json({ url: session.url, token: session.token, id: session.id });
  });

  api.post("/session.get", async (req: Request, res: Response) => {
    const session = await current(await store.getSession(String(req.body?.id ?? "")));
    if (!session) return notFound(res, "Session not found");
    res.json(publicSession(session));
  });

  api.post("/session.get_by_merchant_reference", async (req: Request, res: Response) => {
    const sessions = await store.findSessionsByMerchantReference(String(req.body?.merchant_reference ?? ""));
    const latest = sessions.sort((a, b) => b.created.localeCompare(a.created))[0];
    const session = await current(latest);
    if (!session) return notFound(res, "Session not found");
    res.json(publicSession(session));
  });

  api.post("/transaction.get", async (req: Request, res: Response) => {
    const transaction = await store.getTransaction(String(req.body?.id ?? ""));
    if (!transaction) return notFound(res, "Transaction not found");
    res.json(transaction);
  });

  const form = express.urlencoded({ extended: false, limit: "10kb" });

  router.get("/session/:token", async (req: Request, res: Response) => {
    const session = await pageSession(req, res);
    if (!session) return;
    const base = `${req.baseUrl}/session/${session.token}`;
    if (session.bank) res.type("html").send(renderApprovalPage(session, `${base}/decision`));
    else res.type("html").send(renderBankChoicePage(session, `${base}/bank`));
  });

  router.post("/session/:token/bank", form, async (req: Request, res: Response) => {
    const session = await pageSession(req, res);
    if (!session) return;
    const bank = (req.body as { bank?: unknown } | undefined)?.bank;
    if (typeof bank !== "string" || !(SIM_BANKS as readonly string[]).includes(bank)) {
      res.status(422).type("html").send(renderBankChoicePage(session, `${req.baseUrl}/session/${session.token}/bank`, "Välj en bank i listan."));
      return;
    }
    await store.saveSession({ ...session, bank, state: SessionState.BANK_SELECTED });
    res.redirect(303, `${req.baseUrl}/session/${session.token}`);
  });

  router.post("/session/:token/decision", form, async (req: Request, res: Response) => {
    const session = await pageSession(req, res);
    if (!session) return;
    const decision = (req.body as { decision?: unknown } | undefined)?.decision;
    if (decision === "approve") {
      const transaction: SimTransaction = {
        id: randomUUID(),
        session_id: session.id,
        state: TransactionState.COMPLETED,
        amount: session.amount,
        merchant_reference: session.merchant_reference,
        created: clock.now().toISOString(),
      };
      const completed = { ...session, state: SessionState.COMPLETED, transaction_id: transaction.id };
      await store.completeSession(completed, transaction);
      notify(completed, [
        { transaction_state: TransactionState.COMPLETED, transaction_id: transaction.id },
        { session_state: SessionState.COMPLETED },
      ]);
      return finish(res, completed, "Betalningen är godkänd", "Du kan gå tillbaka till webbplatsen.");
    }
    if (decision === "abort") {
      const aborted = { ...session, state: SessionState.ABORTED };
      await store.saveSession(aborted);
      notify(aborted, [{ session_state: SessionState.ABORTED }]);
      return finish(res, aborted, "Betalningen avbröts", "Inga pengar har dragits.");
    }
    res.status(400).type("html").send(renderMessagePage("Okänt val", "Välj Godkänn betalningen eller Avbryt."));
  });

  /** Applies expiry before anyone sees the session, so API and pages agree. */
  async function current(session: SimSession | undefined): Promise<SimSession | undefined> {
    if (!session || isTerminalSessionState(session.state)) return session;
    if (clock.now().getTime() < Date.parse(session.expires)) return session;
    // Expired sessions end as ABORTED here; which terminal state Brite uses is *unverified*.
    const expired = { ...session, state: SessionState.ABORTED };
    await store.saveSession(expired);
    notify(expired, [{ session_state: SessionState.ABORTED }]);
    logger.info({ sessionId: session.id }, "brite simulator: session expired");
    return expired;
  }

  async function pageSession(req: Request, res: Response): Promise<SimSession | undefined> {
    const found = await store.findSessionByToken(String(req.params.token));
    const session = await current(found);
    if (!session) {
      res.status(404).type("html").send(renderMessagePage("Betalningen hittades inte", "Länken är ogiltig."));
      return undefined;
    }
    if (found && !isTerminalSessionState(found.state) && isTerminalSessionState(session.state)) {
      res.status(410).type("html").send(renderMessagePage("Tiden har gått ut", "Betalningen avbröts eftersom den inte slutfördes inom 30 minuter.", session.redirect_uri));
      return undefined;
    }
    if (isTerminalSessionState(session.state)) {
      res.status(409).type("html").send(renderMessagePage("Betalningen är redan avslutad", "Den här betalningen kan inte ändras.", session.redirect_uri));
      return undefined;
    }
    return session;
  }

  function finish(res: Response, session: SimSession, title: string, message: string): void {
    if (session.redirect_uri) res.redirect(303, session.redirect_uri);
    else res.type("html").send(renderMessagePage(title, message));
  }

  /** Sends the callbacks the merchant subscribed to, one after another, without holding up the donor. */
  function notify(session: SimSession, events: CallbackEvent[]): void {
    const deliveries: { url: string; body: Record<string, unknown> }[] = [];
    for (const event of events) {
      for (const sub of session.callbacks) {
        if ("session_state" in event && "session_state" in sub && sub.session_state === event.session_state) {
          deliveries.push({ url: sub.url, body: { merchant_id: merchantId, session_id: session.id, session_state: event.session_state } });
        }
        if ("transaction_state" in event && "transaction_state" in sub && sub.transaction_state === event.transaction_state) {
          deliveries.push({
            url: sub.url,
            body: { merchant_id: merchantId, transaction_id: event.transaction_id, transaction_state: event.transaction_state },
          });
        }
      }
    }
    void deliveries.reduce<Promise<void>>((previous, d) => previous.then(() => deliver(d.url, d.body, 0)), Promise.resolve());
  }

  async function deliver(url: string, body: Record<string, unknown>, attempt: number): Promise<void> {
    try {
      await postCallback(url, body);
    } catch (err) {
      const delay = retryDelays[attempt];
      logger.warn({ err: String(err), attempt: attempt + 1, willRetry: delay !== undefined }, "brite simulator: callback failed");
      if (delay === undefined) return;
      // Retries run in the background so that one dead endpoint does not hold back the next callback.
      setTimeout(() => void deliver(url, body, attempt + 1), delay).unref();
    }
  }

  return { router };
}

/** What session.get shows: the stored session without our bookkeeping fields. */
function publicSession(session: SimSession): Record<string, unknown> {
  const { callbacks: _callbacks, customer: _customer, bank: _bank, ...rest } = session;
  return rest;
}

function notFound(res: Response, message: string): void {
  // Status and body for "not found" are *unverified*; BriteClient maps 404 to undefined.
  res.status(404).json({ message });
}

function sameString(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

