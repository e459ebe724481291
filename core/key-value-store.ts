/**
 * Small shared state kept as JSON by key: the research cache's last good
 * list, the popular searches, the secrets the simulated set-up keeps across
 * restarts. Declared here so that core and integrations depend on the
 * interface; `db/kv-entries.ts` backs it with the database (every instance
 * sees the same values), the memory store is for tests.
 */
export interface KeyValueStore {
  /** The stored JSON value, or undefined when absent or unreadable. */
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export class MemoryKeyValueStore implements KeyValueStore {
  private readonly values = new Map<string, string>();

  async get(key: string): Promise<unknown> {
    const text = this.values.get(key);
    return text === undefined ? undefined : JSON.parse(text);
  }

  async set(key: string, value: unknown): Promise<void> {
    // Stored as text so callers cannot mutate what is cached, like a real store.
    this.values.set(key, JSON.stringify(value));
  }
}
