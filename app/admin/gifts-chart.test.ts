import { describe, expect, it } from "vitest";
import { chartTicks } from "./gifts-chart";

describe("chartTicks", () => {
  it.each([1, 3, 4, 5, 7, 9, 11, 13, 17, 23, 48, 99, 101, 250, 1234])("puts the top line at or above the highest bar (%i), in at most five round steps", (max) => {
    const ticks = chartTicks(max);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    expect(ticks.length - 1).toBeLessThanOrEqual(5);
    const step = ticks[1]! - ticks[0]!;
    expect(String(step)).toMatch(/^[125]0*$/);
    expect(ticks.every((t, i) => t === i * step)).toBe(true);
  });

  it("gives a day with no gifts one step to stand on", () => {
    expect(chartTicks(0)).toEqual([0, 1]);
  });
});
