import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, StaffTable } from "#db/schema";
import type { Clock } from "../clock";
import { parsePersonnummer } from "../identity/personnummer";
import { STAFF_ROLES, type StaffRole } from "./staff-roles";

type Executor = Kysely<DB> | Transaction<DB>;
export type StaffRow = Selectable<StaffTable>;

export interface StaffMember {
  id: string;
  name: string | null;
  /** ÅÅÅÅMMDD-****: enough to tell two people apart, never the whole number. */
  maskedPersonnummer: string;
  roles: StaffRole[];
  active: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

/**
 * The key that turns a personnummer into the value staff are found by. Derived
 * from the site's SECRET_KEY (or the stored master secret it comes from), so
 * the site and `npm run staff:add` compute the same value and a copy of the
 * table alone does not reveal who the staff are. Changing SECRET_KEY means
 * registering staff again (docs/operations.md).
 */
export function staffKey(secretKey: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", Buffer.from(secretKey, "utf8"), Buffer.alloc(0), "hl-site/staff-personnummer", 32));
}

export function personnummerHmac(key: Buffer, canonical: string): string {
  return crypto.createHmac("sha256", key).update(canonical).digest("hex");
}

export class StaffInputError extends Error {
  constructor(readonly field: "personnummer" | "roles", message: string) {
    super(message);
    this.name = "StaffInputError";
  }
}

/** Roles as given: every one must be a known role, at least one. */
export function parseRoles(values: readonly unknown[]): StaffRole[] {
  const roles = [...new Set(values.map((v) => String(v).trim()).filter(Boolean))];
  if (roles.length === 0) throw new StaffInputError("roles", "Välj minst en roll.");
  const unknown = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (unknown.length > 0) throw new StaffInputError("roles", `Okänd roll: ${unknown.join(", ")}. Roller: ${STAFF_ROLES.join(", ")}.`);
  return roles as StaffRole[];
}

export class StaffRepository {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock; key: Buffer }) {}

  /** Registers a person as staff with these roles, or gives an existing (also a deactivated) member exactly these roles again. */
  async register(personnummerInput: string, roleValues: readonly unknown[], createdBy: string | null): Promise<{ member: StaffMember; created: boolean }> {
    const now = this.deps.clock.now();
    const parsed = parsePersonnummer(personnummerInput, { now });
    if (!parsed) throw new StaffInputError("personnummer", "Ange ett giltigt personnummer (ÅÅÅÅMMDD-NNNN).");
    const roles = parseRoles(roleValues);
    const hmac = personnummerHmac(this.deps.key, parsed.canonical);
    return this.deps.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("staff").select("id").where("personnummer_hmac", "=", hmac).executeTakeFirst();
      const id = existing?.id ?? crypto.randomUUID();
      if (existing) {
        await trx.updateTable("staff").set({ active: 1 }).where("id", "=", id).execute();
      } else {
        await trx
          .insertInto("staff")
          .values({
            id,
            personnummer_hmac: hmac,
            birth_date: parsed.canonical.slice(0, 8),
            name: null,
            active: 1,
            created_at: now.toISOString(),
            created_by: createdBy,
            last_login_at: null,
          })
          .execute();
      }
      await this.replaceRoles(trx, id, roles);
      return { member: (await this.member(id, trx))!, created: !existing };
    });
  }

  async setRoles(id: string, roleValues: readonly unknown[]): Promise<StaffMember | undefined> {
    const roles = parseRoles(roleValues);
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.member(id, trx))) return undefined;
      await this.replaceRoles(trx, id, roles);
      return this.member(id, trx);
    });
  }

  /** Ends a member's access: no sign-in, every session ended. The row stays, for the audit log's sake. */
  async deactivate(id: string): Promise<StaffMember | undefined> {
    return this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("staff").set({ active: 0 }).where("id", "=", id).execute();
      await trx.deleteFrom("staff_sessions").where("staff_id", "=", id).execute();
      return this.member(id, trx);
    });
  }

  /** The active staff member a proven personnummer belongs to, or undefined: only registered staff get in. */
  async findActiveByPersonnummer(canonical: string): Promise<StaffMember | undefined> {
    const row = await this.deps.db
      .selectFrom("staff")
      .select("id")
      .where("personnummer_hmac", "=", personnummerHmac(this.deps.key, canonical))
      .where("active", "=", 1)
      .executeTakeFirst();
    return row ? this.member(row.id) : undefined;
  }

  async recordLogin(id: string, name: string): Promise<void> {
    await this.deps.db.updateTable("staff").set({ name, last_login_at: this.deps.clock.now().toISOString() }).where("id", "=", id).execute();
  }

  async member(id: string, db: Executor = this.deps.db): Promise<StaffMember | undefined> {
    const row = await db.selectFrom("staff").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return undefined;
    const roles = await db.selectFrom("staff_roles").select("role").where("staff_id", "=", id).execute();
    return toMember(row, roles.map((r) => r.role));
  }

  async list(): Promise<StaffMember[]> {
    const rows = await this.deps.db.selectFrom("staff").selectAll().orderBy("active", "desc").orderBy("name").orderBy("created_at").execute();
    const roles = await this.deps.db.selectFrom("staff_roles").selectAll().execute();
    return rows.map((row) => toMember(row, roles.filter((r) => r.staff_id === row.id).map((r) => r.role)));
  }

  private async replaceRoles(trx: Transaction<DB>, id: string, roles: readonly StaffRole[]): Promise<void> {
    await trx.deleteFrom("staff_roles").where("staff_id", "=", id).execute();
    await trx.insertInto("staff_roles").values(roles.map((role) => ({ staff_id: id, role }))).execute();
  }
}

function toMember(row: StaffRow, roles: StaffRole[]): StaffMember {
  return {
    id: row.id,
    name: row.name,
    maskedPersonnummer: `${row.birth_date}-****`,
    roles: STAFF_ROLES.filter((r) => roles.includes(r)),
    active: row.active === 1,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}
