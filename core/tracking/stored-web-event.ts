import { LIMITS, type RegisterWebEventBody, type WebEventType } from "./web-event-schema";

/**
 * What we keep of a web event. Addresses lose their query strings except the
 * utm_* campaign parameters (a query can carry tokens, personnummer or search
 * text), and lose their fragment.
 */
export interface StoredWebEvent {
  kind: "web" | "timeonpage";
  type: WebEventType | "timeonpage";
  session: string;
  identity: string;
  requestGroup: string;
  currentUrl: string;
  referrer: string | null;
  userAgent: string | null;
  utmCampaign: string | null;
  utmMedium: string | null;
  utmSource: string | null;
  timeMs: number | null;
  receivedAt: Date;
}

/** Storage for web events; the lead implements it with Kysely. */
export interface WebEventRepository {
  insert(event: StoredWebEvent): Promise<void>;
}

const UTM_PARAMS = ["utm_campaign", "utm_medium", "utm_source"] as const;
type UtmParam = (typeof UTM_PARAMS)[number];

/** Normalises a validated request body for storage. Pure: the caller passes the time it was received. */
export function toStoredWebEvent(body: RegisterWebEventBody, receivedAt: Date): StoredWebEvent {
  const { context, payload } = body;
  const base = {
    session: context.session,
    identity: context.identity,
    requestGroup: context.requestgroup,
    currentUrl: sanitiseUrl(payload.currentUrl),
    receivedAt,
  };
  if (payload.type === "timeonpage") {
    return {
      ...base,
      kind: "timeonpage",
      type: "timeonpage",
      referrer: null,
      userAgent: null,
      utmCampaign: null,
      utmMedium: null,
      utmSource: null,
      timeMs: Math.max(0, Math.min(Math.trunc(payload.timems), LIMITS.timeOnPageMs)),
    };
  }
  const fromUrl = utmFromUrl(payload.currentUrl);
  const utm = (name: UtmParam) => cap(emptyToNull(payload[name]) ?? fromUrl[name], LIMITS.utm);
  return {
    ...base,
    kind: "web",
    type: payload.type,
    referrer: payload.referrer === "" ? null : sanitiseUrl(payload.referrer),
    userAgent: cap(emptyToNull(payload.useragent), LIMITS.userAgent),
    utmCampaign: utm("utm_campaign"),
    utmMedium: utm("utm_medium"),
    utmSource: utm("utm_source"),
    timeMs: null,
  };
}

/**
 * Drops the fragment and every query parameter except utm_*; keeps the form
 * it was given (absolute address or path). Anything unparsable becomes "".
 */
export function sanitiseUrl(value: string): string {
  const isPath = value.startsWith("/") && !value.startsWith("//");
  let url: URL;
  try {
    url = isPath ? new URL(value, "http://path.invalid") : new URL(value);
  } catch {
    return "";
  }
  const kept = new URLSearchParams();
  for (const [key, param] of url.searchParams) {
    if ((UTM_PARAMS as readonly string[]).includes(key)) kept.append(key, param.slice(0, LIMITS.utm));
  }
  const query = kept.toString();
  const path = url.pathname + (query ? `?${query}` : "");
  const result = isPath ? path : `${url.origin}${path}`;
  return result.slice(0, LIMITS.url);
}

function utmFromUrl(value: string): Record<UtmParam, string | null> {
  let params: URLSearchParams;
  try {
    params = new URL(value, "http://path.invalid").searchParams;
  } catch {
    params = new URLSearchParams();
  }
  return {
    utm_campaign: emptyToNull(params.get("utm_campaign")),
    utm_medium: emptyToNull(params.get("utm_medium")),
    utm_source: emptyToNull(params.get("utm_source")),
  };
}

function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function cap(value: string | null, max: number): string | null {
  return value === null ? null : value.slice(0, max);
}
