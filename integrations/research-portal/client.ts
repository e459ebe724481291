import { silentLogger, type Logger } from "#core/logger";
import type { ResearchProject } from "#core/research/research-project";
import { HttpTimeoutError, httpRequest, parseJsonBody, type HttpRequest, type HttpResponse } from "../http/http-request";
import { mapPetition, portalResponseSchema } from "./portal-schema";

/**
 * Client for the population study's research portal:
 * GET {baseUrl}/{product}/petitions/approved/ (spec: timeout 10 s).
 * Whatever the portal does — refuse the connection, hang, answer 500 or send
 * garbage — the caller gets a ResearchPortalError, never an unhandled crash.
 */

export const RESEARCH_PORTAL_TIMEOUT_MS = 10_000;

export type ResearchPortalErrorCode = "unreachable" | "timeout" | "http_status" | "invalid_response";

export class ResearchPortalError extends Error {
  constructor(
    readonly code: ResearchPortalErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ResearchPortalError";
  }
}

/** What the cache and the build-time snapshot need; tests pass fakes. */
export interface ApprovedProjectsSource {
  fetchApproved(): Promise<ResearchProject[]>;
}

export interface ResearchPortalClientOptions {
  baseUrl: string;
  /** The portal's product (study) key, the first path segment. */
  product: string;
  timeoutMs?: number;
  logger?: Logger;
  request?: (req: HttpRequest) => Promise<HttpResponse>;
}

export class ResearchPortalClient implements ApprovedProjectsSource {
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly send: (req: HttpRequest) => Promise<HttpResponse>;

  constructor(options: ResearchPortalClientOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(options.product)}/petitions/approved/`;
    this.timeoutMs = options.timeoutMs ?? RESEARCH_PORTAL_TIMEOUT_MS;
    this.logger = options.logger ?? silentLogger;
    this.send = options.request ?? httpRequest;
  }

  async fetchApproved(): Promise<ResearchProject[]> {
    let response: HttpResponse;
    try {
      response = await this.send({ method: "GET", url: this.url, headers: { accept: "application/json" }, timeoutMs: this.timeoutMs });
    } catch (error) {
      if (error instanceof HttpTimeoutError) {
        throw new ResearchPortalError("timeout", `Research portal did not answer within ${this.timeoutMs} ms`);
      }
      throw new ResearchPortalError("unreachable", `Research portal unreachable: ${(error as Error).message}`);
    }
    if (response.status !== 200) {
      throw new ResearchPortalError("http_status", `Research portal answered HTTP ${response.status}`, response.status);
    }
    const envelope = portalResponseSchema.safeParse(parseJsonBody(response.body));
    if (!envelope.success) {
      throw new ResearchPortalError("invalid_response", "Research portal answered with an unexpected body", response.status);
    }

    const projects: ResearchProject[] = [];
    const seen = new Set<string>();
    let rejected = 0;
    for (const [index, raw] of envelope.data.petitions.entries()) {
      const mapped = mapPetition(raw);
      if (!mapped.ok) {
        rejected++;
        this.logger.warn({ index, reason: mapped.reason }, "research portal: skipped invalid petition");
        continue;
      }
      // Duplicate ids would collide as page anchors and search ids; the first wins.
      if (seen.has(mapped.project.id)) continue;
      seen.add(mapped.project.id);
      projects.push(mapped.project);
    }
    // A list where nothing is readable is a broken answer, not an empty list:
    // treat it as an error so the last good list keeps being served.
    if (projects.length === 0 && rejected > 0) {
      throw new ResearchPortalError("invalid_response", `Research portal sent ${rejected} petitions, none readable`);
    }
    return projects;
  }
}
