import type { Generated } from "kysely";

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC strings and
 * booleans are 0/1 integers in both engines, so that rows read the same on
 * SQLite and PostgreSQL. Money is integer öre.
 */
export interface GiftsTable {
  id: string;
  order_reference: string;
  gift_type: string;
  amount_ore: number;
  donor_name: string;
  donor_email: string;
  donor_personnummer: string | null;
  newsletter_consent: number;
  status: string;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface PaymentsTable {
  id: string;
  gift_id: string;
  method: string;
  provider: string;
  provider_reference: string | null;
  status: string;
  amount_ore: number;
  payer_alias: string | null;
  /** What the donor's browser needs to continue with the provider (Swish token, Brite token…). */
  client_token: string | null;
  error_code: string | null;
  last_checked_at: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  expires_at: string;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: string;
  type: string;
  from_status: string | null;
  to_status: string;
  source: string;
  data: string | null;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  dedupe_key: string | null;
  payload: string;
  run_at: string;
  attempts: number;
  locked_until: string | null;
  done_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface KvEntriesTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface DB {
  gifts: GiftsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  jobs: JobsTable;
  kv_entries: KvEntriesTable;
}
