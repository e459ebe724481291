import { describe, expect, it } from "vitest";
import Personnummer from "personnummer";
import { parsePersonnummer } from "./personnummer";
import { TEST_PERSONNUMMER, TEST_SAMORDNINGSNUMMER } from "./test-personnummer";

const now = new Date("2026-06-01T10:00:00.000Z");

describe("test identity numbers", () => {
  it("has at least 8 distinct personnummer", () => {
    expect(new Set(TEST_PERSONNUMMER).size).toBe(TEST_PERSONNUMMER.length);
    expect(TEST_PERSONNUMMER.length).toBeGreaterThanOrEqual(8);
  });

  it.each(TEST_PERSONNUMMER)("%s is a valid personnummer in canonical form", (pnr) => {
    expect(Personnummer.valid(pnr)).toBe(true);
    const parsed = parsePersonnummer(pnr, { now });
    expect(parsed?.canonical).toBe(pnr);
    expect(parsed?.isSamordningsnummer).toBe(false);
  });

  it.each(TEST_SAMORDNINGSNUMMER)("%s is a valid samordningsnummer", (pnr) => {
    expect(parsePersonnummer(pnr, { now })?.isSamordningsnummer).toBe(true);
  });
});
