import { randomUUID } from "node:crypto";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { SWISH_CANCEL_TOO_LATE, SWISH_RESULT_ERRORS, type SwishResultErrorCode } from "../error-codes";
import { isInstructionId, newInstructionId } from "../instruction-id";
import type { SwishErrorObject, SwishPaymentRequest } from "../types";
import { isValidPayerAlias, swishAmountToOre } from "../validation";
import type { SimulatedPaymentRequest, SwishSimulatorStore } from "./store";
import { swishErrors, validateCreateBody } from "./validate-create";
import { oneChangeAtATime } from "../../simulator-kit/one-change-at-a-time";

/** Swish lets a payer 3 minutes to start paying; then the request ends with TM01. */
export const PAYMENT_REQUEST_TIMEOUT_MS = 3 * 60 * 1000;

/** The payer number the "app" pays from when an m-commerce request does not name one. */
export const DEFAULT_SIMULATED_PAYER_ALIAS = "46712345678";

export interface SimulatorEngineOptions {
  clock: Clock;
  logger: Logger;
  store: SwishSimulatorStore;
  payeeAlias: string;
  allowHttpCallbacks: boolean;
  callbackDelayMs: number;
  postCallback: (url: string, body: SwishPaymentRequest) => Promise<void>;
}

export type CreateResult =
  | { ok: true; record: SimulatedPaymentRequest }
  | { ok: false; errors: SwishErrorObject[] };

export type CancelResult =
  | { ok: true; record: SimulatedPaymentRequest }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "too-late"; errors: SwishErrorObject[] };

/** Thrown by approve/decline so the page (or a test) can tell why nothing changed. */
export class SwishSimulatorStateError extends Error {
  constructor(
    readonly reason: "not-found" | "not-open" | "invalid-payer-alias",
    id: string,
  ) {
    super(
      reason === "not-found"
        ? `No simulated Swish payment request ${id}`
        : reason === "not-open"
          ? `Simulated Swish payment request ${id} is no longer CREATED`
          : `Invalid payer alias for simulated Swish payment request ${id}`,
    );
    this.name = "SwishSimulatorStateError";
  }
}

export type SwishSimulatorEngine = ReturnType<typeof createSimulatorEngine>;

/**
 * The payment request life cycle, free of HTTP so the API routes, the tester's
 * page and tests all drive the same rules. Time-based endings (the 3-minute
 * timeout) are computed from the injected clock whenever a request is read,
 * and by `sweep`, so no long-lived timer per request is needed and a manual
 * clock can move them. Only the short callback delay uses a real timer.
 */
