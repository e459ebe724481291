/**
 * Filling a benchmark database fast: donors, gifts and one payment per gift,
 * made by a seeded generator (the same rows every run), written in
 * transactions of 20,000 gifts – one prepared statement run per row on SQLite
 * (in process, no round trips), `unnest` of one array per column on
 * PostgreSQL (three statements per 20,000 rows instead of a round trip per row).
 */
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Engine } from "#db/dialect";
import { seededRandom } from "#core/seeded-random";

export interface FillOptions {
  gifts: number;
  donors: number;
  /** Gifts are spread evenly over this many years back from `now`. */
  years: number;
  now: Date;
  seed?: number;
}

type Value = string | number | null;
type Columns = Record<string, "text" | "bigint" | "integer">;

const DONOR_COLUMNS: Columns = {
  id: "text",
  personnummer: "text",
  given_name: "text",
  surname: "text",
  email: "text",
  protected_identity: "integer",
  contact_email: "integer",
  contact_post: "integer",
  contact_phone: "integer",
  newsletter: "integer",
  created_at: "text",
  updated_at: "text",
};

const GIFT_COLUMNS: Columns = {
  id: "text",
  order_reference: "text",
  gift_type: "text",
  amount_ore: "bigint",
  donor_id: "text",
  donor_name: "text",
  donor_email: "text",
  donor_personnummer: "text",
  newsletter_consent: "integer",
  status: "text",
  idempotency_key: "text",
  created_at: "text",
  updated_at: "text",
  paid_at: "text",
};

const PAYMENT_COLUMNS: Columns = {
  id: "text",
  gift_id: "text",
  method: "text",
  provider: "text",
  provider_reference: "text",
  status: "text",
  amount_ore: "bigint",
  created_at: "text",
  updated_at: "text",
  paid_at: "text",
  expires_at: "text",
};

const GIVEN = ["Anna", "Karin", "Lars", "Erik", "Maria", "Per", "Eva", "Nils", "Ingrid", "Sven", "Birgitta", "Olof"];
const SURNAMES = ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson", "Lindberg"];
const METHODS: Array<[string, string]> = [
  ["swish", "HLFSwish"],
  ["card", "Mondido"],
  ["invoice", "Invoice"],
  ["bank", "Brite"],
];

