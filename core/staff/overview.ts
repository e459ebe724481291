import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { addDays, swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import { GIFT_TYPES, type GiftType } from "../gifts/gift-types";
import { OPEN_STATUSES, PAYMENT_METHODS, type PaymentMethod } from "../payments/payment-status";
import { postQueue } from "../orders/fulfilment";
import { postalFormQueue } from "../postal-forms/postal-form-fulfilment";

export interface DayRow {
  date: IsoDate;
  byType: Partial<Record<GiftType, number>>;
  byMethod: Partial<Record<PaymentMethod, number>>;
  count: number;
  amountOre: number;
}

export interface Overview {
  days: DayRow[];
  /** Gift types and methods that occur in the period, in their fixed order (the chart's series). */
  types: GiftType[];
  methods: PaymentMethod[];
  /** Payments started in the period, and how many of them were paid (a later refund still counts as paid). */
  conversion: Array<{ method: PaymentMethod; started: number; paid: number; open: number }>;
  openPayments: Array<{ method: PaymentMethod; count: number; amountOre: number; oldest: string }>;
  documents: { toPost: number; urgent: number; late: number; failed: number };
}

/**
 * The numbers a fundraising manager looks at each morning: paid gifts per
 * Swedish day by type and method for the last `days` days, the share of
 * started payments that were paid, the payments still open and the documents
 * waiting to be posted or sent again.
 */
export async function backOfficeOverview(db: Kysely<DB>, now: Date, days = 14): Promise<Overview> {
  const today = swedishDate(now);
  const first = addDays(today, -(days - 1));
  // A day early in UTC, then trimmed by Swedish date: the first Swedish day starts at 22:00 or 23:00 UTC before.
  const since = `${addDays(first, -1)}T00:00:00.000Z`;
  const paid = await db
    .selectFrom("gifts")
    .innerJoin("payments", (join) => join.onRef("payments.gift_id", "=", "gifts.id").on("payments.status", "in", ["paid", "refunded"]))
    .select(["gifts.gift_type", "gifts.amount_ore", "gifts.paid_at", "payments.method"])
    .where("gifts.paid_at", ">=", since)
    .where("gifts.status", "in", ["paid", "refunded"])
    .execute();
  const rows = new Map<IsoDate, DayRow>();
  for (let i = 0; i < days; i++) {
    const date = addDays(first, i);
    rows.set(date, { date, byType: {}, byMethod: {}, count: 0, amountOre: 0 });
  }
  const seenTypes = new Set<GiftType>();
  const seenMethods = new Set<PaymentMethod>();
  for (const gift of paid) {
    const row = gift.paid_at ? rows.get(swedishDate(new Date(gift.paid_at))) : undefined;
    if (!row) continue;
    row.byType[gift.gift_type] = (row.byType[gift.gift_type] ?? 0) + 1;
    row.byMethod[gift.method] = (row.byMethod[gift.method] ?? 0) + 1;
    row.count += 1;
    row.amountOre += gift.amount_ore;
    seenTypes.add(gift.gift_type);
    seenMethods.add(gift.method);
  }

  const started = await db
    .selectFrom("payments")
    .select(["method", "status"])
    .where("created_at", ">=", since)
    .execute();
  const conversion = PAYMENT_METHODS.map((method) => {
    const mine = started.filter((p) => p.method === method);
    return {
      method,
      started: mine.length,
      paid: mine.filter((p) => p.status === "paid" || p.status === "refunded").length,
      open: mine.filter((p) => (OPEN_STATUSES as readonly string[]).includes(p.status)).length,
    };
  }).filter((c) => c.started > 0);

  const open = await db
    .selectFrom("payments")
    .select(["method", (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.sum<number>("amount_ore").as("amount"), (eb) => eb.fn.min("created_at").as("oldest")])
    .where("status", "in", [...OPEN_STATUSES])
    .groupBy("method")
    .execute();

  // What staff post: order items and forms ordered by post alike.
  const queue = [...(await postQueue(db, now)), ...(await postalFormQueue(db, now))];
  const failed = await db.selectFrom("order_items").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "failed").executeTakeFirst();
  return {
    days: [...rows.values()],
    types: GIFT_TYPES.filter((t) => seenTypes.has(t)),
    methods: PAYMENT_METHODS.filter((m) => seenMethods.has(m)),
    conversion,
    openPayments: PAYMENT_METHODS.flatMap((method) => {
      const row = open.find((o) => o.method === method);
      return row ? [{ method, count: Number(row.count), amountOre: Number(row.amount ?? 0), oldest: String(row.oldest) }] : [];
    }),
    documents: {
      toPost: queue.length,
      urgent: queue.filter((e) => e.urgent && !e.late).length,
      late: queue.filter((e) => e.late).length,
      failed: Number(failed?.n ?? 0),
    },
  };
}
