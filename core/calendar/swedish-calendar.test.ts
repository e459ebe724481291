import { describe, expect, it } from "vitest";
import { addDays, addWorkingDays, closedDays, dateOfDayNumber, dayNumber, easterSunday, isIsoDate, isWorkingDay, swedishDate, swedishHour, workingDayOnOrBefore } from "./swedish-calendar";

describe("the Swedish calendar", () => {
  it("finds Easter", () => {
    expect(["2024", "2025", "2026", "2027", "2038"].map((y) => easterSunday(Number(y)))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
    ]);
  });

  it("knows the public holidays and the eves that are closed, as Skatteverket's calendar lists them for 2026", () => {
    expect([...closedDays(2026).keys()].sort()).toEqual([
      "2026-01-01",
      "2026-01-06",
      "2026-04-03",
      "2026-04-05",
      "2026-04-06",
      "2026-05-01",
      "2026-05-14",
      "2026-05-24",
      "2026-06-06",
      "2026-06-19",
      "2026-06-20",
      "2026-10-31",
      "2026-12-24",
      "2026-12-25",
      "2026-12-26",
      "2026-12-31",
    ]);
    expect(closedDays(2025).get("2025-06-20")).toBe("midsommarafton");
    expect(closedDays(2025).get("2025-11-01")).toBe("alla helgons dag");
  });

  it("counts working days past weekends and holidays", () => {
    expect(isWorkingDay("2026-11-23")).toBe(true); // a Monday
    expect(isWorkingDay("2026-11-28")).toBe(false); // a Saturday
    expect(isWorkingDay("2026-12-24")).toBe(false);
    expect(addWorkingDays("2026-11-23", 2)).toBe("2026-11-25");
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(addWorkingDays("2026-12-23", 1)).toBe("2026-12-28"); // past julafton, juldagen, annandag and the weekend
    expect(addWorkingDays("2026-04-02", 1)).toBe("2026-04-07"); // past Easter
    expect(addWorkingDays("2026-11-28", 0)).toBe("2026-11-30");
    expect(workingDayOnOrBefore("2026-12-27")).toBe("2026-12-23");
  });

  it("reads dates and hours in Swedish time", () => {
    expect(swedishDate(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(swedishDate(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(swedishHour(new Date("2026-07-01T12:00:00Z"))).toBe(14);
    expect(swedishHour(new Date("2026-01-01T12:00:00Z"))).toBe(13);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-1-1")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("26-02-01")).toBe(false);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(dateOfDayNumber(dayNumber("2026-11-23") + 8)).toBe("2026-12-01");
  });
});
