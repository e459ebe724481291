import { describe, expect, it } from "vitest";
import { judgeMemory, type MemorySample } from "./levelled-off";

const MB = 2 ** 20;
const run = (heapMb: (minute: number) => number, rssMb: (minute: number) => number = () => 300): MemorySample[] =>
  Array.from({ length: 15 }, (_, i) => ({ minute: i + 1, heapUsed: heapMb(i + 1) * MB, rss: rssMb(i + 1) * MB }));

describe("judgeMemory", () => {
  it("accepts memory that rises while caches fill and then stays put", () => {
    const verdict = judgeMemory(run((m) => Math.min(60 + m * 10, 120), (m) => Math.min(250 + m * 20, 380)));
    expect(verdict.levelled).toBe(true);
    expect(verdict.fromMinute).toBe(10);
  });

  it("refuses a heap that keeps growing by a few megabytes a minute", () => {
    const verdict = judgeMemory(run((m) => 80 + m * 3));
    expect(verdict.levelled).toBe(false);
    expect(verdict.reason).toMatch(/heap grew/);
  });

  it("refuses resident memory that keeps growing while the heap stays put", () => {
    const verdict = judgeMemory(run(() => 90, (m) => 300 + m * 15));
    expect(verdict.levelled).toBe(false);
    expect(verdict.reason).toMatch(/resident memory grew/);
  });

  it("cannot tell from fewer than three samples", () => {
    expect(judgeMemory(run(() => 90).slice(0, 2)).levelled).toBe(false);
  });
});
