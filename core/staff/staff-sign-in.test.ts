import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { AuditLog } from "../audit/audit-log";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { StaffRepository, staffKey } from "./staff-repository";
import { StaffSessions } from "./staff-sessions";
import { signInStaff } from "./staff-sign-in";

describe.each(testEngines)("signing staff in after BankID (%s)", (engine) => {
  let database: TestDatabase;
  afterEach(() => database.dispose());

  async function setUp() {
    database = await openTestDatabase(engine);
    const clock = new ManualClock("2026-03-02T08:00:00.000Z");
    const members = new StaffRepository({ db: database.db, clock, key: staffKey("k".repeat(32)) });
    const deps = { clock, members, sessions: new StaffSessions({ db: database.db, clock, staff: members }, { secure: false }), audit: new AuditLog({ db: database.db, clock }) };
    const audit = () => database.db.selectFrom("audit_log").select(["action", "outcome", "staff_id", "staff_name"]).orderBy("id").execute();
    return { deps, members, audit };
  }

  it("gives an active member a session with their name from BankID, and logs the sign-in", async () => {
    const { deps, members, audit } = await setUp();
    const { member } = await members.register("198004262385", ["insamling"], null);
    const signIn = await signInStaff(deps, { personalNumber: "198004262385", name: "Karin Holm" }, { ip: "10.0.0.7", cookie: null });
    expect(signIn.signedIn).toBe(true);
    if (!signIn.signedIn) return;
    expect(signIn.setCookie).toMatch(/^hl_staff=/);
    expect(await deps.sessions.check(signIn.setCookie.split(";")[0], "10.0.0.7")).toMatchObject({ state: "active", staff: { id: member.id, name: "Karin Holm" } });
    expect(await audit()).toEqual([{ action: "staff.sign_in", outcome: "ok", staff_id: member.id, staff_name: "Karin Holm" }]);
  });

  it("refuses someone who is not staff, or no longer is, and logs the attempt without a name", async () => {
    const { deps, members, audit } = await setUp();
    const { member } = await members.register("198004262385", ["admin"], null);
    await members.deactivate(member.id);
    for (const personalNumber of ["198004262385", "198112289874"]) {
      expect(await signInStaff(deps, { personalNumber, name: "Någon" }, { ip: "10.0.0.7", cookie: null })).toEqual({ signedIn: false });
    }
    expect(await audit()).toEqual([
      { action: "staff.sign_in", outcome: "refused", staff_id: null, staff_name: null },
      { action: "staff.sign_in", outcome: "refused", staff_id: null, staff_name: null },
    ]);
    expect(await database.db.selectFrom("staff_sessions").select("id_hash").execute()).toEqual([]);
  });
});
