import { describe, expect, it } from "vitest";
import { readCardLink, signCardLink } from "./card-link";
import { signRaiseLink } from "./raise-link";

describe("the new-card link", () => {
  const key = Buffer.alloc(32, 3);
  const now = new Date("2027-03-05T10:00:00Z");

  it("opens its own agreement for 30 days", () => {
    const token = signCardLink(key, "agreement-1", now);
    expect(readCardLink(key, token, now)).toEqual({ ok: true, agreementId: "agreement-1" });
    expect(readCardLink(key, token, new Date(now.getTime() + 31 * 86_400_000))).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another key, an altered token and a raise link", () => {
    const token = signCardLink(key, "agreement-1", now);
    expect(readCardLink(Buffer.alloc(32, 4), token, now).ok).toBe(false);
    expect(readCardLink(key, token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA"), now).ok).toBe(false);
    expect(readCardLink(key, signRaiseLink(key, "agreement-1", now), now).ok).toBe(false);
    expect(readCardLink(key, null, now).ok).toBe(false);
  });
});
