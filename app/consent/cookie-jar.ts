/**
 * Reading and writing cookies through a small interface, so that consent and
 * tracking code runs the same against `document.cookie` in the browser and an
 * in-memory jar in tests.
 */
export interface CookieOptions {
  /** Seconds; omit for a session cookie. */
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: "Lax" | "Strict" | "None";
  secure?: boolean;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, options?: Pick<CookieOptions, "path" | "secure" | "sameSite">): void;
}

export const DAY_SECONDS = 24 * 60 * 60;

/** `Set-Cookie` / `document.cookie` text for one cookie. Defaults: Path=/, SameSite=Lax. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
    if (options.maxAgeSeconds <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  }
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** Parses a `Cookie` request header or `document.cookie`. The first of duplicate names wins. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** The browser's jar. Pass `document` (or anything with a `cookie` property). */
export function documentCookieJar(doc: { cookie: string }, defaults: { secure: boolean }): CookieJar {
  return {
    get: (name) => parseCookies(doc.cookie).get(name),
    set: (name, value, options) => {
      doc.cookie = serializeCookie(name, value, { secure: defaults.secure, ...options });
    },
    remove: (name, options) => {
      doc.cookie = serializeCookie(name, "", { secure: defaults.secure, ...options, maxAgeSeconds: 0 });
    },
  };
}

/** A jar in memory, for tests and for server code that collects Set-Cookie headers. */
export class MemoryCookieJar implements CookieJar {
  readonly values = new Map<string, string>();
  readonly written: { name: string; value: string; options: CookieOptions }[] = [];

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.values.set(name, value);
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string, options: CookieOptions = {}): void {
    this.values.set(name, value);
    this.written.push({ name, value, options });
  }

  remove(name: string, options: CookieOptions = {}): void {
    this.values.delete(name);
    this.written.push({ name, value: "", options: { ...options, maxAgeSeconds: 0 } });
  }
}
