import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { KeyValueStore } from "#core/key-value-store";
import type { DB } from "./schema";

/**
 * Small shared state (the research cache, the search suggestions) in the
 * `kv_entries` table, so every instance behind a load balancer sees the same
 * values. Values are JSON text; unreadable JSON reads as absent.
 */
export class DbKeyValueStore implements KeyValueStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async get(key: string): Promise<unknown> {
    const row = await this.db.selectFrom("kv_entries").select("value").where("key", "=", key).executeTakeFirst();
    return row ? parseJson(row.value) : undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto("kv_entries")
      .values({ key, value: text, updated_at: now })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: text, updated_at: now }))
      .execute();
  }

  /**
   * Read-modify-write without losing another instance's write in between:
   * the row is only replaced if it still holds what was read (optimistic
   * concurrency, the same SQL on SQLite and PostgreSQL); otherwise it is read
   * again and `change` runs again. Returns the value written.
   */
  async update(key: string, change: (current: unknown) => unknown, attempts = 5): Promise<unknown> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const row = await this.db.selectFrom("kv_entries").select(["value", "updated_at"]).where("key", "=", key).executeTakeFirst();
      const next = change(row ? parseJson(row.value) : undefined);
      const text = JSON.stringify(next);
      const now = this.clock.now().toISOString();
      if (!row) {
        const inserted = await this.db
          .insertInto("kv_entries")
          .values({ key, value: text, updated_at: now })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return next;
        continue;
      }
      const updated = await this.db
        .updateTable("kv_entries")
        .set({ value: text, updated_at: now })
        .where("key", "=", key)
        .where("value", "=", row.value)
        .where("updated_at", "=", row.updated_at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) return next;
    }
    throw new Error(`kv_entries: "${key}" kept changing under us; giving up after ${attempts} attempts`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
