import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { ManualClock } from "../clock";
import { donorDetailsSchema } from "./donor-details";
import { findDonorByPersonnummer, updateDonorDetails, upsertIdentifiedDonor } from "./donor-repository";
import { safeReturnPath } from "./return-path";

const address = { street: "Storgatan 12", postalCode: "114 51", city: "Stockholm" };

describe.each(testEngines)("donors on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("a protected identity never has an address stored, not even one typed in or stored before", async () => {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock();
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198404152392", givenName: "Anders", surname: "Sjöberg", address });
    expect(donor.street).toBe("Storgatan 12");
    // The register now says protected: the stored address goes.
    const protectedDonor = await upsertIdentifiedDonor(db, clock, {
      personnummer: "198404152392",
      givenName: "Anders",
      surname: "Sjöberg",
      protectedIdentity: true,
      address,
    });
    expect(protectedDonor).toMatchObject({ street: null, postal_code: null, city: null, protected_identity: 1 });
    const details = donorDetailsSchema.parse({ givenName: "Anders", surname: "Sjöberg", street: "Gömd 1", postalCode: "11111", city: "Ort" });
    await updateDonorDetails(db, clock, protectedDonor, details);
    expect(await findDonorByPersonnummer(db, "198404152392")).toMatchObject({ street: null, city: null });
  });

  it("keeps what a returning donor changed and fills only gaps", async () => {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock();
    const first = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    expect(first.street).toBeNull();
    await updateDonorDetails(db, clock, first, donorDetailsSchema.parse({ givenName: "Erik", surname: "Lindgren-Ny", email: "E@Exempel.se", contactEmail: "on" }));
    const again = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren", address });
    expect(again).toMatchObject({ surname: "Lindgren-Ny", email: "e@exempel.se", street: "Storgatan 12", contact_email: 1, contact_post: 0 });
  });
});

describe("details form", () => {
  it("wants a whole address or none, and contact details for the chosen channels", () => {
    const result = donorDetailsSchema.safeParse({ givenName: "A", surname: "B", street: "Gatan 1", contactPhone: "on", newsletter: "on" });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path[0]).sort();
    expect(fields).toEqual(["city", "email", "phone", "postalCode"]);
  });
});

describe("return path after login", () => {
  it("stays on this site", () => {
    expect(safeReturnPath("/ge-en-gava?belopp=250")).toBe("/ge-en-gava?belopp=250");
    for (const bad of ["//ond.example/x", "https://ond.example", "/\\ond.example", "mina-sidor", "", null, "/ x"]) {
      expect(safeReturnPath(bad)).toBe("/mina-sidor");
    }
  });
});
