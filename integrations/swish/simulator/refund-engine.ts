import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { SWISH_REFUND_ERRORS, type SwishRefundErrorCode } from "../error-codes";
import { isInstructionId, newInstructionId } from "../instruction-id";
import type { SwishErrorObject, SwishRefund } from "../types";
import { amountProblem, isValidMessage, isValidPayeePaymentReference, swishAmountToOre } from "../validation";
import type { SwishSimulatorStore } from "./store";
import type { SimulatedRefund, SwishRefundStore } from "./refund-store";
import { oneChangeAtATime } from "../../simulator-kit/one-change-at-a-time";

export interface RefundEngineOptions {
  clock: Clock;
  logger: Logger;
  /** The payment requests, to find the paid payment a refund names. */
  payments: SwishSimulatorStore;
  refunds: SwishRefundStore;
  /** The merchant's Swish number: the payer of every refund. */
  payeeAlias: string;
  allowHttpCallbacks: boolean;
  /** From the create to the payout (and its callback). */
  callbackDelayMs: number;
  postCallback: (url: string, body: SwishRefund) => Promise<void>;
}

export type RefundCreateResult = { ok: true; record: SimulatedRefund } | { ok: false; errors: SwishErrorObject[] };

export type SwishRefundEngine = ReturnType<typeof createRefundEngine>;

/**
 * Swish refunds as the simulator plays them: a refund of a PAID payment
 * request, at most what is left of it after earlier refunds, from the
 * merchant's own number. It is CREATED at once and PAID `callbackDelayMs`
 * later (by a timer, or by the clock when read), then Swish calls back.
 * "RF07" or "FF10" as a word in the message ends it ERROR instead, the way an
 * error code in a payment request's message does.
 */
