import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { BankIdOrdersTable, DB } from "#db/schema";
import type { BankIdRelyingParty, CollectResponse, OrderResponse } from "./bankid-relying-party";
import type { PopulationRegister } from "./population-register";
import { bankIdErrorMessage, bankIdUserMessage, type BankIdUserMessage } from "./bankid-messages";
import { BankIdApiError } from "./bankid-api-error";
import { clearCookie, cookieName, readCookie, serializeCookie, type CookieNaming } from "./cookies";
import { upsertIdentifiedDonor } from "./donor-repository";
import { hashId } from "./session-service";

export type BankIdOrderRow = Selectable<BankIdOrdersTable>;

/** BankID asks relying parties to collect about every 2 s; the page may poll faster for the QR code. */
export const COLLECT_INTERVAL_MS = 2_000;
/** BankID orders live 3 minutes; after that a stored order is of no use. */
export const ORDER_LIFETIME_MS = 3 * 60_000;

export class BankIdStartError extends Error {
  constructor(readonly userMessage: BankIdUserMessage, readonly errorCode: string) {
    super(`BankID order could not be started: ${errorCode}`);
    this.name = "BankIdStartError";
  }
}

/**
 * `auth` identifies a donor (the donor is found or created on completion);
 * `sign` signs a text; `staff` identifies someone signing in to the back
 * office: no donor is made, the proven personnummer is kept for
 * `consumeStaffIdentity` and the back office decides whether they are staff.
 */
export type BankIdOrderKind = "auth" | "sign" | "staff";

export interface PollResult {
  orderRef: string;
  kind: BankIdOrderKind;
  status: "pending" | "failed" | "complete";
  hintCode: string | null;
  /** BankID's recommended text for this state, in Swedish; null once complete. */
  message: BankIdUserMessage | null;
  /** The animated QR code's content for this second (other-device orders while pending). */
  qr: string | null;
  sameDevice: boolean;
  /** Opens the BankID app on this device (the simulator's page in simulator mode). */
  autoStartUrl: string;
  /** True when this order completed and has already been turned into a login. */
  consumed: boolean;
}

export interface BankIdLoginDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  rp: BankIdRelyingParty;
  register: PopulationRegister;
  cookies: CookieNaming;
  /** The link that opens the BankID app (the simulator's /open page in simulator mode). */
  autostartLink(autoStartToken: string): string;
  /** Where the BankID app sends a donor back after a same-device login. */
  returnUrl: string;
}

/**
 * BankID identification and signing for the donor area. Orders are kept in
 * our database with their QR secret (which never leaves the server) and tied
 * to the browser that started them through an HttpOnly cookie: knowing an
 * orderRef is not enough to pick up someone else's login.
 */
export class BankIdLogin {
  readonly browserCookie: string;

  constructor(private readonly deps: BankIdLoginDeps) {
    this.browserCookie = cookieName("hl_bankid", deps.cookies);
  }

  /** The browser's BankID binding, and a Set-Cookie header when a new one had to be made. */
  browserId(cookieHeader: string | null | undefined): { id: string; setCookie: string | null } {
    const existing = readCookie(cookieHeader, this.browserCookie);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { id: existing, setCookie: null };
    const id = crypto.randomBytes(32).toString("base64url");
    return { id, setCookie: serializeCookie(this.browserCookie, id, this.deps.cookies) };
  }

  clearBrowserCookie(): string {
    return clearCookie(this.browserCookie, this.deps.cookies);
  }

  async start(
    kind: BankIdOrderKind,
    options: { endUserIp: string; browserId: string; sameDevice: boolean; userVisibleData?: string; returnUrl?: string },
  ): Promise<{ orderRef: string; autoStartUrl: string }> {
    const now = this.deps.clock.now();
    await this.deps.db.deleteFrom("bankid_orders").where("created_at", "<", new Date(now.getTime() - 60 * 60_000).toISOString()).execute();
    const request = {
      endUserIp: options.endUserIp,
      ...(options.sameDevice ? { returnUrl: options.returnUrl ?? this.deps.returnUrl } : {}),
      ...(options.userVisibleData !== undefined ? { userVisibleData: options.userVisibleData } : {}),
    };
    let order: OrderResponse;
    try {
      order = kind === "sign" ? await this.deps.rp.sign({ ...request, userVisibleData: options.userVisibleData ?? "" }) : await this.deps.rp.auth(request);
    } catch (error) {
      const code = error instanceof BankIdApiError ? error.errorCode : "requestTimeout";
      this.deps.logger.warn({ errorCode: code, kind }, "BankID order could not be started");
      throw new BankIdStartError(bankIdErrorMessage(code), code);
    }
    await this.deps.db
      .insertInto("bankid_orders")
      .values({
        order_ref: order.orderRef,
        kind,
        browser_hash: hashId(options.browserId),
        same_device: options.sameDevice ? 1 : 0,
        auto_start_token: order.autoStartToken,
        qr_start_token: order.qrStartToken,
        qr_start_secret: order.qrStartSecret,
        status: "pending",
        hint_code: "outstandingTransaction",
        donor_id: null,
        signature: null,
        // BankID counts QR seconds from the order's start; the answer has just arrived.
        created_at: this.deps.clock.now().toISOString(),
        last_collected_at: null,
        consumed_at: null,
      })
      .execute();
    return { orderRef: order.orderRef, autoStartUrl: this.deps.autostartLink(order.autoStartToken) };
  }

