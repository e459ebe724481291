import { EventEmitter } from "node:events";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import type { Logger } from "#core/logger";
import type { DB } from "#db/schema";
import { postgresLocationOf, type Engine } from "#db/dialect";

/**
 * "Something under this name changed": how the live fan-out (live-fan-out.ts)
 * learns that a total is worth reading again before its next refresh. A
 * channel is a word of our own (`gifts`), never anything a visitor typed.
 */
export interface ChangeNotifications {
  /**
   * Says that `channel` changed. Given the transaction that makes the change,
   * PostgreSQL delivers it when that transaction commits, and not at all if
   * it rolls back, to every instance listening.
   */
  notify(db: Kysely<DB>, channel: string): Promise<void>;
  /** Calls `onChange` whenever `channel` changes (and after a lost connection, when a change may have been missed); returns how to stop. */
  listen(channel: string, onChange: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL_WORD = /^[a-z][a-z0-9_]{0,30}$/;

function checkedChannel(channel: string): string {
  if (!CHANNEL_WORD.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/**
 * One process's notifications (the SQLite database is one process's, decision
 * 0029). Listeners are called on the next turn of the event loop; a read they
 * start goes through the database's one connection, which the notifying
 * transaction holds until it commits, so it sees the change.
 */
export class InProcessChangeNotifications implements ChangeNotifications {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per live key that uses the channel; the fan-out keeps one per channel.
    this.emitter.setMaxListeners(0);
  }

  async notify(_db: Kysely<DB>, channel: string): Promise<void> {
    const name = checkedChannel(channel);
    setImmediate(() => this.emitter.emit(name));
  }

  listen(channel: string, onChange: () => void): () => void {
    const name = checkedChannel(channel);
    this.emitter.on(name, onChange);
    return () => this.emitter.off(name, onChange);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * PostgreSQL's LISTEN/NOTIFY, so that every instance on one database hears a
 * change any of them made. `notify` is `pg_notify` inside the caller's
 * transaction (delivered at commit, folded into one when sent twice in one
 * transaction). Listening takes one connection of its own, opened on the
 * first `listen` and opened again after it is lost (every listener is then
 * called once, since a change may have been missed meanwhile). Channels are
 * prefixed with the schema, so that sites sharing a database (the tests'
 * schemas) do not hear each other.
 */
export class PostgresChangeNotifications implements ChangeNotifications {
  private readonly emitter = new EventEmitter();
  private readonly prefix: string;
  private readonly connectionString: string;
  private readonly searchPath: string | null;
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private retryMs = 500;
  private closed = false;

  constructor(
    databaseUrl: string,
    private readonly logger: Logger,
  ) {
    const { connectionString, schema } = postgresLocationOf(databaseUrl);
    this.connectionString = connectionString;
    this.searchPath = schema;
    this.prefix = `${(schema ?? "public").toLowerCase()}__`;
    this.emitter.setMaxListeners(0);
  }

  private wireName(channel: string): string {
    return `${this.prefix}${checkedChannel(channel)}`.slice(0, 63);
  }

  async notify(db: Kysely<DB>, channel: string): Promise<void> {
    await sql`select pg_notify(${this.wireName(channel)}, '')`.execute(db);
  }

  listen(channel: string, onChange: () => void): () => void {
    const name = this.wireName(channel);
    const first = this.emitter.listenerCount(name) === 0;
    this.emitter.on(name, onChange);
    if (first) void this.ensureListening(name);
    return () => this.emitter.off(name, onChange);
  }

  private async ensureListening(name: string): Promise<void> {
    try {
      await this.connect();
      await this.client?.query(`listen "${name}"`);
    } catch (error) {
      this.logger.warn({ err: error }, "live changes: could not listen; will try again");
      this.scheduleReconnect();
    }
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        ...(this.searchPath ? { options: `-c search_path=${this.searchPath}` } : {}),
      });
      client.on("notification", (message) => this.emitter.emit(message.channel));
      client.on("error", (error) => {
        this.logger.warn({ err: error }, "live changes: listening connection failed");
        this.dropClient(client);
      });
      client.on("end", () => this.dropClient(client));
      await client.connect();
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private dropClient(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners("notification");
    void client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.relisten();
    }, this.retryMs);
    this.reconnectTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }

  private async relisten(): Promise<void> {
    const names = this.emitter.eventNames().filter((n): n is string => typeof n === "string");
    try {
      await this.connect();
      for (const name of names) await this.client?.query(`listen "${name}"`);
      this.retryMs = 500;
      this.logger.info({ channels: names.length }, "live changes: listening again");
      // Whatever changed while nobody listened: read it now.
      for (const name of names) this.emitter.emit(name);
    } catch (error) {
      this.logger.warn({ err: error }, "live changes: could not listen again; will try again");
      this.scheduleReconnect();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.emitter.removeAllListeners();
    const client = this.client;
    this.client = null;
    await this.connecting?.catch(() => {});
    await client?.end().catch(() => {});
  }
}

/** The notifications the site's database calls for: LISTEN/NOTIFY on PostgreSQL (several instances), in-process on SQLite (one). */
export function buildChangeNotifications(engine: Engine, databaseUrl: string, logger: Logger): ChangeNotifications {
  return engine === "postgres" ? new PostgresChangeNotifications(databaseUrl, logger) : new InProcessChangeNotifications();
}
