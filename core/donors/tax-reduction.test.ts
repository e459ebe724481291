import { describe, expect, it } from "vitest";
import { swedishYear, taxSummaries } from "./tax-reduction";

const gift = (kr: number, paidAt: string) => ({ amountOre: kr * 100, paidAt });

describe("tax reduction summary", () => {
  it("counts only gifts of at least 200 kr, and gives 25 % once the year reaches 2 000 kr", () => {
    const [year] = taxSummaries([gift(1000, "2025-03-01T10:00:00Z"), gift(1000, "2025-06-01T10:00:00Z"), gift(199, "2025-07-01T10:00:00Z")]);
    expect(year).toEqual({ year: 2025, qualifyingOre: 200_000, qualifyingCount: 2, otherOre: 19_900, reachesYearMinimum: true, reductionOre: 50_000 });
  });

  it("gives nothing under 2 000 kr, even when each gift counts", () => {
    const [year] = taxSummaries([gift(1999, "2025-03-01T10:00:00Z")]);
    expect(year?.reachesYearMinimum).toBe(false);
    expect(year?.reductionOre).toBe(0);
    const [small] = taxSummaries(Array.from({ length: 20 }, () => gift(150, "2025-03-01T10:00:00Z")));
    expect(small?.qualifyingOre).toBe(0);
    expect(small?.reductionOre).toBe(0);
  });

  it("caps the reduction at 1 500 kr and keeps years apart, newest first", () => {
    const summaries = taxSummaries([gift(10_000, "2024-05-01T10:00:00Z"), gift(200, "2025-01-01T10:00:00Z")]);
    expect(summaries.map((s) => s.year)).toEqual([2025, 2024]);
    expect(summaries[1]?.reductionOre).toBe(150_000);
  });

  it("uses Swedish time for the year boundary", () => {
    expect(swedishYear("2024-12-31T23:30:00Z")).toBe(2025);
    expect(swedishYear("2024-12-31T22:30:00Z")).toBe(2024);
    expect(swedishYear("2024-12-31T23:30:00.000Z")).toBe(2025);
    expect(swedishYear("2025-01-01T00:30:00.000Z")).toBe(2025);
  });

  it("gives the year Stockholm's calendar gives for any stored timestamp (the quick path agrees with the time zone)", () => {
    const stockholm = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", year: "numeric" });
    const samples: string[] = [];
    for (let year = 2019; year <= 2027; year++) {
      // Every quarter hour around new year, and a spread over the year.
      const newYear = Date.UTC(year, 0, 1);
      for (let minutes = -180; minutes <= 180; minutes += 15) samples.push(new Date(newYear + minutes * 60_000).toISOString());
      for (let day = 0; day < 365; day += 7) samples.push(new Date(newYear + day * 86_400_000 + 37_000_123).toISOString());
    }
    for (const iso of samples) expect(swedishYear(iso), iso).toBe(Number(stockholm.format(new Date(iso))));
  });
});
