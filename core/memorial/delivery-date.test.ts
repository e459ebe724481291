import { describe, expect, it } from "vitest";
import { estimateSheetDelivery, formatSwedishDay } from "./delivery-date";

describe("when a memorial sheet arrives", () => {
  it("by e-mail: at once, in time for any funeral not yet held", () => {
    const estimate = estimateSheetDelivery(new Date("2026-11-23T15:00:00Z"), "email", "2026-11-24");
    expect(estimate).toMatchObject({ sendOn: "2026-11-23", arrivesBy: "2026-11-23", inTimeForFuneral: true });
  });

  it("by post: posted the same working day before noon, delivered within two working days", () => {
    // Monday 11:59 in Stockholm (10:59 UTC in winter).
    const morning = estimateSheetDelivery(new Date("2026-11-23T10:59:00Z"), "post", null);
    expect(morning).toMatchObject({ sendOn: "2026-11-23", arrivesBy: "2026-11-25", inTimeForFuneral: null });
    expect(morning.message).toBe("Minnesbladet postas måndag 23 november och kommer fram senast onsdag 25 november.");
    const afternoon = estimateSheetDelivery(new Date("2026-11-23T11:00:00Z"), "post", null);
    expect(afternoon).toMatchObject({ sendOn: "2026-11-24", arrivesBy: "2026-11-26" });
  });

  it("by post over a weekend and Christmas", () => {
    expect(estimateSheetDelivery(new Date("2026-11-27T13:00:00Z"), "post", null)).toMatchObject({ sendOn: "2026-11-30", arrivesBy: "2026-12-02" });
    expect(estimateSheetDelivery(new Date("2026-12-22T09:00:00Z"), "post", null)).toMatchObject({ sendOn: "2026-12-22", arrivesBy: "2026-12-28" });
  });

  it("warns when post would not be there the day before the funeral", () => {
    const tight = estimateSheetDelivery(new Date("2026-11-23T13:00:00Z"), "post", "2026-11-26");
    expect(tight.inTimeForFuneral).toBe(false);
    expect(tight.message).toContain("hinner det troligen inte fram i tid");
    expect(tight.message).toContain("torsdag 26 november");
    expect(estimateSheetDelivery(new Date("2026-11-23T13:00:00Z"), "post", "2026-11-27").inTimeForFuneral).toBe(true);
  });

  it("writes days as Swedish readers expect", () => {
    expect(formatSwedishDay("2026-12-24")).toBe("torsdag 24 december");
  });
});
