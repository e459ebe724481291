import { monitorEventLoopDelay } from "node:perf_hooks";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Counter, Gauge, type Registry } from "prom-client";
import type { Clock } from "#core/clock";
import type { KeyValueStore } from "#core/key-value-store";
import type { Logger } from "#core/logger";

/**
 * Reduced mode (issue #33, decision 0051): when everyone arrives in the same
 * minute, what is not needed to give is switched off so that the gift form
 * and the payment pages keep their capacity. Staff switch it on and off in
 * the back office (/admin/drift); the switch is kept in the database, so every
 * instance follows it within a second. Each instance also switches itself on
 * when its own event loop lags past REDUCED_MODE_LAG_MS, and off again after
 * REDUCED_MODE_CALM_MS of calm – never turning off what staff switched on.
 *
 * `isReduced()` is a field read: call it on every request.
 */
export const REDUCED_MODE_KEY = "reduced-mode";

/** The staff switch as stored (in kv_entries, shared by every instance). */
export interface StaffSwitch {
  on: boolean;
  at: string;
  staffName: string | null;
}

export interface ReducedModeState {
  reduced: boolean;
  staff: StaffSwitch | null;
  automatic: { on: boolean; since: string | null };
  /** The event loop's lag at the 99th percentile over the last second, in ms. */
  lagMs: number;
  thresholdMs: number;
}

/** Seconds in a row the lag must stay past the threshold before the mode switches itself on. */
export const LAG_SECONDS_TO_SWITCH_ON = 3;

/**
 * The automatic trigger's hysteresis, fed one lag sample a second: on after
 * LAG_SECONDS_TO_SWITCH_ON samples in a row past the threshold (one slow
 * garbage collection does not count), off only once every sample for `calmMs`
 * has stayed under half the threshold. A threshold of 0 never switches on.
 */
export class LagTrigger {
  on = false;
  since: number | null = null;
  private over = 0;
  private calmSince: number | null = null;

  constructor(private readonly settings: { thresholdMs: number; calmMs: number }) {}

  /** The switch this sample made, if any. */
  observe(lagMs: number, nowMs: number): "on" | "off" | null {
    const { thresholdMs, calmMs } = this.settings;
    if (thresholdMs <= 0) return null;
    if (!this.on) {
      this.over = lagMs > thresholdMs ? this.over + 1 : 0;
      if (this.over < LAG_SECONDS_TO_SWITCH_ON) return null;
      this.on = true;
      this.since = nowMs;
      this.over = 0;
      this.calmSince = null;
      return "on";
    }
    if (lagMs >= thresholdMs / 2) {
      this.calmSince = null;
      return null;
    }
    this.calmSince ??= nowMs;
    if (nowMs - this.calmSince < calmMs) return null;
    this.on = false;
    this.since = null;
    this.calmSince = null;
    return "off";
  }
}

export interface ReducedModeDeps {
  store: KeyValueStore;
  clock: Clock;
  logger: Logger;
  registry: Registry;
  thresholdMs: number;
  calmMs: number;
  /** The event loop's lag in ms since the last call (tests give their own). */
  sampleLag?: () => number;
}

export class ReducedMode {
  private staff: StaffSwitch | null = null;
  private readonly trigger: LagTrigger;
  private readonly sampleLag: () => number;
  private lastLagMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopMonitor: (() => void) | null = null;
  private readonly switches: Counter<"to">;

  constructor(private readonly deps: ReducedModeDeps) {
    this.trigger = new LagTrigger({ thresholdMs: deps.thresholdMs, calmMs: deps.calmMs });
    this.sampleLag = deps.sampleLag ?? this.eventLoopLag();
    const registers = [deps.registry];
    const flags = () => ({ staff: this.staff?.on ? 1 : 0, automatic: this.trigger.on ? 1 : 0 });
    new Gauge({
      name: "site_reduced_mode",
      help: "1 while reduced mode is on in this instance, by why: staff (the back office's switch) or automatic (event-loop lag).",
      labelNames: ["reason"],
      registers,
      collect() {
        const { staff, automatic } = flags();
        this.set({ reason: "staff" }, staff);
        this.set({ reason: "automatic" }, automatic);
      },
    });
    this.switches = new Counter({
      name: "site_reduced_mode_automatic_switches_total",
      help: "Times this instance switched reduced mode on or off by itself (event-loop lag past REDUCED_MODE_LAG_MS, then calm).",
      labelNames: ["to"],
      registers,
    });
  }

  isReduced(): boolean {
    return this.trigger.on || this.staff?.on === true;
  }