export function createRefundEngine(options: RefundEngineOptions) {
  const { clock, logger, refunds } = options;
  const exclusive = oneChangeAtATime(() => refunds.saved());
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  function later(key: string, delayMs: number, task: () => Promise<void>): void {
    if (closed || timers.has(key)) return;
    const timer = setTimeout(() => {
      timers.delete(key);
      if (closed) return;
      const done = task()
        .catch((error: unknown) => logger.error({ err: error, key }, "Swish simulator refund task failed"))
        .finally(() => running.delete(done));
      running.add(done);
    }, Math.max(0, delayMs));
    timer.unref();
    timers.set(key, timer);
  }

  function settle(record: SimulatedRefund): void {
    if (record.endsWith) {
      record.refund = { ...record.refund, status: "ERROR", errorCode: record.endsWith, errorMessage: SWISH_REFUND_ERRORS[record.endsWith] };
    } else {
      record.refund = { ...record.refund, status: "PAID", paymentReference: newInstructionId(), datePaid: clock.now().toISOString() };
    }
    record.callbackPending = true;
  }

  /** Ends a refund that is due by the clock; stores it and schedules its callback. */
  async function refresh(record: SimulatedRefund): Promise<SimulatedRefund> {
    if (record.refund.status !== "CREATED" || clock.now().getTime() < Date.parse(record.dueAt)) return record;
    settle(record);
    await refunds.put(record);
    later(`callback:${record.refund.id}`, 0, () => deliverCallback(record.refund.id));
    return record;
  }

  async function deliverCallback(id: string): Promise<void> {
    await refunds.saved();
    const record = await refunds.get(id);
    if (!record?.callbackPending) return;
    try {
      await options.postCallback(record.refund.callbackUrl, record.refund);
      logger.info({ id, status: record.refund.status }, "Swish simulator sent refund callback");
    } catch (error) {
      logger.warn({ id, err: error }, "Swish simulator refund callback failed");
    }
    await exclusive(async () => {
      const current = await refunds.get(id);
      if (!current) return;
      current.callbackPending = false;
      await refunds.put(current);
    });
  }

  function scheduleSettle(id: string, delayMs: number): void {
    later(`settle:${id}`, delayMs, async () => {
      const settled = await exclusive(async () => {
        const record = await refunds.get(id);
        if (!record || record.refund.status !== "CREATED") return false;
        // The real delay has passed; settle even if a manual clock has not moved.
        settle(record);
        await refunds.put(record);
        return true;
      });
      if (settled) await deliverCallback(id);
    });
  }

  function create(id: string, raw: unknown): Promise<RefundCreateResult> {
    return exclusive(async () => {
      if (!isInstructionId(id)) return fail(["PA01"]);
      if (await refunds.get(id)) return fail(["RP09"]);
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail(["PA01"]);
      const input = raw as Record<string, unknown>;
      const codes: SwishRefundErrorCode[] = [];
      const reference = input.payerPaymentReference;
      if (reference !== undefined && reference !== null && (typeof reference !== "string" || !isValidPayeePaymentReference(reference))) codes.push("FF08");
      const callbackUrl = input.callbackUrl;
      if (typeof callbackUrl !== "string" || !acceptedCallbackUrl(callbackUrl, options.allowHttpCallbacks)) codes.push("RP03");
      if (typeof input.payerAlias !== "string" || input.payerAlias === "") codes.push("RP01");
      const amount = input.amount;
      const problem = typeof amount === "string" ? amountProblem(amount) : "PA02";
      if (problem) codes.push(problem);
      if (input.currency !== "SEK") codes.push("AM03");
      const message = input.message;
      if (message !== undefined && message !== null && (typeof message !== "string" || !isValidMessage(message))) codes.push("RP02");
      const originalReference = input.originalPaymentReference;
      if (typeof originalReference !== "string" || originalReference === "") codes.push("RF02");
      if (codes.length > 0) return fail(codes);

      const original = (await options.payments.list()).find(
        (r) => r.paymentRequest.status === "PAID" && r.paymentRequest.paymentReference === originalReference,
      );
      if (!original) return fail(["RF02"]);
      // The merchant refunds from the number that was paid (and, for real, its certificate's).
      if (input.payerAlias !== original.paymentRequest.payeeAlias || input.payerAlias !== options.payeeAlias) return fail(["RF03"]);
      const refundedBefore = (await refunds.list())
        .filter((r) => r.refund.originalPaymentReference === originalReference && r.refund.status !== "ERROR")
        .reduce((sum, r) => sum + Math.round(r.refund.amount * 100), 0);
      const ore = swishAmountToOre(amount as string);
      if (ore + refundedBefore > Math.round(original.paymentRequest.amount * 100)) return fail(["RF08"]);

      const now = clock.now();
      const record: SimulatedRefund = {
        refund: {
          id,
          paymentReference: null,
          payerPaymentReference: typeof reference === "string" ? reference : null,
          originalPaymentReference: originalReference as string,
          callbackUrl: callbackUrl as string,
          payerAlias: input.payerAlias as string,
          payeeAlias: original.paymentRequest.payerAlias,
          amount: ore / 100,
          currency: "SEK",
          message: typeof message === "string" ? message : null,
          status: "CREATED",
          dateCreated: now.toISOString(),
          datePaid: null,
          errorCode: null,
          errorMessage: null,
        },
        dueAt: new Date(now.getTime() + options.callbackDelayMs).toISOString(),
        endsWith: endCode(typeof message === "string" ? message : ""),
        callbackPending: false,
      };
      await refunds.put(record);
      scheduleSettle(id, options.callbackDelayMs);
      logger.info({ id }, "Swish simulator created refund");
      return { ok: true, record };
    });
  }

  function get(id: string): Promise<SimulatedRefund | undefined> {
    return exclusive(async () => {
      const record = await refunds.get(id);
      return record && refresh(record);
    });
  }

  /** After a (re)start: settle what was due, resend callbacks cut off by the stop. */
  async function resume(): Promise<void> {
    const now = clock.now().getTime();
    for (const record of await refunds.list()) {
      const { id } = record.refund;
      if (record.callbackPending) later(`callback:${id}`, options.callbackDelayMs, () => deliverCallback(id));
      else if (record.refund.status === "CREATED") scheduleSettle(id, Math.min(Math.max(Date.parse(record.dueAt) - now, 0), options.callbackDelayMs));
    }
  }

  async function settled(): Promise<void> {
    while (timers.size > 0 || running.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.all([...running]);
    }
  }

  function close(): void {
    closed = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  return { create, get, resume, settled, close };
}

function endCode(message: string): "RF07" | "FF10" | null {
  for (const word of message.split(/[^A-Za-z0-9]+/)) if (word === "RF07" || word === "FF10") return word;
  return null;
}

function acceptedCallbackUrl(value: string, allowHttp: boolean): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (allowHttp && url.protocol === "http:");
  } catch {
    return false;
  }
}

function fail(codes: SwishRefundErrorCode[]): RefundCreateResult {
  return { ok: false, errors: codes.map((errorCode) => ({ errorCode, errorMessage: SWISH_REFUND_ERRORS[errorCode], additionalInformation: null })) };
}