/** A valid personnummer (Luhn check digit) for a date and serial, as Skatteverket's file requires. */
export function personnummerFor(year: number, month: number, day: number, serial: number): string {
  const body = `${String(year % 100).padStart(2, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}${String(serial).padStart(3, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[i]) * (i % 2 === 0 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return `${year}${body.slice(2)}${(10 - (sum % 10)) % 10}`;
}

/** One row per entry: the values in the order of the table's columns. */
interface Batch {
  donors: Value[][];
  gifts: Value[][];
  payments: Value[][];
}

/** A gift and its payment, paid (most), refunded or never paid. */
function giftAndPayment(
  random: () => number,
  index: number,
  createdMs: number,
  who: { donorId: string | null; name: string; email: string; personnummer: string | null },
  type: string,
): { gift: Value[]; payment: Value[] } {
  const giftId = crypto.randomUUID();
  const created = new Date(createdMs).toISOString();
  const roll = random();
  const status = roll < 0.94 ? "paid" : roll < 0.98 ? "awaiting_payment" : "refunded";
  const paidAt = status === "awaiting_payment" ? null : new Date(createdMs + 60_000).toISOString();
  const amountOre = (100 + Math.floor(random() * 20) * 50) * 100;
  const [method, provider] = METHODS[Math.floor(random() * METHODS.length)]!;
  const paymentStatus = status === "paid" ? "paid" : status === "refunded" ? "refunded" : "expired";
  return {
    gift: [
      giftId,
      `BENCH${index.toString(32).toUpperCase().padStart(21, "0")}`,
      type,
      amountOre,
      who.donorId,
      who.name,
      who.email,
      who.personnummer,
      0,
      status,
      `bench-${index}`,
      created,
      paidAt ?? created,
      paidAt,
    ],
    payment: [
      crypto.randomUUID(),
      giftId,
      method,
      provider,
      `bench-${index}`,
      paymentStatus,
      amountOre,
      created,
      paidAt ?? created,
      paidAt,
      new Date(createdMs + 30 * 60_000).toISOString(),
    ],
  };
}

/** Donors and their gifts in batches: donors first (gifts refer to them), then gifts with random donors. */
function* batches(options: FillOptions, batchSize: number): Generator<Batch> {
  const random = seededRandom(options.seed ?? 18);
  const nowMs = options.now.getTime();
  const spanMs = options.years * 365.25 * 86_400_000;
  const donors: Array<{ id: string; personnummer: string | null; name: string; email: string }> = [];
  const used = new Set<string>();
  let batch: Value[][] = [];
  for (let i = 0; i < options.donors; i++) {
    // Seven in ten donors gave with BankID or their personnummer at some point.
    let personnummer: string | null = null;
    if (random() < 0.7) {
      do {
        personnummer = personnummerFor(1930 + Math.floor(random() * 75), 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28), 1 + Math.floor(random() * 999));
      } while (used.has(personnummer) || personnummer === "198112289874");
      used.add(personnummer);
    }
    const given = GIVEN[i % GIVEN.length]!;
    const surname = SURNAMES[Math.floor(random() * SURNAMES.length)]!;
    const created = new Date(nowMs - random() * spanMs).toISOString();
    const donor = { id: crypto.randomUUID(), personnummer, name: `${given} ${surname}`, email: `givare${i}@exempel.se` };
    donors.push(donor);
    batch.push([donor.id, personnummer, given, surname, donor.email, 0, 1, 1, 0, 0, created, created]);
    if (batch.length === batchSize) {
      yield { donors: batch, gifts: [], payments: [] };
      batch = [];
    }
  }
  if (batch.length > 0) yield { donors: batch, gifts: [], payments: [] };

  let gifts: Value[][] = [];
  let payments: Value[][] = [];
  for (let i = 0; i < options.gifts; i++) {
    // One gift in ten from someone never identified; the rest from a known donor, a fifth of those not linked yet.
    const donor = random() < 0.9 ? donors[Math.floor(random() * donors.length)] : undefined;
    const linked = donor && random() < 0.8;
    const who = donor
      ? { donorId: linked || !donor.personnummer ? donor.id : null, name: donor.name, email: donor.email, personnummer: donor.personnummer }
      : { donorId: null, name: "Anonym Givare", email: `gast${i}@exempel.se`, personnummer: null };
    const roll = random();
    const type = roll < 0.8 ? "one_off" : roll < 0.9 ? "memorial" : roll < 0.95 ? "monthly" : "membership";
    const { gift, payment } = giftAndPayment(random, i, nowMs - 86_400_000 - random() * spanMs, who, type);
    gifts.push(gift);
    payments.push(payment);
    if (gifts.length === batchSize) {
      yield { donors: [], gifts, payments };
      gifts = [];
      payments = [];
    }
  }
  if (gifts.length > 0) yield { donors: [], gifts, payments };
}

/** The donor Mina sidor is measured for: the BankID simulator's first person, with `count` gifts over the years. */
export function benchDonorRows(options: { now: Date; years: number; count: number; personnummer: string }): Batch {
  const random = seededRandom(300);
  const donorId = crypto.randomUUID();
  const created = new Date(options.now.getTime() - options.years * 365.25 * 86_400_000).toISOString();
  const who = { donorId, name: "Bench Givare", email: "bench-givare@exempel.se", personnummer: options.personnummer };
  const gifts: Value[][] = [];
  const payments: Value[][] = [];
  for (let i = 0; i < options.count; i++) {
    const at = options.now.getTime() - 86_400_000 - ((i + random()) / options.count) * options.years * 365.25 * 86_400_000;
    const made = giftAndPayment(random, 50_000_000 + i, at, who, i % 10 === 0 ? "memorial" : "one_off");
    gifts.push(made.gift);
    payments.push(made.payment);
  }
  return {
    donors: [[donorId, options.personnummer, "Bench", "Givare", who.email, 0, 1, 1, 0, 0, created, created]],
    gifts,
    payments,
  };
}

async function insertRows(db: Kysely<DB>, engine: Engine, table: string, columns: Columns, rows: Value[][]): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  if (engine === "postgres") {
    const arrays = names.map((_, c) => rows.map((row) => row[c] ?? null));
    const unnest = sql.join(names.map((name, c) => sql`${arrays[c]}::${sql.raw(columns[name]!)}[]`));
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) select * from unnest(${unnest})`.execute(db);
    return;
  }
  // SQLite allows 32,766 parameters per statement.
  const perStatement = Math.floor(32_000 / names.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = sql.join(chunk.map((row) => sql`(${sql.join(row)})`));
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) values ${values}`.execute(db);
  }
}

export async function insertBatch(db: Kysely<DB>, engine: Engine, batch: Batch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, engine, "donors", DONOR_COLUMNS, batch.donors);
    await insertRows(trx, engine, "gifts", GIFT_COLUMNS, batch.gifts);
    await insertRows(trx, engine, "payments", PAYMENT_COLUMNS, batch.payments);
  });
}

/** Fills a PostgreSQL database; calls `progress` after each batch with the gifts written so far. */
export async function fill(db: Kysely<DB>, engine: Engine, options: FillOptions, progress?: (gifts: number) => void): Promise<void> {
  let written = 0;
  for (const batch of batches(options, 20_000)) {
    await insertBatch(db, engine, batch);
    written += batch.gifts.length;
    progress?.(written);
  }
}

/** Fills a SQLite file through a connection of its own (prepared statements, no query builder in the loop). */
export function fillSqliteFile(file: string, options: FillOptions, progress?: (gifts: number) => void): void {
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = OFF");
    const insert = (table: string, columns: Columns) => {
      const names = Object.keys(columns);
      return sqlite.prepare(`insert into "${table}" (${names.map((n) => `"${n}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`);
    };
    const donors = insert("donors", DONOR_COLUMNS);
    const gifts = insert("gifts", GIFT_COLUMNS);
    const payments = insert("payments", PAYMENT_COLUMNS);
    const write = sqlite.transaction((batch: Batch) => {
      for (const row of batch.donors) donors.run(row);
      for (const row of batch.gifts) gifts.run(row);
      for (const row of batch.payments) payments.run(row);
    });
    let written = 0;
    for (const batch of batches(options, 20_000)) {
      write(batch);
      written += batch.gifts.length;
      progress?.(written);
    }
  } finally {
    sqlite.close();
  }
}
