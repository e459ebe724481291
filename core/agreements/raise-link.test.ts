import { describe, expect, it } from "vitest";
import { readRaiseLink, signRaiseLink, RAISE_LINK_TTL_DAYS } from "./raise-link";
import { signToken } from "../my-data/token-format";
import { raiseExplanation } from "./agreement-view";

const key = Buffer.alloc(32, 1);
const now = new Date("2026-11-23T12:00:00Z");
const id = "5d0c3a0e-7f1b-4c7e-9c1a-2b3c4d5e6f70";

describe("raise links", () => {
  it("open the agreement they were signed for, and nothing else", () => {
    const token = signRaiseLink(key, id, now);
    expect(readRaiseLink(key, token, now)).toEqual({ ok: true, agreementId: id });
    // Another key, an altered signature or payload, another purpose, garbage: all refused the same way.
    expect(readRaiseLink(Buffer.alloc(32, 2), token, now)).toEqual({ ok: false, reason: "invalid" });
    const last = token.at(-1) === "A" ? "B" : "A";
    expect(readRaiseLink(key, token.slice(0, -1) + last, now).ok).toBe(false);
    const [v, body, sig] = token.split(".");
    const forgedBody = Buffer.from(Buffer.from(body ?? "", "base64url").toString("utf8").replace(id, "00000000-0000-4000-8000-000000000000")).toString("base64url");
    expect(readRaiseLink(key, `${v}.${forgedBody}.${sig}`, now).ok).toBe(false);
    const otherPurpose = signToken({ jti: "a".repeat(22), sub: id, pur: "memorial-collection", iat: 0, exp: 4_000_000_000 }, key);
    expect(readRaiseLink(key, otherPurpose, now)).toEqual({ ok: false, reason: "invalid" });
    expect(readRaiseLink(key, "v1.!!.!!", now).ok).toBe(false);
    expect(readRaiseLink(key, null, now).ok).toBe(false);
  });

  it("expire", () => {
    const token = signRaiseLink(key, id, now);
    const later = new Date(now.getTime() + RAISE_LINK_TTL_DAYS * 86_400_000 + 1000);
    expect(readRaiseLink(key, token, later)).toEqual({ ok: false, reason: "expired" });
  });

  it("say what a raise means after the tax reduction", () => {
    expect(raiseExplanation(15_000, 20_000)).toMatch(/börjar din gåva räknas för skattereduktion.*150\s+kr i månaden/);
    expect(raiseExplanation(20_000, 30_000)).toMatch(/300\s+kr i månaden dig 225\s+kr – höjningen på 100\s+kr kostar dig 75\s+kr/);
    expect(raiseExplanation(10_000, 15_000)).toMatch(/ingen skattereduktion/);
  });
});