  state(): ReducedModeState {
    return {
      reduced: this.isReduced(),
      staff: this.staff,
      automatic: { on: this.trigger.on, since: this.trigger.since === null ? null : new Date(this.trigger.since).toISOString() },
      lagMs: Math.round(this.lastLagMs),
      thresholdMs: this.deps.thresholdMs,
    };
  }

  /** Reads the staff switch from the database (once a second, and at start). */
  async refresh(): Promise<void> {
    this.staff = parseSwitch(await this.deps.store.get(REDUCED_MODE_KEY));
  }

  /** The back office's switch; the caller writes the audit entry. Every instance sees it at its next refresh, this one at once. */
  async setStaffSwitch(on: boolean, staffName: string | null): Promise<StaffSwitch> {
    const value: StaffSwitch = { on, at: this.deps.clock.now().toISOString(), staffName };
    await this.deps.store.set(REDUCED_MODE_KEY, value);
    this.staff = value;
    return value;
  }

  /** One second's check: the lag against the trigger, then the staff switch. */
  async tick(): Promise<void> {
    this.lastLagMs = this.sampleLag();
    const changed = this.trigger.observe(this.lastLagMs, this.deps.clock.now().getTime());
    if (changed) {
      this.switches.inc({ to: changed });
      const details = { lagMs: Math.round(this.lastLagMs), thresholdMs: this.deps.thresholdMs, staffSwitchOn: this.staff?.on === true };
      if (changed === "on") this.deps.logger.warn(details, "reduced mode switched on: the event loop is lagging");
      else this.deps.logger.warn({ ...details, calmMs: this.deps.calmMs }, "reduced mode switched off: the event loop has been calm");
    }
    await this.refresh();
  }

  async start(everyMs = 1000): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) => this.deps.logger.error({ err: error }, "reduced mode: the staff switch could not be read"));
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopMonitor?.();
  }

  private eventLoopLag(): () => number {
    const histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    this.stopMonitor = () => histogram.disable();
    return () => {
      // Nanoseconds; the delay beyond the 20 ms sampling interval, over the last second.
      const lagMs = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
      histogram.reset();
      return lagMs;
    };
  }
}

function parseSwitch(value: unknown): StaffSwitch | null {
  if (typeof value !== "object" || value === null) return null;
  const { on, at, staffName } = value as Record<string, unknown>;
  if (typeof on !== "boolean" || typeof at !== "string") return null;
  return { on, at, staffName: typeof staffName === "string" ? staffName : null };
}

/** What reduced mode turns off, answered before anything else runs (server/app.ts). */
const PREVIEW = /^\/(?:api\/Gift\/Preview|ge-en-gava\/[a-z-]+\/forhandsgranska\.png)$/;
const SUGGESTIONS = /^\/api\/search\/suggestions$/;
const WEB_EVENTS = /^\/api\/RegisterWebEvent$/;

/**
 * In reduced mode, answers what is optional at once and cheaply, before
 * Express, pre-rendered pages or React Router do any work:
 * - prefetches (the browser's `Sec-Purpose`/`Purpose: prefetch` – React
 *   Router's `<link rel="prefetch">` of a page's code and data): 503, the
 *   visitor's real navigation later loads the page as usual;
 * - search suggestions: an empty list (the search itself still works);
 * - previews of sheets and cards (the PNG routes and the API): 503 with a
 *   Swedish message – the gift is given without one;
 * - analytics events (RegisterWebEvent): 204, not stored.
 * Everything else – the gift forms, payments, callbacks – goes through.
 */
export function reducedModeGate(listener: RequestListener, mode: Pick<ReducedMode, "isReduced">): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!mode.isReduced()) return listener(req, res);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const purpose = `${req.headers["sec-purpose"] ?? ""} ${req.headers.purpose ?? ""}`;
    if (/prefetch/i.test(purpose)) return answer(res, 503, null);
    if (req.method === "POST" && WEB_EVENTS.test(path)) return answer(res, 204, null);
    if (req.method === "GET" && SUGGESTIONS.test(path)) return answer(res, 200, { query: "", hits: [] });
    if (PREVIEW.test(path)) {
      // The API's error shape (server/api/api-errors.ts); the preview images' too.
      return answer(res, 503, {
        error: { code: "reduced_mode", message: "Förhandsvisningen är avstängd en stund eftersom många ger just nu. Din gåva fungerar som vanligt." },
      });
    }
    listener(req, res);
  };
}

function answer(res: ServerResponse, status: number, body: object | null): void {
  res.statusCode = status;
  res.setHeader("Cache-Control", "no-store");
  if (status === 503) res.setHeader("Retry-After", "60");
  if (body === null) return void res.end();
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}
