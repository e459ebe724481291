import { describe, expect, it } from "vitest";
import { cardCatalogue, parseCardCatalogue } from "./card-catalogue";
import { activeSeasonWindow, feastDate } from "./card-seasons";

const catalogue = cardCatalogue();

describe("the card catalogue in content/cards", () => {
  it("holds about a hundred valid cards in every occasion group, plus the test codes", () => {
    const codes = catalogue.all().map((c) => c.code);
    expect(codes.length).toBeGreaterThanOrEqual(95);
    for (const prefix of ["ALLAHJARTAN_25", "FARSDAG_24", "GENERELL", "GRATULATION", "JUL_24", "KPD", "KPR", "MORSDAG", "PASK", "TACK"]) {
      expect(codes.filter((c) => c.startsWith(`${prefix}_`)).length, prefix).toBeGreaterThanOrEqual(5);
    }
    for (const test of ["GRAPHQL_TEST", "TEST", "TESTK1", "TESTK2", "TESTK3"]) {
      expect(catalogue.cardByCode(test)?.listed, test).toBe(false);
    }
    expect(catalogue.cardByCode("JUL_24_12")?.occasion).toBe("christmas");
    expect(catalogue.cardByCode("GRATULATION_03")?.greeting).toMatch(/Grattis/);
    expect(catalogue.cardByCode("gratulation_03")).toBeUndefined();
    expect(catalogue.cardByCode("NOPE_01")).toBeUndefined();
  });

  it("gives each listed design a different combination within its occasion", () => {
    const seen = new Set<string>();
    for (const card of catalogue.all().filter((c) => c.listed)) {
      const key = `${card.occasion}:${card.design.motif}:${card.design.palette}:${card.design.variant}`;
      expect(seen.has(key), `${card.code} looks like another card`).toBe(false);
      seen.add(key);
    }
  });

  it("refuses a wrong entry and names it", () => {
    const bad = `occasions:
  - prefix: TACK
    occasion: thanks
    label: Tack
    description: Tack.
    cards:
      - { code: JUL_99, title: Fel, greeting: "Hej", design: { motif: unicorn, palette: rod, variant: 1 } }
      - { code: TACK_01, title: Ok, greeting: "Hej", design: { motif: sun, palette: rod, variant: 7 } }
`;
    expect(() => parseCardCatalogue(bad)).toThrow(/cards\.0\.design\.motif.*cards\.1\.design\.variant/s);
    expect(() => parseCardCatalogue(bad.replace("unicorn", "sun").replace("variant: 7", "variant: 2"))).toThrow(/JUL_99 must start with TACK_/);
    const twice = `occasions:
  - { prefix: TACK, occasion: thanks, label: Tack, description: Tack., cards: [ { code: TACK_01, title: Ett, greeting: Hej, design: { motif: sun, palette: rod, variant: 1 } }, { code: TACK_01, title: Två, greeting: Hej, design: { motif: sun, palette: rod, variant: 2 } } ] }
`;
    expect(() => parseCardCatalogue(twice)).toThrow(/TACK_01 appears twice/);
  });
});

describe("sale windows", () => {
  it("puts the feasts on their Swedish dates", () => {
    expect(feastDate("mothers_day", 2026)).toBe("2026-05-31");
    expect(feastDate("mothers_day", 2025)).toBe("2025-05-25");
    expect(feastDate("fathers_day", 2026)).toBe("2026-11-08");
    expect(feastDate("fathers_day", 2025)).toBe("2025-11-09");
    expect(feastDate("easter", 2027)).toBe("2027-03-28");
  });

  it("sells Christmas cards in late autumn and into the new year, not in summer", () => {
    const jul = catalogue.cardByCode("JUL_24_01")!;
    expect(catalogue.isOnSale(jul, "2026-11-23")).toBe(true);
    expect(catalogue.isOnSale(jul, "2026-12-31")).toBe(true);
    expect(catalogue.isOnSale(jul, "2027-01-01")).toBe(false);
    expect(catalogue.isOnSale(jul, "2026-07-01")).toBe(false);
    expect(activeSeasonWindow({ feast: "christmas", from: 50, to: 10 }, "2027-01-02")?.feast).toBe("2026-12-24");
  });

  it("sells Mother's and Father's Day cards in the three weeks before the day, and all-year cards always", () => {
    const mor = catalogue.cardByCode("MORSDAG_01")!;
    expect(catalogue.isOnSale(mor, "2026-05-10")).toBe(true);
    expect(catalogue.isOnSale(mor, "2026-05-31")).toBe(true);
    expect(catalogue.isOnSale(mor, "2026-06-01")).toBe(false);
    const far = catalogue.cardByCode("FARSDAG_24_01")!;
    expect(catalogue.isOnSale(far, "2026-11-01")).toBe(true);
    expect(catalogue.isOnSale(far, "2026-11-09")).toBe(false);
    expect(catalogue.isOnSale(catalogue.cardByCode("TACK_01")!, "2026-07-01")).toBe(true);
  });

  it("keeps test codes and out-of-season cards out of the picker and puts the season first", () => {
    const november = catalogue.groupsOnSale("2026-11-23");
    expect(november[0]).toMatchObject({ occasion: "christmas", inSeason: true });
    expect(november.map((g) => g.occasion)).not.toContain("easter");
    expect(november.map((g) => g.occasion)).not.toContain("test");
    const codes = catalogue.cardsOnSale("2026-11-23").map((c) => c.code);
    expect(codes).toContain("JUL_24_12");
    expect(codes).not.toContain("TEST");
    expect(codes).not.toContain("PASK_01");
    const march = catalogue.groupsOnSale("2027-03-10").map((g) => g.occasion);
    expect(march[0]).toBe("easter");
    expect(march).not.toContain("christmas");
    const early = catalogue.groupsOnSale("2027-02-10").map((g) => g.occasion);
    expect(early.slice(0, 1)).toEqual(["valentines"]);
  });

  it("honours a card's own dates", () => {
    const limited = parseCardCatalogue(`occasions:
  - prefix: TACK
    occasion: thanks
    label: Tack
    description: Tack.
    cards:
      - { code: TACK_01, title: Ett, greeting: Hej, saleFrom: "2026-03-01", saleUntil: "2026-03-31", design: { motif: sun, palette: rod, variant: 1 } }
`);
    const card = limited.cardByCode("TACK_01")!;
    expect(limited.isOnSale(card, "2026-02-28")).toBe(false);
    expect(limited.isOnSale(card, "2026-03-15")).toBe(true);
    expect(limited.isOnSale(card, "2026-04-01")).toBe(false);
  });
});
