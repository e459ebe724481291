import { describe, expect, it } from "vitest";
import { checkChosenSlug, foldSlug, generatedSlug, isSlug, RESERVED_SLUGS } from "./collection-slug";
import { managedCollectionGifts, publicCollectionView, type CollectionGiftFacts } from "./collection-privacy";
import { readManageLink, signManageLink } from "./collection-links";
import { signToken, tokenSigningKey } from "../my-data/token-format";
import { manageForms, openCollectionSchema } from "./collection-forms";

describe("a memorial collection's address", () => {
  it("is folded from what the organiser typed: lower case, å ä ö plain, runs of anything else one hyphen", () => {
    expect(foldSlug("  Märta Öberg – 1938 ")).toBe("marta-oberg-1938");
    expect(checkChosenSlug("Åsa Ängström")).toEqual({ ok: true, slug: "asa-angstrom" });
  });

  it("must be 4–60 characters with a letter, and not a word the site keeps", () => {
    expect(checkChosenSlug("ab")).toMatchObject({ ok: false, message: expect.stringContaining("minst 4") });
    expect(checkChosenSlug("x".repeat(61))).toMatchObject({ ok: false, message: expect.stringContaining("högst 60") });
    expect(checkChosenSlug("2026-11-20")).toMatchObject({ ok: false, message: expect.stringContaining("minst en bokstav") });
    for (const word of ["hantera", "Starta", "minnesgava", "ADMIN"]) {
      expect(checkChosenSlug(word), word).toMatchObject({ ok: false, message: expect.stringContaining("används redan") });
    }
    expect(RESERVED_SLUGS.has("hantera")).toBe(true);
    expect(checkChosenSlug("<script>")).toEqual({ ok: true, slug: "script" });
  });

  it("by default is the name and twelve random characters without look-alikes, different every time", () => {
    const slugs = new Set(Array.from({ length: 200 }, () => generatedSlug("Märta Öberg")));
    expect(slugs.size).toBe(200);
    for (const slug of slugs) {
      expect(slug).toMatch(/^marta-oberg-[a-hjkmnp-z2-9]{12}$/);
      expect(isSlug(slug)).toBe(true);
    }
    expect(generatedSlug("Ö".repeat(100)).length).toBeLessThanOrEqual(60);
    expect(generatedSlug("…")).toMatch(/^[a-hjkmnp-z2-9]{12}$/);
  });

  it("is recognised as a path segment only in its folded form", () => {
    expect(isSlug("marta-oberg")).toBe(true);
    expect(isSlug("Marta-Oberg")).toBe(false);
    expect(isSlug("marta--oberg")).toBe(false);
    expect(isSlug("-marta")).toBe(false);
    expect(isSlug("abc")).toBe(false);
  });
});

const gift = (over: Partial<CollectionGiftFacts>): CollectionGiftFacts => ({
  giftId: "g",
  paid: true,
  amountOre: 50_000,
  signature: "Karin och Olle",
  greeting: "Vi minns dig.",
  showOnPage: true,
  showAmount: false,
  hidden: false,
  createdAt: "2026-11-20T10:00:00Z",
  ...over,
});