export function createSimulatorEngine(options: SimulatorEngineOptions) {
  const { clock, logger, store } = options;

  const exclusive = oneChangeAtATime(() => store.saved());

  const scheduled = new Map<string, { timer: NodeJS.Timeout; release: () => void; done: Promise<void> }>();
  let closed = false;

  function schedule(key: string, delayMs: number, task: () => Promise<void>): void {
    if (closed || scheduled.has(key)) return;
    let release!: () => void;
    const wait = new Promise<void>((resolve) => (release = resolve));
    // unref: a pending simulated callback must not keep the process (or a test run) alive.
    const timer = setTimeout(release, Math.max(0, delayMs));
    timer.unref();
    const done = wait
      .then(() => (closed ? undefined : task()))
      .catch((error: unknown) => logger.error({ err: error, key }, "Swish simulator task failed"))
      .finally(() => scheduled.delete(key));
    scheduled.set(key, { timer, release, done });
  }

  /** Ends a CREATED request: the status fields change and a callback becomes due. */
  function end(record: SimulatedPaymentRequest, change: Partial<SwishPaymentRequest>): void {
    record.paymentRequest = { ...record.paymentRequest, ...change };
    record.scheduledResult = null;
    record.callbackPending = true;
  }

  function endWithResultError(record: SimulatedPaymentRequest, code: SwishResultErrorCode): void {
    const { status, errorMessage } = SWISH_RESULT_ERRORS[code];
    end(record, { status, errorCode: code, errorMessage });
  }

  /** Applies endings that are due by the clock; stores and schedules the callback if one happened. */
  async function refresh(record: SimulatedPaymentRequest): Promise<SimulatedPaymentRequest> {
    if (record.paymentRequest.status !== "CREATED") return record;
    const now = clock.now().getTime();
    if (record.scheduledResult && now >= Date.parse(record.scheduledResult.dueAt)) {
      endWithResultError(record, record.scheduledResult.errorCode);
      await store.put(record);
      scheduleCallback(record.paymentRequest.id, 0);
    } else if (now - Date.parse(record.paymentRequest.dateCreated) >= PAYMENT_REQUEST_TIMEOUT_MS) {
      endWithResultError(record, "TM01");
      await store.put(record);
      scheduleCallback(record.paymentRequest.id, options.callbackDelayMs);
    }
    return record;
  }

  function scheduleCallback(id: string, delayMs: number): void {
    schedule(`callback:${id}`, delayMs, () => deliverCallback(id));
  }

  function scheduleResult(id: string, delayMs: number): void {
    schedule(`result:${id}`, delayMs, async () => {
      const ended = await exclusive(async () => {
        const record = await store.get(id);
        if (!record?.scheduledResult || record.paymentRequest.status !== "CREATED") return false;
        // The real delay has passed; end it even if a manual clock has not moved.
        endWithResultError(record, record.scheduledResult.errorCode);
        await store.put(record);
        return true;
      });
      if (ended) await deliverCallback(id);
    });
  }

  /**
   * One attempt per ending (the real retry policy is unverified, and our site
   * polls anyway). Marked done only after the attempt, so a callback cut off by
   * a stop is sent again after the restart: at least once, like the real thing.
   */
  async function deliverCallback(id: string): Promise<void> {
    // A callback tells of an ending that must survive a restart first.
    await store.saved();
    const record = await store.get(id);
    if (!record?.callbackPending) return;
    const { paymentRequest } = record;
    try {
      await options.postCallback(paymentRequest.callbackUrl, paymentRequest);
      logger.info({ id, status: paymentRequest.status }, "Swish simulator sent callback");
    } catch (error) {
      logger.warn({ id, status: paymentRequest.status, err: error }, "Swish simulator callback failed");
    }
    await exclusive(async () => {
      const current = await store.get(id);
      if (!current) return;
      current.callbackPending = false;
      await store.put(current);
    });
  }

  async function create(id: string, rawBody: unknown): Promise<CreateResult> {
    return exclusive(async () => {
      // The id is in the path; the guides give no separate code for a malformed one.
      if (!isInstructionId(id)) return { ok: false, errors: swishErrors(["PA01"]) };
      if (await store.get(id)) return { ok: false, errors: swishErrors(["RP09"]) };

      const validation = validateCreateBody(rawBody, options);
      if (!validation.ok) return validation;
      const { body, resultErrorCode } = validation;

      if (body.payerAlias && (await hasOpenRequestFor(body.payerAlias))) {
        return { ok: false, errors: swishErrors(["RP06"]) };
      }

      const now = clock.now();
      const record: SimulatedPaymentRequest = {
        paymentRequest: {
          id,
          payeePaymentReference: body.payeePaymentReference ?? null,
          paymentReference: null,
          callbackUrl: body.callbackUrl,
          payerAlias: body.payerAlias ?? null,
          payeeAlias: body.payeeAlias,
          amount: swishAmountToOre(body.amount) / 100,
          currency: "SEK",
          message: body.message ?? null,
          status: "CREATED",
          dateCreated: now.toISOString(),
          datePaid: null,
          errorCode: null,
          errorMessage: null,
        },
        // Real tokens are 32 lower-case hex characters.
        paymentRequestToken: body.payerAlias ? null : randomUUID().replaceAll("-", ""),
        scheduledResult: resultErrorCode
          ? { errorCode: resultErrorCode, dueAt: new Date(now.getTime() + options.callbackDelayMs).toISOString() }
          : null,
        callbackPending: false,
      };
      await store.put(record);
      if (resultErrorCode) scheduleResult(id, options.callbackDelayMs);
      logger.info({ id, mCommerce: record.paymentRequestToken !== null }, "Swish simulator created payment request");
      return { ok: true, record };
    });
  }

  async function hasOpenRequestFor(payerAlias: string): Promise<boolean> {
    for (const record of await store.list((r) => r.paymentRequest.payerAlias === payerAlias)) {
      if ((await refresh(record)).paymentRequest.status === "CREATED") return true;
    }
    return false;
  }

  function get(id: string): Promise<SimulatedPaymentRequest | undefined> {
    return exclusive(async () => {
      const record = await store.get(id);
      return record && refresh(record);
    });
  }

  function list(): Promise<SimulatedPaymentRequest[]> {
    return exclusive(async () => {
      const records = await Promise.all((await store.list()).map(refresh));
      return records.sort((a, b) => b.paymentRequest.dateCreated.localeCompare(a.paymentRequest.dateCreated));
    });
  }

  /**
   * The request a token opens, looked up by the store's index and brought up to date alone: refreshing and
   * copying every record kept (up to 5,000 ended ones) for each opened request made the simulator the
   * slowest part of a gala's flood of gifts (bench:gala, 20 % of the server's time at 20 gifts a second).
   */
  function findByToken(token: string): Promise<SimulatedPaymentRequest | undefined> {
    return exclusive(async () => {
      const record = await store.byToken(token);
      return record && refresh(record);
    });
  }

  function cancel(id: string): Promise<CancelResult> {
    return exclusive(async () => {
      const stored = await store.get(id);
      if (!stored) return { ok: false, reason: "not-found" };
      const record = await refresh(stored);
      if (record.paymentRequest.status !== "CREATED") {
        return { ok: false, reason: "too-late", errors: [{ ...SWISH_CANCEL_TOO_LATE, additionalInformation: null }] };
      }
      // The merchant withdrew it; Swish does not call the merchant back about its own cancel.
      record.paymentRequest = { ...record.paymentRequest, status: "CANCELLED" };
      record.scheduledResult = null;
      await store.put(record);
      logger.info({ id }, "Swish simulator cancelled payment request");
      return { ok: true, record };
    });
  }

  async function settleOpen(
    id: string,
    apply: (record: SimulatedPaymentRequest) => void,
  ): Promise<SwishPaymentRequest> {
    const record = await exclusive(async () => {
      const stored = await store.get(id);
      if (!stored) throw new SwishSimulatorStateError("not-found", id);
      const current = await refresh(stored);
      if (current.paymentRequest.status !== "CREATED") throw new SwishSimulatorStateError("not-open", id);
      apply(current);
      await store.put(current);
      return current;
    });
    scheduleCallback(id, options.callbackDelayMs);
    logger.info({ id, status: record.paymentRequest.status }, "Swish simulator payer answered");
    return record.paymentRequest;
  }

  /** The tester pays in the "app". `payerAlias` is who pays an m-commerce request. */
  function approve(id: string, payerAlias?: string): Promise<SwishPaymentRequest> {
    if (payerAlias !== undefined && !isValidPayerAlias(payerAlias)) {
      return Promise.reject(new SwishSimulatorStateError("invalid-payer-alias", id));
    }
    return settleOpen(id, (record) =>
      end(record, {
        status: "PAID",
        payerAlias: record.paymentRequest.payerAlias ?? payerAlias ?? DEFAULT_SIMULATED_PAYER_ALIAS,
        paymentReference: newInstructionId(),
        datePaid: clock.now().toISOString(),
      }),
    );
  }

  /** The tester refuses in the "app". Swish reports a payer's refusal without an error code. */
  function decline(id: string): Promise<SwishPaymentRequest> {
    return settleOpen(id, (record) => end(record, { status: "DECLINED" }));
  }

  /** Ends what is due by the clock; run periodically and on start. */
  async function sweep(): Promise<void> {
    await list();
  }

  /** After a (re)start: pick up callbacks and scheduled results that were due when the process stopped. */
  async function resume(): Promise<void> {
    const now = clock.now().getTime();
    for (const record of await list()) {
      const { id } = record.paymentRequest;
      if (record.callbackPending) scheduleCallback(id, options.callbackDelayMs);
      else if (record.scheduledResult) {
        const remaining = Date.parse(record.scheduledResult.dueAt) - now;
        scheduleResult(id, Math.min(Math.max(remaining, 0), options.callbackDelayMs));
      }
    }
  }

  /** Resolves when no scheduled callback or result is left (tests use it to wait). */
  async function settled(): Promise<void> {
    while (scheduled.size > 0) await Promise.all([...scheduled.values()].map((s) => s.done));
  }

  /** Drops pending timers; what they would have done stays stored and resumes on the next start. */
  function close(): void {
    closed = true;
    for (const { timer, release } of scheduled.values()) {
      clearTimeout(timer);
      release();
    }
  }

  return { create, get, list, findByToken, cancel, approve, decline, sweep, resume, settled, close };
}
