import type { CounterStore, WindowCount } from "./rate-limiter";

/**
 * Counters in this process, for the default single SQLite process (decision
 * 0029). Bounded: a key whose window has ended is dropped on the next sweep
 * (at most once a minute), and past `maxKeys` live keys the oldest is dropped
 * – under a flood from that many addresses at once forgetting one count is
 * better than memory growing without end.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, WindowCount>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  increment(bucket: string, key: string, now: number, windowMs: number): Promise<WindowCount> {
    this.sweep();
    const id = `${bucket}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry && entry.endsAt > now) {
      entry.count += 1;
      return Promise.resolve({ ...entry });
    }
    // Re-inserted so the map's order stays oldest first for the bound below.
    this.entries.delete(id);
    const fresh = { count: 1, endsAt: now + windowMs };
    this.entries.set(id, fresh);
    while (this.entries.size > this.maxKeys) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return Promise.resolve({ ...fresh });
  }

  current(bucket: string, key: string, now: number): Promise<WindowCount | null> {
    const entry = this.entries.get(`${bucket}\u0000${key}`);
    return Promise.resolve(entry && entry.endsAt > now ? { ...entry } : null);
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, entry] of this.entries) if (entry.endsAt <= now) this.entries.delete(id);
  }
}
