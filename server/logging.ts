import pino, { type Logger as PinoLogger } from "pino";

/**
 * JSON logs. Personnummer, tokens and e-mail addresses must never reach a log:
 * known sensitive keys are censored by path, and every log line's message and
 * string values pass through `scrubSensitiveText` as a second guard.
 */
const SENSITIVE_KEYS = [
  "personnummer",
  "ssn",
  "personalNumber",
  "token",
  "email",
  "password",
  "secret",
  "authorization",
  "cookie",
];

const redactPaths = SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]).concat([
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
]);

const PERSONNUMMER_PATTERN = /\b(?:19|20)?\d{6}[-+]?\d{4}\b/g;
const EMAIL_PATTERN = /[^\s@"'<>]+@[^\s@"'<>]+\.[a-z]{2,}/gi;
const TOKEN_QUERY_PATTERN = /([?&](?:token|ssn|autostarttoken)=)[^&\s"]+/gi;
// A letter's link (GET /api/donor/{reference}, the page /brev/{reference}) opens a person's name and address: its reference is a token too.
const LETTER_LINK_PATH_PATTERN = /(\/(?:donor|brev)\/)[^/?#\s"]+/gi;

export function scrubSensitiveText(text: string): string {
  return text
    .replace(TOKEN_QUERY_PATTERN, "$1[redacted]")
    .replace(LETTER_LINK_PATH_PATTERN, "$1[redacted]")
    .replace(EMAIL_PATTERN, "[e-post]")
    .replace(PERSONNUMMER_PATTERN, "[personnummer]");
}

export function createLogger(level: string, destination?: pino.DestinationStream): PinoLogger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: "[redacted]" },
      formatters: {
        log(object) {
          return scrubObject(object) as Record<string, unknown>;
        },
      },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === "string" ? scrubSensitiveText(arg) : arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

function scrubObject(value: unknown, depth = 0): unknown {
  if (depth > 6) return value;
  if (typeof value === "string") return scrubSensitiveText(value);
  if (Array.isArray(value)) return value.map((v) => scrubObject(v, depth + 1));
  if (value && typeof value === "object" && !(value instanceof Error)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubObject(v, depth + 1)]));
  }
  if (value instanceof Error) {
    return { type: value.name, message: scrubSensitiveText(value.message), stack: value.stack && scrubSensitiveText(value.stack) };
  }
  return value;
}