  /** The browser's own order, or undefined (unknown, someone else's, or too old). */
  async order(orderRef: string, browserId: string): Promise<BankIdOrderRow | undefined> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderRef)) return undefined;
    const row = await this.deps.db.selectFrom("bankid_orders").selectAll().where("order_ref", "=", orderRef).executeTakeFirst();
    if (!row || !crypto.timingSafeEqual(Buffer.from(row.browser_hash), Buffer.from(hashId(browserId)))) return undefined;
    return row;
  }

  /** The newest order this browser started within an order's lifetime, for the login page without JavaScript. */
  async latestOrder(browserId: string): Promise<BankIdOrderRow | undefined> {
    const since = new Date(this.deps.clock.now().getTime() - ORDER_LIFETIME_MS).toISOString();
    return this.deps.db
      .selectFrom("bankid_orders")
      .selectAll()
      .where("browser_hash", "=", hashId(browserId))
      .where("created_at", ">", since)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
  }

  /**
   * The order's state. BankID is asked at most every 2 s; in between, the
   * stored state is answered together with a fresh QR code. A completed
   * identification is turned into a donor here (created on first login, with
   * name from BankID and address from the population register).
   */
  async poll(orderRef: string, browserId: string): Promise<PollResult | null> {
    let row = await this.order(orderRef, browserId);
    if (!row) return null;
    const now = this.deps.clock.now();
    const due = !row.last_collected_at || now.getTime() - Date.parse(row.last_collected_at) >= COLLECT_INTERVAL_MS;
    if (row.status === "pending" && due) row = await this.collect(row);
    return this.view(row);
  }

  /**
   * Marks a completed identification as used, exactly once, and returns its
   * donor. The caller then starts a fresh session. A second call (a reload, a
   * second tab) gets null and must not log anyone in again.
   */
  async consume(orderRef: string, browserId: string): Promise<string | null> {
    const row = await this.order(orderRef, browserId);
    if (!row || row.kind !== "auth" || row.status !== "complete" || !row.donor_id || row.consumed_at) return null;
    return (await this.markConsumed(row.order_ref)) ? row.donor_id : null;
  }

  /** Marks a completed order used; only one caller can win. */
  private async markConsumed(orderRef: string): Promise<boolean> {
    const result = await this.deps.db
      .updateTable("bankid_orders")
      .set({ consumed_at: this.deps.clock.now().toISOString() })
      .where("order_ref", "=", orderRef)
      .where("consumed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * For a completed back-office identification: the proven person, exactly
   * once (a reload or a second tab gets null), as `consume` does for donors.
   */
  async consumeStaffIdentity(orderRef: string, browserId: string): Promise<{ personalNumber: string; name: string } | null> {
    const row = await this.order(orderRef, browserId);
    if (!row || row.kind !== "staff" || row.status !== "complete" || !row.signature || row.consumed_at) return null;
    if (!(await this.markConsumed(row.order_ref))) return null;
    const { personalNumber, name } = JSON.parse(row.signature) as { personalNumber: string; name: string };
    return { personalNumber, name };
  }

  /**
   * Marks a completed signature as used by the feature that asked for it, so
   * the login page no longer picks it up as the browser's latest order. True
   * only for the one caller that marked it; a second call changes nothing.
   */
  async consumeSignature(orderRef: string, browserId: string): Promise<boolean> {
    const row = await this.order(orderRef, browserId);
    if (!row || row.kind !== "sign" || row.status !== "complete" || row.consumed_at) return false;
    return this.markConsumed(row.order_ref);
  }

  /** The donor cancels. BankID answers an error for orders that are already over; that is fine. */
  async cancel(orderRef: string, browserId: string): Promise<boolean> {
    const row = await this.order(orderRef, browserId);
    if (!row) return false;
    if (row.status === "pending") {
      try {
        await this.deps.rp.cancel(row.order_ref);
      } catch (error) {
        if (!(error instanceof BankIdApiError)) throw error;
      }
      await this.deps.db
        .updateTable("bankid_orders")
        .set({ status: "failed", hint_code: "cancelled", last_collected_at: this.deps.clock.now().toISOString() })
        .where("order_ref", "=", row.order_ref)
        .execute();
    }
    return true;
  }

  /** For a completed signature: who signed and BankID's signature (base64 XML), for the feature that asked. */
  async signedResult(orderRef: string, browserId: string): Promise<{ personalNumber: string; name: string; signature: string } | null> {
    const row = await this.order(orderRef, browserId);
    if (!row || row.kind !== "sign" || row.status !== "complete" || !row.signature) return null;
    return JSON.parse(row.signature) as { personalNumber: string; name: string; signature: string };
  }

  view(row: BankIdOrderRow): PollResult {
    const status = row.status as PollResult["status"];
    const sameDevice = row.same_device === 1;
    return {
      orderRef: row.order_ref,
      kind: row.kind as BankIdOrderKind,
      status,
      hintCode: row.hint_code,
      message: bankIdUserMessage(status, row.hint_code ?? undefined, sameDevice),
      qr:
        status === "pending" && !sameDevice
          ? this.deps.rp.qrCode({ qrStartToken: row.qr_start_token, qrStartSecret: row.qr_start_secret }, new Date(row.created_at), this.deps.clock.now())
          : null,
      sameDevice,
      autoStartUrl: this.deps.autostartLink(row.auto_start_token),
      consumed: row.consumed_at !== null,
    };
  }

  private async collect(row: BankIdOrderRow): Promise<BankIdOrderRow> {
    const now = this.deps.clock.now().toISOString();
    let answer: CollectResponse;
    try {
      answer = await this.deps.rp.collect(row.order_ref);
    } catch (error) {
      if (error instanceof BankIdApiError && error.errorCode === "invalidParameters") {
        // BankID no longer knows the order (it was cancelled or is long gone).
        answer = { orderRef: row.order_ref, status: "failed", hintCode: "cancelled" };
      } else {
        // A hiccup at BankID: keep waiting, ask again next time.
        this.deps.logger.warn({ errorCode: error instanceof BankIdApiError ? error.errorCode : "network" }, "BankID collect failed");
        await this.deps.db.updateTable("bankid_orders").set({ last_collected_at: now }).where("order_ref", "=", row.order_ref).execute();
        return { ...row, last_collected_at: now };
      }
    }
    const update: Partial<BankIdOrderRow> = { last_collected_at: now };
    if (answer.status === "complete") {
      const user = answer.completionData.user;
      update.status = "complete";
      update.hint_code = null;
      if (row.kind === "auth") {
        update.donor_id = await this.identifiedDonorId(user.personalNumber, user.givenName, user.surname);
      } else {
        update.signature = JSON.stringify({ personalNumber: user.personalNumber, name: user.name, signature: answer.completionData.signature });
      }
    } else {
      update.status = answer.status;
      update.hint_code = answer.hintCode;
    }
    // Only a still-pending row changes: two polls racing cannot both complete it.
    await this.deps.db.updateTable("bankid_orders").set(update).where("order_ref", "=", row.order_ref).where("status", "=", "pending").execute();
    return (await this.deps.db.selectFrom("bankid_orders").selectAll().where("order_ref", "=", row.order_ref).executeTakeFirst()) ?? row;
  }

  /**
   * What a completed identification makes of the person: their donor, found or
   * created (name from BankID, address from the population register), with the
   * gifts given with their personnummer linked. The end-to-end suite's session
   * route (server/test-routes.ts) calls it too, so its donors are made as a login makes them.
   */
  async identifiedDonorId(personnummer: string, givenName: string, surname: string): Promise<string> {
    let record = null;
    try {
      record = await this.deps.register.lookup(personnummer);
    } catch (error) {
      // The login itself has succeeded; the donor can type their address.
      this.deps.logger.warn({ err: error }, "population register look-up after BankID failed");
    }
    const donor = await upsertIdentifiedDonor(this.deps.db, this.deps.clock, {
      personnummer,
      givenName,
      surname,
      protectedIdentity: record?.protectedIdentity ?? false,
      address: record?.address ?? null,
    });
    return donor.id;
  }
}
