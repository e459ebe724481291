import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "#core/logger";
import type { ChangeNotifications } from "./change-notifications";

/**
 * One live value many viewers watch: a campaign's total, a fundraiser's total.
 * `key` names it among the fan-out's values (the same key is the same value,
 * whoever asks); `read` takes it from the database; `channel` is the change
 * notification that makes it worth reading again (`gifts`).
 */
export interface LiveFeed<T> {
  key: string;
  channel: string;
  read(): Promise<T>;
  /** The SSE event's name (`update` when not given). */
  event?: string;
}

export interface LiveFanOutOptions {
  notifications: ChangeNotifications;
  logger: Logger;
  /** Open streams allowed at once, all keys together; one more is answered 503 with Retry-After. */
  maxSubscribers: number;
  /** A key is read at most once in this long, however many watch it and however many changes are told (1 s). */
  minIntervalMs?: number;
  /** While watched, a key is read at least this often even when no change is told (a change made by another program on SQLite, a lost LISTEN connection). */
  refreshMs?: number;
  /** A comment line to every open stream this often, so that proxies and phones keep the connection (15 s). */
  heartbeatMs?: number;
  /** A viewer whose unread data passes this many bytes is let go (a stalled phone must not hold memory). */
  maxBufferedBytes?: number;
}

export interface LiveFanOutStats {
  /** Open streams, all keys together. */
  subscribers: number;
  /** Reads of the database since start, all keys together. */
  reads: number;
  /** Streams refused because the cap was reached. */
  refused: number;
  /** Keys with at least one stream: each has one change listener and one refresh timer, the others none. */
  watchedKeys: number;
}

interface KeyState {
  feed: LiveFeed<unknown>;
  subscribers: Set<ServerResponse>;
  /** The last value read, as JSON, and the SSE message made of it once for every viewer. */
  value: unknown;
  json: string | null;
  message: string | null;
  sequence: number;
  lastReadAt: number;
  reading: Promise<unknown> | null;
  /** A change was told while a read was running: read once more after it. */
  again: boolean;
  timer: NodeJS.Timeout | null;
  refresh: NodeJS.Timeout | null;
  stopListening: (() => void) | null;
}

/** Keys kept at most, watched or not (a fundraiser's page is one key each). */
const MAX_KEPT_KEYS = 1_000;

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 5_000;

/**
 * Server-sent events for live values, fanned out (decision 0049): however many
 * viewers watch a key, its value is read from the database at most once per
 * `minIntervalMs` – when a change is told (LISTEN/NOTIFY on PostgreSQL,
 * in-process on SQLite), or every `refreshMs` while watched – and the one
 * message made of it is written to every stream. Nobody watching a key means
 * no timers, no listener and no reads for it. Streams get a heartbeat, are
 * capped in number, and are forgotten the moment they close.
 */
export class LiveFanOut {
  private readonly keys = new Map<string, KeyState>();
  private readonly minIntervalMs: number;
  private readonly refreshMs: number;
  private readonly heartbeatMs: number;
  private readonly maxBufferedBytes: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private subscriberCount = 0;
  private readCount = 0;
  private refusedCount = 0;
  private closed = false;

  constructor(private readonly options: LiveFanOutOptions) {
    this.minIntervalMs = options.minIntervalMs ?? 1_000;
    this.refreshMs = options.refreshMs ?? 5_000;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 64 * 1024;
  }

  stats(): LiveFanOutStats {
    let watchedKeys = 0;
    for (const state of this.keys.values()) if (state.refresh) watchedKeys += 1;
    return { subscribers: this.subscriberCount, reads: this.readCount, refused: this.refusedCount, watchedKeys };
  }

  /** Whether another stream would be taken now (the cap is not reached). */
  hasRoom(): boolean {
    return !this.closed && this.subscriberCount < this.options.maxSubscribers;
  }

  /**
   * The value now, for a page rendered on the server: the one already read
   * when it is fresh (younger than the interval), else one read shared by
   * everyone asking at the same moment. A held value `trust` refuses is read
   * again however fresh (a page's "not shown", which may have changed a moment
   * ago: server/live/page-live.ts); the new value goes to the key's streams too.
   */
  async current<T>(feed: LiveFeed<T>, trust: (held: T) => boolean = () => true): Promise<T> {
    const state = this.stateOf(feed);
    const held = state.json !== null && trust(state.value as T);
    if (held && Date.now() - state.lastReadAt < this.minIntervalMs) return state.value as T;
    if (held && state.subscribers.size > 0) return state.value as T;
    const failure = await (state.reading ?? this.read(state));
    if (state.json === null) throw failure ?? new Error(`live value ${feed.key} could not be read`);
    return state.value as T;
  }

