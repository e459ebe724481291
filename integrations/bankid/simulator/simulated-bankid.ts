import { randomUUID, timingSafeEqual } from "node:crypto";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { parsePersonnummer } from "#core/identity/personnummer";
import { qrCodeContent, secondsSinceOrderStart } from "../qr";
import type { CollectResponse, OrderResponse } from "#core/donors/bankid-relying-party";
import { simulatedCompletionData } from "./completion-data";
import type { BankIdOrderStore } from "./order-store";
import type { ParsedOrderRequest } from "./request-schemas";
import { orderAsOf, ORDER_TTL_MS, type SimulatedOrder } from "./simulated-order";
import { SimulatorApiError } from "./simulator-api-error";
import type { BankIdTestPerson } from "./test-persons";

/** Finished orders are kept this long for the tester's list, then forgotten. */
const KEEP_FINISHED_MS = 60 * 60_000;

/** Hint codes a tester may force, to try the paths a real app rarely takes. */
export const FORCEABLE_HINT_CODES = {
  pending: ["noClient", "started", "userMrtd", "userCallConfirm", "userSign"],
  failed: ["certificateErr", "startFailed", "userCancel", "expiredTransaction"],
} as const;

export type TesterActionResult = { ok: true } | { ok: false; message: string };

export interface SimulatedBankIdDeps {
  clock: Clock;
  logger: Logger;
  store: BankIdOrderStore;
  testPersons: readonly BankIdTestPerson[];
}

/**
 * The simulated BankID service: the relying-party operations (start, collect,
 * cancel) and the tester's operations in the "app". All changes run one at a
 * time, so that two requests cannot both pass the alreadyInProgress check.
 */
