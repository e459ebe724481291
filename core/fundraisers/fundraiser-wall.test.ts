import { describe, expect, it } from "vitest";
import { donorWall, fundraiserLiveValue, liveMembers, liveWall, LIVE_LATEST, WALL_SHOWN, type WallGiftFacts } from "./fundraiser-wall";
import type { TeamMember } from "./fundraiser-teams";

/** Twelve named, paid gifts with greetings, a minute apart: g01 the oldest, g12 the newest. */
const gifts: WallGiftFacts[] = Array.from({ length: 12 }, (_, i) => ({
  id: `g${String(i + 1).padStart(2, "0")}`,
  paid: true,
  amountOre: 10_000,
  name: `Givare ${i + 1}`,
  greeting: `Hälsning ${i + 1}`,
  showName: true,
  showAmount: true,
  hidden: false,
  offline: false,
  createdAt: `2026-11-23T12:${String(i).padStart(2, "0")}:00.000Z`,
}));

/**
 * A fundraiser's live value and the wall a viewer sees from it (decision
 * 0055): a greeting hidden further down than the newest gifts the stream
 * carries still leaves the viewer's wall.
 */
describe("a fundraiser's live wall", () => {
  it("names the hidden gifts on the shown wall, and a viewer's wall shows them as Anonym wherever they stand", () => {
    const facts = gifts.map((g) => (g.id === "g01" ? { ...g, hidden: true } : g));
    const live = fundraiserLiveValue({ showTotal: true, goalOre: 200_000 }, facts);
    expect(live.total).toEqual({ amountOre: 120_000, gifts: 12, percent: 60 });
    expect(live.latest.map((e) => e.id)).toEqual(["g12", "g11", "g10", "g09", "g08", "g07", "g06", "g05", "g04", "g03"]);
    expect(live.latest).toHaveLength(LIVE_LATEST);
    expect(live.hidden).toEqual(["g01"]);

    // The page loaded before the greeting was hidden: g01, beyond the newest ten, drops its name and greeting too.
    const loaded = donorWall(gifts);
    const seen = liveWall(loaded, live);
    expect(seen.map((e) => e.id)).toEqual(loaded.map((e) => e.id));
    expect(seen.find((e) => e.id === "g01")).toEqual({ ...loaded.find((e) => e.id === "g01"), name: "Anonym", anonymous: true, greeting: null });
    expect(seen.filter((e) => e.anonymous).map((e) => e.id)).toEqual(["g01"]);
  });

  it("leaves the total out when the organiser hides it, and names only hidden gifts the page shows", () => {
    const many: WallGiftFacts[] = Array.from({ length: WALL_SHOWN + 1 }, (_, i) => ({ ...gifts[0]!, id: `m${String(i).padStart(3, "0")}`, createdAt: `2026-11-${String(1 + Math.floor(i / 60)).padStart(2, "0")}T10:${String(i % 60).padStart(2, "0")}:00.000Z` }));
    // The oldest gift is not on the shown wall, so it is not named however it is hidden; one on it is.
    const facts = many.map((g) => (g.id === "m000" || g.id === "m050" ? { ...g, hidden: true } : g));
    const live = fundraiserLiveValue({ showTotal: false, goalOre: null }, facts);
    expect(live.total).toBeNull();
    expect(live.hidden).toEqual(["m050"]);
  });
});

describe("a team's live member list", () => {
  const member = (slug: string, amountOre: number | null): TeamMember => ({
    slug,
    path: `/insamling/${slug}`,
    title: `Lopp ${slug}`,
    organiserName: "Erik",
    amountOre,
    gifts: amountOre ? 1 : 0,
    open: true,
  });

  it("keeps the order the page loaded, with each member's figures as streamed, a member gone taken out and one joined last", () => {
    const loaded = [member("anna", 50_000), member("bo", 20_000), member("cecilia", null), member("david", 0)];
    // Streamed by amount: Bo now ahead of Anna, David hidden by staff, Eva joined.
    const live = [member("bo", 90_000), member("anna", 50_000), member("eva", 0), member("cecilia", null)];
    expect(liveMembers(loaded, live).map((m) => [m.slug, m.amountOre])).toEqual([
      ["anna", 50_000],
      ["bo", 90_000],
      ["cecilia", null],
      ["eva", 0],
    ]);
    expect(liveMembers(loaded, [])).toEqual([]);
  });
});
