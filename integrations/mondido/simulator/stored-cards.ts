import { randomBytes, randomInt } from "node:crypto";
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import type { Clock } from "#core/clock";
import { recordJournal } from "../../simulator-kit/record-journal";
import { hashesEqual, mondidoRequestHash } from "../hash";
import type { MondidoStatus } from "../transaction";
import { laterChargeOutcomeForCard, maskCardNumber } from "./test-cards";
import type { MondidoSimStore, SimTransactionRecord } from "./transaction-store";

/**
 * Stored cards in the card simulator (decision 0028): the hosted window
 * stores the card when the form asked for it (`store_card=true`) and the
 * payment was approved, and `POST /v1/transactions` charges a stored card by
 * its token. What a later charge answers is decided by the card's test number
 * (test-cards.ts) unless a test queued an outcome for it.
 */
export interface SimStoredCard {
  id: number;
  token: string;
  card_number: string;
  card_type: string;
  /** The card's end: the last second of its expiry month. */
  expires: string;
  status: "active";
  created_at: string;
  customer: { ref: string };
  test: boolean;
  /** What charges answer when no outcome is queued. */
  chargeOutcome: MondidoStatus;
  /** Outcomes a test queued for the next charges, first first. */
  nextOutcomes: MondidoStatus[];
}

export interface MondidoSimCardStore {
  save(card: SimStoredCard): Promise<void>;
  /** Deletes the card; false when there was none. */
  remove(id: string): Promise<boolean>;
  get(id: string): Promise<SimStoredCard | undefined>;
  findByToken(token: string): Promise<SimStoredCard | undefined>;
}

export function createInMemoryStoredCardStore(): MondidoSimCardStore {
  const cards = new Map<string, SimStoredCard>();
  return {
    async save(card) {
      cards.set(String(card.id), structuredClone(card));
    },
    async remove(id) {
      return cards.delete(id);
    },
    async get(id) {
      const card = cards.get(id);
      return card && structuredClone(card);
    },
    async findByToken(token) {
      const card = [...cards.values()].find((c) => c.token === token);
      return card && structuredClone(card);
    },
  };
}

/** Stored cards in a record journal beside the transactions, so a restart forgets no card (as Mondido would not). */
export function createFileStoredCardStore(filePath: string): MondidoSimCardStore {
  const journal = recordJournal<SimStoredCard>(filePath, {
    fromDocument(document) {
      const contents = document as { version?: number; cards?: SimStoredCard[] };
      if (contents.version !== 1 || !Array.isArray(contents.cards)) throw new Error(`${filePath} is not a Mondido simulator card file`);
      return contents.cards.map((card) => [String(card.id), card] as const);
    },
  });
  return {
    async save(card) {
      await journal.write([[String(card.id), structuredClone(card)]]);
      await journal.saved();
    },
    async remove(id) {
      if (!(await journal.records()).has(id)) return false;
      await journal.write([[id, undefined]]);
      await journal.saved();
      return true;
    },
    async get(id) {
      const card = (await journal.records()).get(id);
      return card && structuredClone(card);
    },
    async findByToken(token) {
      const card = [...(await journal.records()).values()].find((c) => c.token === token);
      return card && structuredClone(card);
    },
  };
}

/** Queues what the next charges of a stored card answer (tests: "the March charge is declined"). */
export async function queueChargeOutcomes(store: MondidoSimCardStore, cardId: string, outcomes: MondidoStatus[]): Promise<void> {
  const card = await store.get(cardId);
  if (!card) throw new Error(`No stored card ${cardId}`);
  await store.save({ ...card, nextOutcomes: [...card.nextOutcomes, ...outcomes] });
}

/** The card the window stores for an approved payment that asked for it; what the transaction shows as `stored_card`. */
export async function storeCardFromWindow(
  store: MondidoSimCardStore,
  clock: Clock,
  input: { cardNumber: string; expiry: string; customerRef: string; test: boolean },
): Promise<Record<string, unknown>> {
  const [month, year] = [Number(input.expiry.slice(0, 2)), 2000 + Number(input.expiry.replace(/\D/g, "").slice(2, 4))];
  const card: SimStoredCard = {
    id: randomInt(1_000, 999_999_999),
    token: randomBytes(12).toString("hex"),
    card_number: maskCardNumber(input.cardNumber),
    card_type: "VISA",
    expires: new Date(Date.UTC(year, month, 1) - 1000).toISOString().replace(/\.\d{3}Z$/, "Z"),
    status: "active",
    created_at: clock.now().toISOString(),
    customer: { ref: input.customerRef },
    test: input.test,
    chargeOutcome: laterChargeOutcomeForCard(input.cardNumber),
    nextOutcomes: [],
  };
  await store.save(card);
  return publicCard(card);
}

