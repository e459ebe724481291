import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { parseResearchProject, type ResearchProject } from "#core/research/research-project";
import { writeResearchSnapshot, readResearchSnapshot } from "./build-snapshot";
import { CachedResearchSource, NoResearchDataError } from "./cached-research-source";
import { ResearchPortalError, type ApprovedProjectsSource } from "./client";
import { FileKeyValueStore } from "./key-value-store";
import { MemoryKeyValueStore, type KeyValueStore } from "#core/key-value-store";

const MINUTE = 60_000;

function project(id: string, approvalDate = "2024-01-02"): ResearchProject {
  return parseResearchProject({
    id,
    title: `Projekt ${id}`,
    principalInvestigator: "Anna Exempelsson",
    institution: "Exempeluniversitetet",
    approvalDate,
    area: "hjärta",
    summary: { sv: "Om projektet." },
  });
}

/** A portal whose next answer the test decides; counts calls. */
class FakePortal implements ApprovedProjectsSource {
  calls = 0;
  next: ResearchProject[] | Error = [project("A")];
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open?.();
    this.gate = undefined;
  }

  async fetchApproved(): Promise<ResearchProject[]> {
    this.calls++;
    if (this.gate) await this.gate;
    if (this.next instanceof Error) throw this.next;
    return this.next;
  }
}

const down = () => new ResearchPortalError("unreachable", "connect ECONNREFUSED");

function setup(store: KeyValueStore = new MemoryKeyValueStore()) {
  const clock = new ManualClock("2026-01-15T10:00:00.000Z");
  const portal = new FakePortal();
  const source = new CachedResearchSource({ source: portal, store, clock, ttlMs: 15 * MINUTE, retryAfterMs: MINUTE });
  return { clock, portal, source, store };
}

describe("CachedResearchSource", () => {
  it("fetches on first use, then serves from cache while fresh", async () => {
    const { clock, portal, source } = setup();
    const first = await source.get();
    expect(first).toEqual({ projects: [project("A")], fetchedAt: "2026-01-15T10:00:00.000Z", stale: false });
    clock.advance(14 * MINUTE);
    portal.next = [project("B")];
    expect((await source.get()).projects.map((p) => p.id)).toEqual(["A"]);
    expect(portal.calls).toBe(1);
  });

  it("when older than the TTL, serves the old list at once and refreshes in the background (once)", async () => {
    const { clock, portal, source } = setup();
    await source.get();
    clock.advance(16 * MINUTE);
    portal.next = [project("B")];
    portal.hold();

    const [a, b] = await Promise.all([source.get(), source.get()]);
    for (const listing of [a, b]) {
      expect(listing.projects.map((p) => p.id)).toEqual(["A"]);
      expect(listing).toMatchObject({ stale: true, fetchedAt: "2026-01-15T10:00:00.000Z" });
    }
    expect(portal.calls).toBe(2);

    portal.release();
    await source.settled();
    expect(await source.get()).toEqual({ projects: [project("B")], fetchedAt: "2026-01-15T10:16:00.000Z", stale: false });
    expect(portal.calls).toBe(2);
  });

  it("keeps serving the last good list, marked stale, while the portal is down or sends garbage", async () => {
    const { clock, portal, source } = setup();
    await source.get();
    clock.advance(20 * MINUTE);
    portal.next = down();
    await source.get();
    await source.settled();
    const listing = await source.get();
    expect(listing).toEqual({ projects: [project("A")], fetchedAt: "2026-01-15T10:00:00.000Z", stale: true });

    portal.next = new ResearchPortalError("invalid_response", "garbage");
    clock.advance(2 * MINUTE);
    await source.get();
    await source.settled();
    expect((await source.get()).projects).toEqual([project("A")]);
  });

  it("backs off after a failed refresh instead of calling the portal on every request", async () => {
    const { clock, portal, source } = setup();
    await source.get();
    clock.advance(20 * MINUTE);
    portal.next = down();
    await source.get();
    await source.settled();
    expect(portal.calls).toBe(2);
    for (let i = 0; i < 5; i++) await source.get();
    await source.settled();
    expect(portal.calls).toBe(2);

    clock.advance(MINUTE);
    portal.next = [project("C")];
    await source.get();
    await source.settled();
    expect(portal.calls).toBe(3);
    expect(await source.get()).toMatchObject({ stale: false, projects: [project("C")] });
  });

  it("with nothing cached and the portal down, throws a typed error; later succeeds", async () => {
    const { portal, source } = setup();
    portal.next = down();
    const error = await source.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoResearchDataError);
    expect((error as Error).cause).toBeInstanceOf(ResearchPortalError);
    portal.next = [project("A")];
    expect((await source.get()).projects).toEqual([project("A")]);
  });

  it("serves a seed snapshot on a cold start and refreshes it when expired", async () => {
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const portal = new FakePortal();
    portal.next = down();
    const seed = { fetchedAt: "2026-01-01T00:00:00.000Z", projects: [project("S")] };
    const source = new CachedResearchSource({ source: portal, store: new MemoryKeyValueStore(), clock, seed });
    expect(await source.get()).toEqual({ projects: [project("S")], fetchedAt: seed.fetchedAt, stale: true });
    await source.settled();
    expect(portal.calls).toBe(1);
  });

  it("a new instance (or another server) reads the shared store without calling the portal", async () => {
    const store = new MemoryKeyValueStore();
    const { source } = setup(store);
    await source.get();
    const other = setup(store);
    expect((await other.source.get()).projects).toEqual([project("A")]);
    expect(other.portal.calls).toBe(0);
  });

  it("ignores a corrupt cache entry and fetches again", async () => {
    const store = new MemoryKeyValueStore();
    await store.set("research-portal:approved", { fetchedAt: "not a date", projects: "x" });
    const { portal, source } = setup(store);
    expect((await source.get()).projects).toEqual([project("A")]);
    expect(portal.calls).toBe(1);
  });
});

  it("tells a listener each time the served list is replaced, and survives a failing listener", async () => {
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const portal = new FakePortal();
    const seen: string[] = [];
    const seed = { fetchedAt: "2026-01-01T00:00:00.000Z", projects: [project("S")] };
    const source = new CachedResearchSource({
      source: portal,
      store: new MemoryKeyValueStore(),
      clock,
      seed,
      onUpdate: (snapshot) => {
        seen.push(snapshot.projects.map((p) => p.id).join(","));
        throw new Error("listener broke");
      },
    });
    await source.get(); // seed served, refresh starts in the background
    await source.settled();
    expect(seen).toEqual(["S", "A"]);
    await source.get(); // fresh: nothing replaced, no call
    expect(seen).toEqual(["S", "A"]);
    portal.next = down();
    clock.advance(20 * MINUTE);
    await source.get();
    await source.settled();
    expect(seen).toEqual(["S", "A"]); // a failed refresh replaces nothing
  });

