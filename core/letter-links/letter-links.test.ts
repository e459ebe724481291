import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { insertTestDonor } from "#tests/support/test-donor";
import { donorsForLetter, issueLetterLink, LetterLinkRefusal, letterPrefill } from "./letter-links";
import { isLetterReference, letterReferenceHash, newLetterReference } from "./letter-link-reference";

describe("letter references", () => {
  it("are 128 random bits in 26 characters, checked exactly as written", () => {
    const reference = newLetterReference();
    expect(reference).toHaveLength(26);
    expect(isLetterReference(reference)).toBe(true);
    expect(newLetterReference()).not.toBe(reference);
    expect(isLetterReference(reference.toLowerCase())).toBe(false);
    expect(isLetterReference(`${reference}0`)).toBe(false);
    expect(isLetterReference("1234")).toBe(false);
    expect(letterReferenceHash(reference)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(testEngines)("letter links on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  const setUp = async () => {
    clock.set("2026-11-23T09:00:00.000Z");
    return (database = await openTestDatabase(engine)).db;
  };

  it("pre-fill only the name and address, keep only the reference's hash, and stop working when they expire", async () => {
    const db = await setUp();
    const donor = await insertTestDonor(db, clock);
    const { reference, expiresAt } = await issueLetterLink({ db, clock }, donor, 60);
    expect(expiresAt).toBe("2027-01-22T09:00:00.000Z");
    expect(await letterPrefill({ db, clock }, reference)).toEqual({ name: "Erik Lindgren", street: "Ringvägen 12", postalCode: "118 60", city: "Stockholm" });

    const stored = await db.selectFrom("letter_links").selectAll().execute();
    expect(stored).toEqual([{ reference_hash: letterReferenceHash(reference), donor_id: donor.id, created_at: "2026-11-23T09:00:00.000Z", expires_at: expiresAt }]);
    expect(JSON.stringify(stored)).not.toContain(reference);

    // A second letter gets a link of its own; the first keeps working.
    const second = await issueLetterLink({ db, clock }, donor, 60);
    expect(second.reference).not.toBe(reference);
    expect(await letterPrefill({ db, clock }, reference)).not.toBeNull();

    // Either letter case, and a space copied with it, is the same reference (normaliseLetterReference); a near miss is not.
    for (const same of [reference.toLowerCase(), `${reference} `]) expect(await letterPrefill({ db, clock }, same), same).not.toBeNull();
    for (const wrong of [newLetterReference(), "", "1", reference.replace(/.$/, (c) => (c === "0" ? "1" : "0"))]) {
      expect(await letterPrefill({ db, clock }, wrong), wrong).toBeNull();
    }
    clock.set(expiresAt);
    expect(await letterPrefill({ db, clock }, reference)).toBeNull();
  });

  it("are not made for a protected identity or a donor without a full address, and say nothing once the address is gone", async () => {
    const db = await setUp();
    const hidden = await insertTestDonor(db, clock, { protected_identity: 1, street: null, postal_code: null, city: null, personnummer: null });
    await expect(issueLetterLink({ db, clock }, hidden, 60)).rejects.toThrow(/protected identity/);
    const noCity = await insertTestDonor(db, clock, { city: null, personnummer: null });
    await expect(issueLetterLink({ db, clock }, noCity, 60)).rejects.toBeInstanceOf(LetterLinkRefusal);
    expect(await db.selectFrom("letter_links").selectAll().execute()).toEqual([]);

    const donor = await insertTestDonor(db, clock);
    const { reference } = await issueLetterLink({ db, clock }, donor, 60);
    await db.updateTable("donors").set({ protected_identity: 1, street: null, postal_code: null, city: null }).where("id", "=", donor.id).execute();
    expect(await letterPrefill({ db, clock }, reference)).toBeNull();
  });

  it("go with their donor when the donor is erased", async () => {
    const db = await setUp();
    const donor = await insertTestDonor(db, clock);
    const { reference } = await issueLetterLink({ db, clock }, donor, 60);
    await db.deleteFrom("donors").where("id", "=", donor.id).execute();
    expect(await db.selectFrom("letter_links").selectAll().execute()).toEqual([]);
    expect(await letterPrefill({ db, clock }, reference)).toBeNull();
  });

  it("find the donor staff mean by id or by e-mail in any letter case", async () => {
    const db = await setUp();
    const erik = await insertTestDonor(db, clock);
    const other = await insertTestDonor(db, clock, { personnummer: null, email: "ERIK@exempel.se", given_name: "E" });
    expect((await donorsForLetter(db, erik.id)).map((d) => d.id)).toEqual([erik.id]);
    expect((await donorsForLetter(db, " Erik@Exempel.se ")).map((d) => d.id).sort()).toEqual([erik.id, other.id].sort());
    expect(await donorsForLetter(db, "nobody@exempel.se")).toEqual([]);
    expect(await donorsForLetter(db, "not-an-id")).toEqual([]);
  });
});
