import { describe, expect, it } from "vitest";
import { parseKronor, startFundraiserSchema } from "./fundraiser-forms";
import { goalPercent } from "./fundraiser-wall";

const TODAY = "2026-11-23";
const valid = {
  kind: "wedding",
  title: "Lisa och Omar gifter sig",
  message: "I stället för presenter önskar vi gåvor till lungforskningen.",
  goal: "10 000 kr",
  endsOn: "2027-06-01",
  picture: "ringar",
  organiserName: "Lisa och Omar",
  organiserEmail: "Lisa@Exempel.se",
  terms: "on",
};

describe("starting a fundraiser", () => {
  it("reads goal, end date, address and e-mail as the service stores them", () => {
    expect(startFundraiserSchema(TODAY).parse({ ...valid, slug: "Lisa & Omar 2027" })).toMatchObject({
      kind: "wedding",
      goalOre: 1_000_000,
      endsOn: "2027-06-01",
      slug: "lisa-omar-2027",
      organiserEmail: "lisa@exempel.se",
      listed: false,
    });
  });

  it("refuses each bad field with a Swedish message on that field", () => {
    const result = startFundraiserSchema(TODAY).safeParse({
      ...valid,
      kind: "memorial",
      picture: "ros",
      goal: "12,5",
      endsOn: TODAY,
      slug: "admin",
      title: "Hej\u0007",
      terms: "",
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(Object.keys(fields).sort()).toEqual(["endsOn", "goal", "kind", "picture", "slug", "terms", "title"]);
    expect(fields.endsOn).toBe("Slutdatumet behöver vara tidigast i morgon.");
    expect(fields.kind).toBe("Välj vad du samlar in till.");
  });

  it("takes a goal only within its bounds and an end date at most a year ahead", () => {
    const issues = (over: Record<string, string>) => startFundraiserSchema(TODAY).safeParse({ ...valid, ...over }).error?.issues.map((i) => i.path[0]) ?? [];
    expect(issues({ goal: "499" })).toEqual(["goal"]);
    expect(issues({ goal: "" })).toEqual([]);
    expect(issues({ endsOn: "2027-11-25" })).toEqual(["endsOn"]);
    expect(issues({ endsOn: "2027-11-24" })).toEqual([]);
  });
});

describe("amounts", () => {
  it("reads whole kronor however they are typed", () => {
    expect(parseKronor("5 000")).toBe(5000);
    expect(parseKronor("5000 kr")).toBe(5000);
    expect(parseKronor("5000,00")).toBe(5000);
    expect(parseKronor("50,5")).toBeNull();
    expect(parseKronor("-5")).toBeNull();
  });

  it("shows the share of the goal, full once past it, and none without a goal", () => {
    expect(goalPercent(75_000, 500_000)).toBe(15);
    expect(goalPercent(600_000, 500_000)).toBe(100);
    expect(goalPercent(75_000, null)).toBeNull();
  });
});