describe("file-backed store and build snapshot", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "research-portal-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("FileKeyValueStore round-trips JSON and treats corrupt files as absent", async () => {
    const store = new FileKeyValueStore({ directory: path.join(dir, "cache") });
    expect(await store.get("a:b")).toBeUndefined();
    await store.set("a:b", { x: [1, "å"] });
    expect(await store.get("a:b")).toEqual({ x: [1, "å"] });
    await writeFile(path.join(dir, "cache", "a_3ab.json"), "{broken");
    expect(await store.get("a:b")).toBeUndefined();
  });

  it("the cache survives a restart through the file store", async () => {
    const directory = path.join(dir, "cache");
    await setup(new FileKeyValueStore({ directory })).source.get();
    const restarted = setup(new FileKeyValueStore({ directory }));
    expect((await restarted.source.get()).projects).toEqual([project("A")]);
    expect(restarted.portal.calls).toBe(0);
  });

  it("writes a snapshot file and keeps the previous one when the portal fails", async () => {
    const file = path.join(dir, "build", "research-projects.json");
    const clock = new ManualClock("2026-02-01T08:00:00.000Z");
    const portal = new FakePortal();
    portal.next = [project("A", "2025-06-01"), project("B")];
    const written = await writeResearchSnapshot({ source: portal, file, clock });
    expect(written.fresh).toBe(true);
    const onDisk = JSON.parse(await readFile(file, "utf8")) as { fetchedAt: string; projects: { id: string; year?: number }[] };
    expect(onDisk.fetchedAt).toBe("2026-02-01T08:00:00.000Z");
    expect(onDisk.projects.map((p) => p.id)).toEqual(["A", "B"]);
    expect(onDisk.projects[0]!.year).toBeUndefined();
    expect((await readResearchSnapshot(file))?.projects[0]?.year).toBe(2025);

    portal.next = down();
    clock.advance(MINUTE);
    const kept = await writeResearchSnapshot({ source: portal, file, clock });
    expect(kept).toMatchObject({ fresh: false, snapshot: { fetchedAt: "2026-02-01T08:00:00.000Z" } });
    await expect(writeResearchSnapshot({ source: portal, file, clock, keepExistingOnFailure: false })).rejects.toBeInstanceOf(ResearchPortalError);
    await expect(writeResearchSnapshot({ source: portal, file: path.join(dir, "none.json"), clock })).rejects.toBeInstanceOf(ResearchPortalError);
  });
});
