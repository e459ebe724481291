import { silentLogger, type Logger } from "#core/logger";
import type { DeceasedPerson, FuneralParlour } from "#core/memorial/memorial-records";
import type { SearchPage } from "#core/memorial/memorial-search";
import {
  MemorialSourceError,
  type DeceasedSourceQuery,
  type MemorialSource,
  type ParlourSourceQuery,
} from "#core/memorial/memorial-source";
import { HttpTimeoutError, httpRequest, parseJsonBody, type HttpRequest, type HttpResponse } from "../http/http-request";
import { API_KEY_HEADER, DECEASED_PATH, PARLOURS_PATH, wireDeceasedSchema, wireListSchema, wireParlourSchema } from "./protocol";
import type { z } from "zod";
import type { MemorialLookup } from "#core/memorial/give-memorial-gift";

/**
 * Client for a death-notice source speaking the memorial source protocol
 * (README.md): GET {baseUrl}/v1/deceased and /v1/funeral-parlours with the
 * API key in X-Api-Key, 20 s timeout (the spec's frontend API: the visitor's
 * browser waits as long for our answer). Whatever the source does — refuse
 * the connection, hang, answer 500, send garbage — the caller gets a
 * MemorialSourceError, never an unhandled crash, and only the protocol's
 * fields ever leave this file.
 */

export const MEMORIAL_SOURCE_TIMEOUT_MS = 20_000;

export interface MemorialSourceClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  logger?: Logger;
  request?: (req: HttpRequest) => Promise<HttpResponse>;
}

export class MemorialSourceClient implements MemorialSource, MemorialLookup {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly send: (req: HttpRequest) => Promise<HttpResponse>;

  constructor(private readonly options: MemorialSourceClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? MEMORIAL_SOURCE_TIMEOUT_MS;
    this.logger = options.logger ?? silentLogger;
    this.send = options.request ?? httpRequest;
  }

  searchDeceased(query: DeceasedSourceQuery): Promise<SearchPage<DeceasedPerson>> {
    return this.list(
      DECEASED_PATH,
      { name: query.name, town: query.town, diedFrom: query.dates.from, diedTo: query.dates.to, limit: String(query.limit) },
      wireDeceasedSchema,
    );
  }

  searchFuneralParlours(query: ParlourSourceQuery): Promise<SearchPage<FuneralParlour>> {
    return this.list(PARLOURS_PATH, { q: query.query, town: query.town, limit: String(query.limit) }, wireParlourSchema);
  }

  /** One person by the id a search returned; null when the source no longer has them (404). */
  deceased(id: string): Promise<DeceasedPerson | null> {
    return this.one(`${DECEASED_PATH}/${encodeURIComponent(id)}`, wireDeceasedSchema);
  }

  /** One parlour by the id a search returned; null when the source does not have it (404). */
  funeralParlour(id: string): Promise<FuneralParlour | null> {
    return this.one(`${PARLOURS_PATH}/${encodeURIComponent(id)}`, wireParlourSchema);
  }

  private async one<T>(path: string, itemSchema: z.ZodType<T>): Promise<T | null> {
    const response = await this.get(new URL(`${this.baseUrl}${path}`));
    if (response.status === 404) return null;
    this.assertOk(response);
    const item = itemSchema.safeParse(parseJsonBody(response.body));
    if (!item.success) throw new MemorialSourceError("invalid_response", "Memorial source answered with an unexpected body");
    return item.data;
  }

  private async get(url: URL): Promise<HttpResponse> {
    try {
      return await this.send({
        method: "GET",
        url: url.toString(),
        headers: { accept: "application/json", [API_KEY_HEADER]: this.options.apiKey },
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      if (error instanceof HttpTimeoutError) {
        throw new MemorialSourceError("timeout", `Memorial source did not answer within ${this.timeoutMs} ms`);
      }
      throw new MemorialSourceError("unreachable", `Memorial source unreachable: ${(error as Error).message}`);
    }
  }

  private assertOk(response: HttpResponse): void {
    if (response.status === 401 || response.status === 403) {
      throw new MemorialSourceError("unauthorized", `Memorial source refused the API key (HTTP ${response.status})`, response.status);
    }
    if (response.status !== 200) {
      throw new MemorialSourceError("http_status", `Memorial source answered HTTP ${response.status}`, response.status);
    }
  }

  private async list<T>(path: string, params: Record<string, string | undefined>, itemSchema: z.ZodType<T>): Promise<SearchPage<T>> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
    const response = await this.get(url);
    this.assertOk(response);
    const envelope = wireListSchema.safeParse(parseJsonBody(response.body));
    if (!envelope.success) throw new MemorialSourceError("invalid_response", "Memorial source answered with an unexpected body");

    const items: T[] = [];
    let rejected = 0;
    for (const raw of envelope.data.items) {
      const item = itemSchema.safeParse(raw);
      if (item.success) items.push(item.data);
      else rejected++;
    }
    if (rejected > 0) this.logger.warn({ path, rejected }, "memorial source: skipped unreadable items");
    if (items.length === 0 && rejected > 0) {
      throw new MemorialSourceError("invalid_response", `Memorial source sent ${rejected} items, none readable`);
    }
    return { items, total: Math.max(envelope.data.total, items.length) };
  }
}
