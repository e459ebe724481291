import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock } from "#core/clock";
import { deathDateRange } from "#core/memorial/death-window";
import { addDays, dayNumber } from "#core/calendar/swedish-calendar";
import { MUNICIPALITIES, fictionalPhoneNumbers, generateParlours } from "./fictional-data";
import { createMemorialSourceSimulator } from "./memorial-source-simulator";

describe("the simulator's fictional data", () => {
  afterEach(() => vi.restoreAllMocks());
  const clock = new ManualClock("2026-11-23T12:00:00Z");

  it("lists Sweden's 290 municipalities once each", () => {
    expect(MUNICIPALITIES).toHaveLength(290);
    expect(new Set(MUNICIPALITIES.map((m) => m.name)).size).toBe(290);
    expect(new Set(MUNICIPALITIES.map((m) => m.county)).size).toBe(21);
  });

  it("holds over 2,000 people who died in the last 90 days, aged 40–101, deterministically and without Math.random", () => {
    const random = vi.spyOn(Math, "random");
    const people = createMemorialSourceSimulator({ clock, apiKey: "k".repeat(16) }).deceased();
    expect(random).not.toHaveBeenCalled();
    const window = deathDateRange(clock.now(), 90)!;
    const recent = people.filter((p) => p.dateOfDeath >= window.from && p.dateOfDeath <= window.to);
    expect(recent.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(people.map((p) => p.id)).size).toBe(people.length);
    for (const p of people) {
      expect(p.age).toBeGreaterThanOrEqual(40);
      expect(p.age).toBeLessThanOrEqual(101);
      expect(Number(p.dateOfDeath.slice(0, 4)) - p.birthYear - p.age).toBeGreaterThanOrEqual(0);
      expect(Number(p.dateOfDeath.slice(0, 4)) - p.birthYear - p.age).toBeLessThanOrEqual(1);
      if (p.funeralDate) {
        const days = dayNumber(p.funeralDate) - dayNumber(p.dateOfDeath);
        expect(days).toBeGreaterThanOrEqual(7);
        expect(days).toBeLessThanOrEqual(28);
      }
    }
    const text = people.map((p) => `${p.givenNames} ${p.surname}`).join(" ");
    for (const letter of ["å", "ä", "ö", "é", "Å", "Ö"]) expect(text).toContain(letter);
    expect(people.filter((p) => p.funeralParlour).length / people.length).toBeGreaterThan(0.5);
    expect(new Set(people.map((p) => p.homeTown)).size).toBeGreaterThan(200);

    const again = createMemorialSourceSimulator({ clock, apiKey: "k".repeat(16) }).deceased();
    expect(again).toEqual(people);
  });

  it("keeps the people already there when the clock moves on a day, and announces funerals later", () => {
    const moving = new ManualClock("2026-11-23T12:00:00Z");
    const simulator = createMemorialSourceSimulator({ clock: moving, apiKey: "k".repeat(16) });
    const before = new Map(simulator.deceased().map((p) => [p.id, p]));
    moving.advance(86_400_000);
    const after = simulator.deceased();
    const stayed = after.filter((p) => before.has(p.id));
    expect(stayed.length).toBeGreaterThan(before.size * 0.95);
    for (const p of stayed) expect({ ...p, funeralDate: null, funeralParlour: null }).toEqual({ ...before.get(p.id)!, funeralDate: null, funeralParlour: null });
    expect(after.some((p) => p.dateOfDeath === addDays("2026-11-23", 1))).toBe(true);
    // Recent deaths without an announced funeral yet, older ones mostly with one.
    const lastDays = after.filter((p) => p.dateOfDeath >= "2026-11-22");
    expect(lastDays.some((p) => p.funeralDate === null)).toBe(true);
    const older = after.filter((p) => p.dateOfDeath <= "2026-10-31");
    expect(older.filter((p) => p.funeralDate !== null).length / older.length).toBeGreaterThan(0.9);
  });

  it("has at least 400 funeral parlours, at least one in every municipality, with fictional contact details", () => {
    const parlours = generateParlours();
    expect(parlours.length).toBeGreaterThanOrEqual(400);
    expect(new Set(parlours.map((p) => p.municipality)).size).toBe(290);
    expect(new Set(parlours.map((p) => p.name)).size).toBe(parlours.length);
    const phones = new Set(fictionalPhoneNumbers());
    for (const p of parlours) {
      expect(p.email).toMatch(/^[a-z0-9-]+@exempel\.se$/);
      expect(phones.has(p.phone)).toBe(true);
      expect(p.postalAddress.postalCode).toMatch(/^\d{3} \d{2}$/);
    }
    expect(new Set(parlours.map((p) => p.phone)).size).toBe(parlours.length);
    expect(parlours.map((p) => p.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Fonus /), expect.stringMatching(/s Begravningsbyrå$/)]));
    expect(generateParlours()).toEqual(parlours);
  });
});
