import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { RateLimiter, MINUTE_MS } from "#core/rate-limits/rate-limiter";
import { MemoryCounterStore } from "#core/rate-limits/memory-counter-store";
import { limitRequests, perMinuteLimit, RATE_LIMITED_MESSAGE } from "./rate-limit";

/** The one Express middleware over the site's limiter (decision 0029): what a refused API client gets. */
describe("limitRequests", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serve(app: express.Express): Promise<string> {
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("answers 429 with Retry-After and the Swedish JSON error over the limit, and RateLimit headers always", async () => {
    const now = () => Date.parse("2026-11-25T10:00:20Z");
    const limiter = new RateLimiter(new MemoryCounterStore(now), now);
    const app = express();
    app.post("/start", limitRequests(limiter.limit("starts", 2, MINUTE_MS)), (_req, res) => void res.status(201).json({}));
    const url = await serve(app);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${url}/start`, { method: "POST" }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 429]);
    expect(answers[0]!.headers.get("ratelimit-policy")).toBe('"starts";q=2;w=60');
    expect(answers[0]!.headers.get("ratelimit")).toBe('"starts";r=1;t=60');
    expect(answers[0]!.headers.get("retry-after")).toBeNull();
    expect(answers[2]!.headers.get("retry-after")).toBe("60");
    expect(await answers[2]!.json()).toEqual({ error: { code: "rate_limited", message: RATE_LIMITED_MESSAGE } });
  });

  it("keeps separately named routes apart and the same name together", async () => {
    const now = () => Date.parse("2026-11-25T10:00:00Z");
    const limiter = new RateLimiter(new MemoryCounterStore(now), now);
    const app = express();
    const shared = perMinuteLimit(limiter, "shared", 1);
    app.post("/a", shared, (_req, res) => void res.json({}));
    app.post("/b", shared, (_req, res) => void res.json({}));
    app.post("/c", perMinuteLimit(limiter, "own", 1), (_req, res) => void res.json({}));
    const url = await serve(app);
    const status = async (path: string) => (await fetch(`${url}${path}`, { method: "POST" })).status;
    expect([await status("/a"), await status("/b"), await status("/c")]).toEqual([200, 429, 200]);
  });
});
