import { describe, expect, it } from "vitest";
import { parseOrganisationsnummer } from "./organisationsnummer";

describe("organisationsnummer", () => {
  it("reads every way a company writes its number, and keeps ten digits", () => {
    for (const typed of ["556677-8899", "5566778899", "16556677-8899", "165566778899", " 556677 - 8899 "]) {
      const parsed = parseOrganisationsnummer(typed);
      expect(parsed?.digits, typed).toBe("5566778899");
      expect(parsed?.display).toBe("556677-8899");
      expect(parsed?.twelveDigits).toBe("165566778899");
    }
  });

  it("refuses a wrong check digit, a personnummer's third digit, and other shapes", () => {
    expect(parseOrganisationsnummer("556677-8898")).toBeNull();
    // 811228-9874 is a valid personnummer: its third digit (a month) is below 2.
    expect(parseOrganisationsnummer("811228-9874")).toBeNull();
    expect(parseOrganisationsnummer("19556677-8899")).toBeNull();
    expect(parseOrganisationsnummer("55667788")).toBeNull();
    expect(parseOrganisationsnummer("556677-889X")).toBeNull();
    expect(parseOrganisationsnummer("")).toBeNull();
  });

  it("reads the legal-form group from the first digit; only aktiebolag and ekonomiska föreningar get the tax reduction", () => {
    expect(parseOrganisationsnummer("556036-0793")).toMatchObject({ group: "5", legalForm: "Aktiebolag", taxReductionForm: true });
    expect(parseOrganisationsnummer("769600-1234")).toMatchObject({ group: "7", legalForm: "Ekonomisk förening eller bostadsrättsförening", taxReductionForm: true });
    expect(parseOrganisationsnummer("802555-0107")).toMatchObject({ group: "8", taxReductionForm: false });
    expect(parseOrganisationsnummer("969612-3455")).toMatchObject({ group: "9", legalForm: "Handelsbolag eller kommanditbolag", taxReductionForm: false });
    expect(parseOrganisationsnummer("212000-0142")).toMatchObject({ group: "2", taxReductionForm: false });
  });
});