function publicCard(card: SimStoredCard): Record<string, unknown> {
  const { chargeOutcome: _outcome, nextOutcomes: _next, ...shown } = card;
  return shown;
}

export interface StoredCardRouteOptions {
  clock: Clock;
  merchantId: string;
  secret: string;
  transactions: MondidoSimStore;
  cards: MondidoSimCardStore;
  requireBasicAuth: RequestHandler;
}

/**
 * `POST /v1/transactions` (a charge of a stored card; the simulator takes no
 * card numbers over the API), `GET /v1/stored_cards/:id` and
 * `DELETE /v1/stored_cards/:id` (the card is gone: a later charge with its
 * token is refused as not found, as a deleted card at Mondido). Error bodies
 * follow the shape Mondido's 404 uses here (`name`, `code`, `description`);
 * their names are the simulator's own.
 */
export function mountStoredCardRoutes(router: Router, options: StoredCardRouteOptions): void {
  const { clock, merchantId, secret, transactions, cards, requireBasicAuth } = options;
  const form = express.urlencoded({ extended: false, limit: "50kb" });

  router.post("/v1/transactions", requireBasicAuth, form, async (req: Request, res: Response) => {
    const body = Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"));
    const refuse = (status: number, name: string, description: string) => res.status(status).json({ name, code: status, description });
    const missing = ["amount", "currency", "payment_ref", "hash", "card_type", "card_number"].filter((k) => !body[k]);
    if (missing.length) return refuse(422, `errors.${missing[0]}.missing`, `Missing ${missing.join(", ")}`);
    if (body.card_type !== "stored_card") return refuse(422, "errors.card_type.invalid", "The simulator charges stored cards only");
    if (!/^\d+\.\d{2}$/.test(body.amount!)) return refuse(422, "errors.amount.invalid", "Amount must have two decimals");
    const test = body.test === "true";
    const expected = mondidoRequestHash({ merchantId, secret, paymentRef: body.payment_ref!, customerRef: body.customer_ref ?? "", amount: body.amount!, currency: body.currency!, test });
    if (!hashesEqual(expected, body.hash!)) return refuse(422, "errors.hash.invalid", "Hash does not match");
    // One transaction per payment_ref: a second charge with the same reference is refused, never made.
    if ((await transactions.listByPaymentRef(body.payment_ref!)).length > 0) return refuse(422, "errors.payment_ref.taken", "payment_ref already used");
    const card = await cards.findByToken(body.card_number!);
    if (!card) return refuse(404, "errors.stored_card.not_found", "Stored card not found");
    if (Date.parse(card.expires) < clock.now().getTime()) return refuse(422, "errors.card.expired", "The stored card has expired");
    const [queued, ...rest] = card.nextOutcomes;
    const status = queued ?? card.chargeOutcome;
    if (queued) await cards.save({ ...card, nextOutcomes: rest });
    const record: SimTransactionRecord = {
      transaction: {
        id: randomInt(100_000, 999_999_999),
        created_at: clock.now().toISOString(),
        processed_at: clock.now().toISOString(),
        merchant_id: Number(merchantId) || merchantId,
        amount: body.amount!,
        vat_amount: "0.00",
        currency: body.currency!.toLowerCase(),
        status,
        payment_ref: body.payment_ref!,
        customer: { ref: body.customer_ref ?? "" },
        test,
        metadata: safeJson(body.metadata),
        transaction_type: "stored_card",
        card_number: card.card_number,
        card_type: card.card_type,
        stored_card: publicCard(card),
      },
      successUrl: "",
      errorUrl: "",
    };
    await transactions.save(record);
    res.json(record.transaction);
  });

  router.get("/v1/stored_cards/:id", requireBasicAuth, async (req: Request, res: Response) => {
    const card = await cards.get(String(req.params.id));
    if (!card) {
      res.status(404).json({ name: "errors.stored_card.not_found", code: 404, description: "Stored card not found" });
      return;
    }
    res.json(publicCard(card));
  });

  router.delete("/v1/stored_cards/:id", requireBasicAuth, async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const card = await cards.get(id);
    if (!card || !(await cards.remove(id))) {
      res.status(404).json({ name: "errors.stored_card.not_found", code: 404, description: "Stored card not found" });
      return;
    }
    res.json(publicCard(card));
  });
}

function safeJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}
