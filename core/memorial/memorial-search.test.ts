import { describe, expect, it } from "vitest";
import { DeceasedIndex, ParlourIndex } from "./memorial-search";
import type { DeceasedPerson, FuneralParlour } from "./memorial-records";

const parlour = (id: string, name: string, town: string): FuneralParlour => ({
  id,
  name,
  town,
  postalAddress: { street: "Storgatan 1", postalCode: "903 25", city: town },
  email: `${id}@exempel.se`,
  phone: "08-465 004 00",
});

let seq = 0;
const person = (givenNames: string, surname: string, dateOfDeath: string, homeTown = "Umeå"): DeceasedPerson => ({
  id: `D${++seq}`,
  givenNames,
  surname,
  birthYear: 1940,
  age: 86,
  dateOfDeath,
  homeTown,
  funeralDate: null,
  funeralParlour: null,
});

const people = [
  person("Karin", "Lindqvist", "2026-11-02"),
  person("Karina", "Lindberg", "2026-11-20", "Ängelholm"),
  person("Åsa", "Björk", "2026-10-01", "Västerås"),
  person("Linnéa", "Rosén", "2026-09-15"),
  person("Karl", "Lind", "2026-11-21", "Göteborg"),
  person("Karen", "Öberg", "2026-11-22"),
  person("Karin", "Lindqvist", "2026-08-01"), // outside the range below
];
const dates = { from: "2026-08-26", to: "2026-11-23" };
const names = (list: DeceasedPerson[]) => list.map((p) => `${p.givenNames} ${p.surname}`);

describe("searching the deceased", () => {
  const index = new DeceasedIndex(people);

  it("finds names typed without diacritics or capitals, and shows them as written", () => {
    expect(names(index.search({ name: "asa bjork", dates, limit: 10 }).items)).toEqual(["Åsa Björk"]);
    expect(names(index.search({ name: "LINNEA", dates, limit: 10 }).items)).toEqual(["Linnéa Rosén"]);
    expect(names(index.search({ name: "oberg", dates, limit: 10 }).items)).toEqual(["Karen Öberg"]);
  });

  it("finds Karin Lindqvist from 'kar lin' and ranks exact > prefix > typo, recent deaths first on ties", () => {
    expect(names(index.search({ name: "kar lin", dates, limit: 10 }).items)).toEqual([
      "Karl Lind", // kar prefix + lin exact
      "Karina Lindberg", // prefix + prefix, died 20 Nov
      "Karin Lindqvist", // prefix + prefix, died 2 Nov
    ]);
    expect(names(index.search({ name: "karin", dates, limit: 10 }).items)).toEqual(["Karin Lindqvist", "Karina Lindberg", "Karen Öberg"]);
  });

  it("tolerates one typo in a longer word", () => {
    expect(names(index.search({ name: "karin lindkvist", dates, limit: 10 }).items)).toEqual(["Karin Lindqvist"]);
    expect(index.search({ name: "karin lindkvost", dates, limit: 10 }).total).toBe(0);
  });

  it("keeps to the dates and the town, and counts all matches beyond the page", () => {
    const page = index.search({ name: "kar", dates, limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(4);
    expect(names(index.search({ name: "karin lindqvist", dates: { from: "2026-07-01", to: "2026-08-31" }, limit: 10 }).items)).toEqual([
      "Karin Lindqvist",
    ]);
    expect(index.search({ name: "karin lindqvist", dates: { from: "2026-07-01", to: "2026-08-31" }, limit: 10 }).items[0]!.dateOfDeath).toBe(
      "2026-08-01",
    );
    expect(names(index.search({ name: "kar", town: "angel", dates, limit: 10 }).items)).toEqual(["Karina Lindberg"]);
    expect(names(index.search({ name: "kar", town: "göteborg", dates, limit: 10 }).items)).toEqual(["Karl Lind"]);
  });

  it("answers nothing for nothing typed", () => {
    expect(index.search({ name: " - ", dates, limit: 10 })).toEqual({ items: [], total: 0 });
  });
});

describe("searching funeral parlours", () => {
  const index = new ParlourIndex([
    parlour("p1", "Fonus Umeå", "Umeå"),
    parlour("p2", "Ängelholms Begravningsbyrå", "Ängelholm"),
    parlour("p3", "Umebygdens Begravningsbyrå", "Umeå"),
    parlour("p4", "Begravningsbyrån i Visby", "Visby"),
  ]);
  const found = (query: string, town?: string) => index.search({ query, town, limit: 10 }).items.map((p) => p.name);

  it("finds by the beginning of the name or the town, folded", () => {
    expect(found("fonus ume")).toEqual(["Fonus Umeå"]);
    expect(found("angelh")).toEqual(["Ängelholms Begravningsbyrå"]);
    expect(found("umea")).toEqual(["Fonus Umeå", "Umebygdens Begravningsbyrå"]);
    expect(found("ume")).toEqual(["Fonus Umeå", "Umebygdens Begravningsbyrå"]);
    expect(found("visby")).toEqual(["Begravningsbyrån i Visby"]);
    expect(found("begrav", "visby")).toEqual(["Begravningsbyrån i Visby"]);
  });
});
