import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { ManualClock } from "../clock";
import { AuditLog, auditCsv } from "./audit-log";

describe.each(testEngines)("the audit log on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("is written, searched, and cannot be changed, deleted or emptied", async () => {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock(new Date("2026-11-23T10:00:00.000Z"));
    const log = new AuditLog({ db, clock });
    const actor = { staffId: "s1", staffName: "Karin Holm", ip: "10.0.0.1" };
    await log.record(actor, { action: "donor.view", subjectType: "donor", subjectId: "d1", details: { note: "ringde om 198112289874" } });
    clock.advance(86_400_000);
    await log.record(actor, { action: "payment.refund", outcome: "refused", subjectType: "payment", subjectId: "p1" });

    const rows = await log.search({});
    expect(rows.map((r) => r.action)).toEqual(["payment.refund", "donor.view"]);
    // A personnummer never reaches the log, not even inside details.
    expect(rows[1]!.details).toBe('{"note":"ringde om [personnummer]"}');
    expect((await log.search({ outcome: "refused" })).map((r) => r.subject_id)).toEqual(["p1"]);
    expect((await log.search({ from: "2026-11-24", to: "2026-11-24" })).map((r) => r.action)).toEqual(["payment.refund"]);
    expect((await log.search({ text: "Karin" })).length).toBe(2);

    await expect(db.updateTable("audit_log").set({ outcome: "ok" }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").where("action", "=", "donor.view").execute()).rejects.toThrow(/append-only/);
    expect(await db.selectFrom("audit_log").select("id").execute()).toHaveLength(2);
  });
});

describe("audit CSV", () => {
  it("quotes what needs quoting and keeps spreadsheet formulas inert", () => {
    const csv = auditCsv([
      { id: 1, at: "2026-11-23T10:00:00.000Z", staff_id: "s1", staff_name: "=HYPERLINK(\"x\")", ip: "10.0.0.1", action: "a", outcome: "ok", subject_type: null, subject_id: null, details: '{"a":"b, c"}' },
    ]);
    const [header, row] = csv.split("\r\n");
    expect(header).toBe("id,tid,personal_id,personal,ip,handling,utfall,objekttyp,objekt,detaljer");
    expect(row).toBe('1,2026-11-23T10:00:00.000Z,s1,"\'=HYPERLINK(""x"")",10.0.0.1,a,ok,,,"{""a"":""b, c""}"');
  });
});