  /**
   * Answers `req` with a stream of `feed`'s value: the value now, then every
   * change, each as an SSE event. Refused with 503 when the cap is reached.
   */
  stream<T>(feed: LiveFeed<T>, req: IncomingMessage, res: ServerResponse): void {
    if (!this.hasRoom()) {
      this.refusedCount += 1;
      res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30", "Cache-Control": "no-store" });
      res.end("Too many viewers just now.\n");
      return;
    }
    const state = this.stateOf(feed);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware leaves the stream alone instead of holding it back.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    });
    res.write(`retry: ${RECONNECT_MS}\n\n`);
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    state.subscribers.add(res);
    this.subscriberCount += 1;
    this.startHeartbeat();
    if (state.subscribers.size === 1) this.startWatching(state);
    this.send(res, state);
    // A watched key's value is current; an unwatched one heard no changes, so its first viewer has it read (within the
    // interval). A read already running serves everyone who arrives meanwhile.
    if (!state.reading && (state.subscribers.size === 1 || state.message === null)) this.requestRead(state);

    const forget = () => {
      if (!state.subscribers.delete(res)) return;
      this.subscriberCount -= 1;
      if (state.subscribers.size === 0) this.stopWatching(state);
      if (this.subscriberCount === 0) this.stopHeartbeat();
    };
    req.once("close", forget);
    res.once("close", forget);
  }

  /** Ends every stream (the server is shutting down): browsers reconnect to another instance or when this one is back. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopHeartbeat();
    for (const state of this.keys.values()) {
      for (const res of state.subscribers) res.end();
      state.subscribers.clear();
      this.stopWatching(state);
      await state.reading?.catch(() => {});
    }
    this.subscriberCount = 0;
    this.keys.clear();
  }

  private stateOf(feed: LiveFeed<unknown>): KeyState {
    let state = this.keys.get(feed.key);
    if (!state) {
      if (this.keys.size >= MAX_KEPT_KEYS) this.forgetUnwatched();
      state = {
        feed,
        subscribers: new Set(),
        value: undefined,
        json: null,
        message: null,
        sequence: 0,
        lastReadAt: Number.NEGATIVE_INFINITY,
        reading: null,
        again: false,
        timer: null,
        refresh: null,
        stopListening: null,
      };
      this.keys.set(feed.key, state);
    }
    return state;
  }

  /** Values nobody watches are kept for pages asking within the interval; past MAX_KEPT_KEYS they are let go. */
  private forgetUnwatched(): void {
    for (const [key, state] of this.keys) {
      if (state.subscribers.size === 0 && !state.reading) this.keys.delete(key);
    }
  }

  private startWatching(state: KeyState): void {
    state.stopListening = this.options.notifications.listen(state.feed.channel, () => this.requestRead(state));
    state.refresh = setInterval(() => this.requestRead(state), this.refreshMs);
    state.refresh.unref();
  }

  private stopWatching(state: KeyState): void {
    state.stopListening?.();
    state.stopListening = null;
    if (state.refresh) clearInterval(state.refresh);
    state.refresh = null;
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    state.again = false;
  }

  /** Reads now if the interval allows, else once when it does; a read asked for during a read runs once after it. */
  private requestRead(state: KeyState): void {
    if (this.closed || state.subscribers.size === 0) return;
    if (state.reading) {
      state.again = true;
      return;
    }
    if (state.timer) return;
    const wait = state.lastReadAt + this.minIntervalMs - Date.now();
    if (wait <= 0) {
      void this.read(state);
      return;
    }
    state.timer = setTimeout(() => {
      state.timer = null;
      void this.read(state);
    }, wait);
    state.timer.unref();
  }

  /** Reads the value and sends it if it changed; never rejects (a failure is logged and resolved with). */
  private read(state: KeyState): Promise<unknown> {
    state.lastReadAt = Date.now();
    state.again = false;
    this.readCount += 1;
    const reading = state.feed
      .read()
      .then((value) => {
        const json = JSON.stringify(value);
        if (json === state.json) return;
        state.value = value;
        state.json = json;
        state.sequence += 1;
        state.message = `event: ${state.feed.event ?? "update"}\nid: ${state.sequence}\ndata: ${json}\n\n`;
        for (const res of state.subscribers) this.send(res, state);
        return undefined;
      })
      .catch((error: unknown) => {
        // The last value stands; the next change or refresh tries again.
        this.options.logger.error({ err: error, key: state.feed.key }, "live value could not be read");
        return error;
      })
      .finally(() => {
        state.reading = null;
        if (state.again) this.requestRead(state);
      });
    state.reading = reading;
    return reading;
  }

  private send(res: ServerResponse, state: KeyState): void {
    if (state.message !== null) this.write(res, state.message);
  }

  private write(res: ServerResponse, text: string): void {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    // A viewer that stopped reading: let it go rather than hold what it has not taken.
    if (res.writableLength > this.maxBufferedBytes) res.destroy();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const state of this.keys.values()) for (const res of state.subscribers) this.write(res, ": \n\n");
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