export class SimulatedBankId {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SimulatedBankIdDeps) {}

  get testPersons(): readonly BankIdTestPerson[] {
    return this.deps.testPersons;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  start(kind: "auth" | "sign", request: ParsedOrderRequest): Promise<OrderResponse> {
    return this.serially(async () => {
      const now = this.now();
      const required = request.requirement?.personalNumber;
      if (required !== undefined && parsePersonnummer(required, { now })?.canonical !== required) {
        throw new SimulatorApiError(400, "invalidParameters", "Invalid requirement.personalNumber");
      }
      await this.forgetOldOrders(now);

      if (required !== undefined) {
        const clashing = (await this.currentOrders()).filter(
          (order) =>
            order.status === "pending" && (order.requiredPersonalNumber === required || order.chosenPersonalNumber === required),
        );
        if (clashing.length > 0) {
          // As BankID: the order already in progress is stopped too, and its collect says "cancelled".
          for (const order of clashing) await this.deps.store.save({ ...order, status: "failed", hintCode: "cancelled" });
          this.deps.logger.info({ orderRefs: clashing.map((o) => o.orderRef) }, "BankID simulator: alreadyInProgress");
          throw new SimulatorApiError(400, "alreadyInProgress", "Order already in progress for pno");
        }
      }

      const order: SimulatedOrder = {
        orderRef: randomUUID(),
        autoStartToken: randomUUID(),
        qrStartToken: randomUUID(),
        qrStartSecret: randomUUID(),
        kind,
        endUserIp: request.endUserIp,
        createdAt: now.toISOString(),
        status: "pending",
        hintCode: "outstandingTransaction",
      };
      if (required !== undefined) order.requiredPersonalNumber = required;
      if (request.userVisibleData !== undefined) order.userVisibleText = Buffer.from(request.userVisibleData, "base64").toString("utf8");
      if (request.returnUrl !== undefined) order.returnUrl = request.returnUrl;
      if (request.returnRisk !== undefined) order.returnRisk = request.returnRisk;
      await this.deps.store.save(order);
      this.deps.logger.info({ orderRef: order.orderRef, kind }, "BankID simulator: order started");

      const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
      return { orderRef, autoStartToken, qrStartToken, qrStartSecret };
    });
  }

  async collect(orderRef: string): Promise<CollectResponse> {
    const order = await this.current(orderRef);
    if (!order || order.cancelledByRelyingParty) throw noSuchOrder();
    if (order.status === "complete" && order.completionData) {
      return { orderRef, status: "complete", completionData: order.completionData };
    }
    if (order.status === "failed") return { orderRef, status: "failed", hintCode: order.hintCode ?? "expiredTransaction" };
    return { orderRef, status: "pending", hintCode: order.hintCode ?? "outstandingTransaction" };
  }

  cancel(orderRef: string): Promise<void> {
    return this.serially(async () => {
      const order = await this.current(orderRef);
      if (!order || order.cancelledByRelyingParty || order.status !== "pending") throw noSuchOrder();
      await this.deps.store.save({ ...order, status: "failed", hintCode: "cancelled", cancelledByRelyingParty: true });
    });
  }

  /** Orders as BankID would report them now, newest first. */
  async currentOrders(): Promise<SimulatedOrder[]> {
    const now = this.now();
    const orders = (await this.deps.store.list()).map((order) => orderAsOf(order, now));
    return orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async current(orderRef: string): Promise<SimulatedOrder | undefined> {
    const order = await this.deps.store.get(orderRef);
    return order && orderAsOf(order, this.now());
  }

  /** The tester "scans the QR code" or the app is opened: the order is now started. */
  open(orderRef: string): Promise<SimulatedOrder | undefined> {
    return this.serially(async () => {
      const order = await this.current(orderRef);
      if (!order || order.cancelledByRelyingParty) return undefined;
      if (order.status !== "pending" || order.openedAt !== undefined) return order;
      const opened: SimulatedOrder = { ...order, openedAt: this.now().toISOString(), hintCode: "started" };
      await this.deps.store.save(opened);
      return opened;
    });
  }

  async findByAutoStartToken(token: string): Promise<SimulatedOrder | undefined> {
    return (await this.currentOrders()).find((order) => order.autoStartToken === token && !order.cancelledByRelyingParty);
  }

  /**
   * Checks QR content the way the app does: the token must name an order and
   * the code must be the one for that second (one second of slack either side
   * for a page that refreshes slightly late).
   */
  async findByQrContent(content: string): Promise<SimulatedOrder | undefined> {
    const match = /^bankid\.([^.]+)\.(\d+)\.([0-9a-f]{64})$/.exec(content.trim());
    if (!match) return undefined;
    const [, token = "", secondsText = "", code = ""] = match;
    const order = (await this.currentOrders()).find((o) => o.qrStartToken === token && !o.cancelledByRelyingParty);
    if (!order) return undefined;
    const seconds = Number(secondsText);
    const elapsed = secondsSinceOrderStart(new Date(order.createdAt), this.now());
    if (Math.abs(elapsed - seconds) > 1) return undefined;
    const expected = qrCodeContent(order.qrStartToken, order.qrStartSecret, seconds).slice(-64);
    return timingSafeEqual(Buffer.from(expected), Buffer.from(code)) ? order : undefined;
  }

  /** The tester picks who they are; the app now waits for the security code. */
  selectPerson(orderRef: string, personalNumber: string): Promise<TesterActionResult> {
    return this.changePending(orderRef, (order) => {
      const person = this.deps.testPersons.find((p) => p.personalNumber === personalNumber);
      if (!person) return { ok: false, message: "Välj en testperson i listan." };
      if (order.requiredPersonalNumber !== undefined && order.requiredPersonalNumber !== personalNumber) {
        return { ok: false, message: "Tjänsten kräver ett annat personnummer än den valda testpersonens." };
      }
      return { ...order, openedAt: order.openedAt ?? this.now().toISOString(), chosenPersonalNumber: personalNumber, hintCode: "userSign" };
    });
  }

  /** "Identifiera" / "Skriv under": completes the order, or fails with certificateErr for a blocked BankID. */
  approve(orderRef: string): Promise<TesterActionResult> {
    return this.changePending(orderRef, (order) => {
      const person = this.deps.testPersons.find((p) => p.personalNumber === order.chosenPersonalNumber);
      if (!person || order.hintCode !== "userSign") return { ok: false, message: "Välj först en testperson." };
      if (person.blocked) return { ...order, status: "failed", hintCode: "certificateErr" };
      return { ...order, status: "complete", hintCode: undefined, completionData: simulatedCompletionData(order, person, this.now()) };
    });
  }

  userCancel(orderRef: string): Promise<TesterActionResult> {
    return this.changePending(orderRef, (order) => ({ ...order, status: "failed", hintCode: "userCancel" }));
  }

  /** "Låt gå ut": as if the 3 minutes had passed. */
  expire(orderRef: string): Promise<TesterActionResult> {
    return this.changePending(orderRef, (order) => ({ ...order, status: "failed", hintCode: "expiredTransaction" }));
  }

  /** Sets any hint code from FORCEABLE_HINT_CODES, for the paths that are hard to reach by hand. */
  forceHint(orderRef: string, hintCode: string): Promise<TesterActionResult> {
    return this.changePending(orderRef, (order) => {
      if ((FORCEABLE_HINT_CODES.pending as readonly string[]).includes(hintCode)) {
        return { ...order, openedAt: order.openedAt ?? this.now().toISOString(), hintCode };
      }
      if ((FORCEABLE_HINT_CODES.failed as readonly string[]).includes(hintCode)) return { ...order, status: "failed", hintCode };
      return { ok: false, message: "Okänd hintCode." };
    });
  }

  private changePending(
    orderRef: string,
    change: (order: SimulatedOrder) => SimulatedOrder | { ok: false; message: string },
  ): Promise<TesterActionResult> {
    return this.serially(async () => {
      const order = await this.current(orderRef);
      if (!order || order.cancelledByRelyingParty) return { ok: false, message: "Ordern finns inte längre." };
      if (order.status !== "pending") return { ok: false, message: "Ordern är redan avslutad." };
      const changed = change(order);
      if ("ok" in changed) return changed;
      await this.deps.store.save(changed);
      this.deps.logger.info({ orderRef, status: changed.status, hintCode: changed.hintCode }, "BankID simulator: tester action");
      return { ok: true };
    });
  }

  private async forgetOldOrders(now: Date): Promise<void> {
    for (const order of await this.deps.store.list()) {
      if (now.getTime() - Date.parse(order.createdAt) > ORDER_TTL_MS + KEEP_FINISHED_MS) await this.deps.store.delete(order.orderRef);
    }
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

function noSuchOrder(): SimulatorApiError {
  return new SimulatorApiError(400, "invalidParameters", "No such order");
}
