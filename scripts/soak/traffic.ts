import crypto from "node:crypto";

/**
 * The soak test's traffic besides the paying donors (scripts/crash/donors.ts):
 * page loads, search with long query strings, API calls and hostile requests.
 * Each kind is one request (or a short exchange) against the site; the soak
 * loop picks kinds at random by weight. Hostile kinds come from many
 * addresses through X-Forwarded-For, which the soak's server trusts (one
 * proxy hop), so that per-visitor state is made for each of them as it would
 * be behind a real proxy.
 */
export interface TrafficContext {
  origin: string;
  /** A random visitor address (X-Forwarded-For), fresh per call. */
  visitor: () => string;
}

export interface TrafficKind {
  name: string;
  weight: number;
  run: (context: TrafficContext) => Promise<number>;
}

const PAGES = [
  "/",
  "/ge-en-gava",
  "/ge-en-gava/manadsgava",
  "/ge-en-gava/minnesgava",
  "/ge-en-gava/gratulationskort",
  "/bli-medlem",
  "/forskning/projekt",
  "/en/research/projects",
  "/cookie-installningar",
  "/logga-in",
  "/minnesinsamling",
];

const WORDS = ["hjärta", "lunga", "forskning", "minnesgåva", "testamente", "kol", "hjärtsvikt", "barn", "gåva", "medlem", "sarkoidos", "stroke"];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A query of up to `maxLength` characters: real words, misspellings and garbage that no cache has seen before. */
export function longQuery(maxLength: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < maxLength) {
    const roll = Math.random();
    const part = roll < 0.5 ? pick(WORDS) : roll < 0.8 ? `${pick(WORDS)}${crypto.randomBytes(2).toString("hex")}` : crypto.randomBytes(8 + Math.floor(Math.random() * 40)).toString("base64url");
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join(" ").slice(0, maxLength);
}

async function request(url: string, init: RequestInit = {}): Promise<number> {
  const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000), ...init });
  await response.arrayBuffer();
  return response.status;
}

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...extra },
  body: JSON.stringify(body),
});

const ONE_MB = "x".repeat(1024 * 1024);

export const TRAFFIC: readonly TrafficKind[] = [
  { name: "page", weight: 30, run: ({ origin }) => request(`${origin}${pick(PAGES)}`) },
  {
    name: "page-data",
    weight: 5,
    run: ({ origin }) => request(`${origin}/ge-en-gava.data`),
  },
  {
    name: "search-page",
    weight: 10,
    run: ({ origin, visitor }) => request(`${origin}/sok?query=${encodeURIComponent(longQuery(20 + Math.floor(Math.random() * 400)))}`, { headers: { "x-forwarded-for": visitor() } }),
  },
  {
    name: "search-api",
    weight: 10,
    run: ({ origin, visitor }) =>
      request(`${origin}/api/search/queries`, json({ requests: [{ indexName: "hlf_site", query: longQuery(20 + Math.floor(Math.random() * 490)) }] }, { "x-forwarded-for": visitor() })),
  },
  {
    name: "suggestions",
    weight: 5,
    run: ({ origin, visitor }) => request(`${origin}/api/search/suggestions?q=${encodeURIComponent(longQuery(3 + Math.floor(Math.random() * 90)))}`, { headers: { "x-forwarded-for": visitor() } }),
  },
  {
    name: "memorial-search",
    weight: 5,
    run: ({ origin, visitor }) =>
      request(`${origin}/api/DeceasedPeople/Search?name=${encodeURIComponent(longQuery(2 + Math.floor(Math.random() * 60)))}`, { headers: { "x-forwarded-for": visitor() } }),
  },
  {
    name: "bankid-start",
    weight: 3,
    run: ({ origin, visitor }) => request(`${origin}/api/BankID/Authenticate`, json({ device: "other" }, { origin, "x-forwarded-for": visitor() })),
  },
  {
    name: "poll-unknown",
    weight: 3,
    run: ({ origin, visitor }) => request(`${origin}/api/Payments/Poll`, json({ payload: { paymentId: crypto.randomUUID() } }, { "x-forwarded-for": visitor() })),
  },
  {
    name: "megabyte-api",
    weight: 2,
    run: ({ origin, visitor }) => request(`${origin}/api/SwishInit`, json({ payload: { name: ONE_MB } }, { "x-forwarded-for": visitor() })),
  },
  {
    name: "megabyte-form",
    weight: 2,
    run: ({ origin, visitor }) =>
      request(`${origin}/ge-en-gava`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": visitor() },
        body: `name=${ONE_MB}&amount=250`,
      }),
  },
  {
    name: "bad-json",
    weight: 3,
    run: ({ origin, visitor }) =>
      request(`${origin}/api/RegularGift/Add`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": visitor() }, body: '{"payload": {"amount": 10' }),
  },
  {
    name: "form-no-body",
    weight: 2,
    run: ({ origin, visitor }) => request(`${origin}/ge-en-gava`, { method: "POST", headers: { origin, "x-forwarded-for": visitor() } }),
  },
  {
    name: "unknown-route",
    weight: 5,
    run: ({ origin, visitor }) => request(`${origin}/${crypto.randomBytes(6).toString("hex")}/${crypto.randomBytes(40).toString("hex")}`, { headers: { "x-forwarded-for": visitor() } }),
  },
  {
    name: "unknown-asset",
    weight: 2,
    run: ({ origin }) => request(`${origin}/assets/${crypto.randomBytes(6).toString("hex")}.js`),
  },
];

/** A random public-looking IPv4 address (no 127/8, 10/8 or 0/8). */
export function randomVisitor(): string {
  const bytes = crypto.randomBytes(4);
  return `${11 + (bytes[0]! % 200)}.${bytes[1]}.${bytes[2]}.${bytes[3]}`;
}

export function pickKind(kinds: readonly TrafficKind[]): TrafficKind {
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  let roll = Math.random() * total;
  for (const kind of kinds) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return kinds[kinds.length - 1] as TrafficKind;
}
