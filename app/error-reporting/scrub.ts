import { redactPersonnummer } from "#core/identity/redact-personnummer";

/**
 * Personal data and secrets never leave for the error-reporting service:
 * personnummer (10 or 12 digits, with or without - or +), e-mail addresses,
 * token/ssn-like query parameters and Authorization values are replaced in
 * every string of a report. Opaque ids in paths (/api/MyData/…, /gavokort/…)
 * are kept: they identify an order or a request, not a person. A letter's
 * link (/api/donor/…, /brev/…) is not kept: it opens a person's name and address.
 */
export const REDACTED = "[redacted]";
export const REDACTED_EMAIL = "[email]";

const SENSITIVE_PARAMS = [
  "token",
  "access_token",
  "refresh_token",
  "id_token",
  "ssn",
  "personnummer",
  "pnr",
  "password",
  "email",
  "epost",
  "sentry_key",
];

const SENSITIVE_PARAM = new RegExp(`(^|[?&;\\s,])(${SENSITIVE_PARAMS.join("|")})=([^&#\\s"'<>]*)`, "gim");
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const AUTHORIZATION =
  /\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token|digest)\s+)?[^\s"',;]+/gi;
const BEARER = /\b(bearer)\s+[A-Za-z0-9._~+/-]+=*/gi;
/** A letter's link (/api/donor/{reference}, /brev/{reference}) opens a person's name and address: unlike an order's id, it identifies a person. */
const LETTER_LINK_PATH = /(\/(?:donor|brev)\/)[^/?#\s"'<>]+/gi;

const SENSITIVE_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|secret|password|token|access_token|refresh_token|id_token|ssn|personnummer|pnr)$/i;

export function scrubText(text: string): string {
  return redactPersonnummer(
    text
      .replace(AUTHORIZATION, `$1${REDACTED}`)
      .replace(BEARER, `$1 ${REDACTED}`)
      .replace(SENSITIVE_PARAM, `$1$2=${REDACTED}`)
      .replace(LETTER_LINK_PATH, `$1${REDACTED}`)
      .replace(EMAIL, REDACTED_EMAIL),
  );
}

const MAX_DEPTH = 8;

/** A scrubbed copy: strings scrubbed, values under sensitive keys replaced, depth limited. */
export function scrubDeep<T>(value: T): T {
  return walk(value, 0, new WeakSet()) as T;
}

function walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return scrubText(value);
  if (typeof value === "number") {
    const text = String(value);
    return scrubText(text) === text ? value : REDACTED;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1, seen));
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message) };
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) ? REDACTED : walk(item, depth + 1, seen);
  }
  return out;
}

/** Cuts to at most `max` characters (the last one an ellipsis when cut). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
