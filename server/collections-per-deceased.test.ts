import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { fullName } from "#core/memorial/memorial-records";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { postForm } from "#tests/support/route-call";
import * as collectionStart from "#app/memorial/memorial-collection-start";

/**
 * Issue #30: anyone could open five memorial collections for the same
 * deceased person in a minute. Now one person gets at most
 * MEMORIAL_COLLECTIONS_PER_DECEASED_PER_DAY (2) in 24 hours, whoever opens
 * them and from wherever; the next is refused on the person's field in
 * Swedish, pointing to the collection already open. On the code before, the
 * third opening below was a redirect to its new manage page.
 */
describe.each(testEngines)("memorial collections per deceased person, on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
  });
  afterAll(() => server.dispose());

  const recentlyDied = () => server.container.memorial.simulator!.deceased().filter((p) => p.funeralDate !== null && p.funeralDate > "2026-11-26");
  let opened = 0;
  const open = (deceasedId: string) => {
    opened += 1;
    // Each from an address and an e-mail of its own: only the person is the same.
    return postForm(
      server.container,
      collectionStart.action,
      "/minnesinsamling",
      { deceasedId, organiserKind: "family", organiserName: "Familjen Öberg", organiserEmail: `familj${opened}@exempel.se`, message: "", design: "ljus", slug: "", showGreetings: "on", familyConsent: "on" },
      `10.24.${engine === "sqlite" ? 0 : 1}.${opened}`,
    );
  };
  const collectionsFor = (name: string) =>
    server.container.db
      .selectFrom("fundraisers")
      .innerJoin("memorials", "memorials.id", "fundraisers.memorial_id")
      .select(["fundraisers.slug", "fundraisers.created_at"])
      .where("memorials.name", "=", name)
      .orderBy("fundraisers.created_at", "desc")
      .execute();

  it("opens two for one person, refuses the third with a pointer to the open one, and opens again the next day", async () => {
    const [person, other] = recentlyDied();
    const name = fullName(person!);
    expect((await open(person!.id)).status).toBe(303);
    clock.advance(60_000);
    expect((await open(person!.id)).status).toBe(303);
    const newest = (await collectionsFor(name))[0]!;

    const third = await open(person!.id);
    expect(third.status).toBe(400);
    const [message] = third.data.result.error.deceasedId as string[];
    expect(message).toContain(`Det finns redan en minnesinsamling för ${name}: /minnesinsamling/${newest.slug}`);
    expect(await collectionsFor(name)).toHaveLength(2);

    // Another person is another count.
    expect((await open(other!.id)).status).toBe(303);
    // A day later the family may open one again.
    clock.advance(24 * 3_600_000);
    expect((await open(person!.id)).status).toBe(303);
    expect(await collectionsFor(name)).toHaveLength(3);
  });
});