describe("what a memorial collection's page shows", () => {
  const open = { status: "open" as const, showGreetings: true, showTotal: false };
  const gifts = [
    gift({ giftId: "a", showAmount: true, amountOre: 30_000, createdAt: "2026-11-20T10:00:00Z" }),
    gift({ giftId: "b", signature: "Bo", greeting: "Tack", createdAt: "2026-11-21T10:00:00Z" }),
    gift({ giftId: "private", showOnPage: false, showAmount: true }),
    gift({ giftId: "hidden", hidden: true }),
    gift({ giftId: "unpaid", paid: false, showAmount: true }),
  ];

  it("names and greetings of paid gifts whose givers allowed it and the organiser did not hide, newest first; an amount only when its giver chose", () => {
    const view = publicCollectionView(open, gifts);
    expect(view.greetings).toEqual([
      { giftId: "b", name: "Bo", greeting: "Tack", amountOre: null },
      { giftId: "a", name: "Karin och Olle", greeting: "Vi minns dig.", amountOre: 30_000 },
    ]);
    expect(view.total).toBeNull();
    expect(view.open).toBe(true);
  });

  it("no names or greetings at all when the family chose privacy, or once the collection is closed", () => {
    expect(publicCollectionView({ ...open, showGreetings: false }, gifts).greetings).toEqual([]);
    const closed = publicCollectionView({ ...open, status: "closed" }, gifts);
    expect(closed.greetings).toEqual([]);
    expect(closed.open).toBe(false);
  });

  it("the running total of paid gifts only when the organiser asked for it", () => {
    expect(publicCollectionView({ ...open, showTotal: true }, gifts).total).toEqual({ amountOre: 30_000 + 3 * 50_000, gifts: 4 });
    expect(publicCollectionView({ status: "closed", showGreetings: false, showTotal: true }, gifts).total).toEqual({ amountOre: 180_000, gifts: 4 });
  });

  it("the organiser sees every paid gift, hidden or private too, but amounts only where the giver chose to show them", () => {
    const managed = managedCollectionGifts(gifts);
    expect(managed.gifts.map((g) => g.giftId).sort()).toEqual(["a", "b", "hidden", "private"]);
    expect(managed.gifts.find((g) => g.giftId === "b")?.amountOre).toBeNull();
    expect(managed.gifts.find((g) => g.giftId === "private")?.amountOre).toBe(50_000);
    expect(managed.totalOre).toBe(180_000);
  });
});

describe("the organiser's manage link", () => {
  const key = tokenSigningKey("a-secret-key-for-tests-a-secret-key-for-tests");
  const now = new Date("2026-11-23T12:00:00Z");
  const token = signManageLink(key, { id: "c1", manageTokenId: "jti-0123456789abcdef" }, now);

  it("reads back the collection and the link id when it is ours and unaltered", () => {
    expect(readManageLink(key, token, now)).toEqual({ ok: true, collectionId: "c1", tokenId: "jti-0123456789abcdef" });
  });

  it("is refused when forged, altered, of another purpose, missing or expired", () => {
    const other = tokenSigningKey("another-secret-key-another-secret-key-xx");
    expect(readManageLink(other, token, now)).toEqual({ ok: false, reason: "invalid" });
    const [v, body, sig] = token.split(".");
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), sub: "c2" })).toString("base64url");
    expect(readManageLink(key, `${v}.${altered}.${sig}`, now)).toEqual({ ok: false, reason: "invalid" });
    const myData = signToken({ jti: "jti-0123456789abcdef", sub: "c1", pur: "my-data", iat: 0, exp: 4_000_000_000 }, key);
    expect(readManageLink(key, myData, now)).toEqual({ ok: false, reason: "invalid" });
    expect(readManageLink(key, null, now)).toEqual({ ok: false, reason: "invalid" });
    expect(readManageLink(key, "v1.x", now)).toEqual({ ok: false, reason: "invalid" });
    expect(readManageLink(key, token, new Date("2028-01-01T00:00:00Z"))).toEqual({ ok: false, reason: "expired" });
  });
});

describe("the organiser's forms", () => {
  it("close only with the confirmation ticked: a box left unticked is not sent at all", () => {
    expect(manageForms.close.safeParse({}).success).toBe(false);
    expect(manageForms.close.safeParse({ confirm: "" }).success).toBe(false);
    expect(manageForms.close.safeParse({}).error?.issues[0]?.message).toContain("Kryssa i rutan");
    expect(manageForms.close.safeParse({ confirm: "on" }).success).toBe(true);
  });

  it("open a collection only with a person, the family's consent and a valid address", () => {
    const valid = { deceasedId: "D1", organiserKind: "family", organiserName: "Familjen Öberg", organiserEmail: "A@Exempel.se", design: "ljus", familyConsent: "on" };
    expect(openCollectionSchema().parse(valid)).toMatchObject({ organiserEmail: "a@exempel.se", slug: null, showGreetings: false, showTotal: false, message: null });
    const paths = (input: Record<string, string>) => openCollectionSchema().safeParse(input).error?.issues.map((i) => i.path.join("."));
    expect(paths({ ...valid, familyConsent: "" })).toEqual(["familyConsent"]);
    expect(paths({ ...valid, deceasedId: "", organiserKind: "vem", design: "ros", slug: "api" })).toEqual(["deceasedId", "organiserKind", "design", "slug"]);
    expect(openCollectionSchema().parse({ ...valid, slug: "Märta Öberg" }).slug).toBe("marta-oberg");
  });
});
