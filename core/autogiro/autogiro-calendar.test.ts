import { describe, expect, it } from "vitest";
import { earliestDebitDate, effectiveDebitDate, isInTimeFor, latestSubmissionFor, nthPaymentDate, swedishInstant } from "./autogiro-calendar";

describe("autogiro dates", () => {
  it("the cut-off is 19:00 Swedish time the banking day before, in winter and in summer time", () => {
    expect(latestSubmissionFor("2027-01-12").toISOString()).toBe("2027-01-11T18:00:00.000Z");
    expect(latestSubmissionFor("2027-06-15").toISOString()).toBe("2027-06-14T17:00:00.000Z");
    // Monday's debit: Friday 19:00. After a holiday: 7 January 2027's is 5 January (6 January is trettondedag jul).
    expect(latestSubmissionFor("2027-01-18").toISOString()).toBe("2027-01-15T18:00:00.000Z");
    expect(latestSubmissionFor("2027-01-07").toISOString()).toBe("2027-01-05T18:00:00.000Z");
    // A Saturday date is debited Monday, so Friday 19:00 still counts.
    expect(latestSubmissionFor("2027-02-06").toISOString()).toBe("2027-02-05T18:00:00.000Z");
    expect(isInTimeFor("2027-01-07", swedishInstant("2027-01-05", 18))).toBe(true);
    expect(isInTimeFor("2027-01-07", swedishInstant("2027-01-05", 19))).toBe(false);
  });

  it("a date that is no banking day is debited the next banking day", () => {
    expect(effectiveDebitDate("2027-12-24")).toBe("2027-12-27");
    expect(effectiveDebitDate("2027-06-25")).toBe("2027-06-28"); // midsommarafton
    expect(effectiveDebitDate("2027-06-24")).toBe("2027-06-24");
  });

  it("the earliest debit date for a request sent now", () => {
    expect(earliestDebitDate(swedishInstant("2027-01-11", 18))).toBe("2027-01-12");
    expect(earliestDebitDate(swedishInstant("2027-01-11", 19))).toBe("2027-01-13");
    expect(earliestDebitDate(swedishInstant("2027-01-16", 10))).toBe("2027-01-19"); // Saturday: Monday is the first banking day, Tuesday the first debit
    expect(earliestDebitDate(swedishInstant("2027-01-05", 20))).toBe("2027-01-08");
  });

  it("recurring dates: the same day each period, the month's last day when it lacks one, or the last banking day", () => {
    expect([0, 1, 2, 3].map((n) => nthPaymentDate("2027-01-31", 1, n))).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]);
    expect([0, 1, 2].map((n) => nthPaymentDate("2027-11-15", 2, n))).toEqual(["2027-11-15", "2028-02-15", "2028-05-15"]);
    expect(nthPaymentDate("2027-05-10", 4, 1)).toBe("2028-05-10");
    expect([0, 1, 2].map((n) => nthPaymentDate("2027-01-10", 5, n))).toEqual(["2027-01-29", "2027-02-26", "2027-03-31"]);
    expect(nthPaymentDate("2027-12-01", 5, 0)).toBe("2027-12-30"); // 31 December is nyårsafton
    expect(() => nthPaymentDate("2027-01-10", 0, 1)).toThrow();
  });
});
