/**
 * The few cookie operations the donor area needs, on raw header strings so
 * that Express handlers and React Router loaders share them. Every cookie we
 * set here is HttpOnly and SameSite=Lax; Secure (and the `__Host-` name prefix,
 * which browsers only accept over https with Path=/ and no Domain) when the
 * site's public address is https.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieNaming {
  secure: boolean;
}

export function cookieName(base: string, naming: CookieNaming): string {
  return naming.secure ? `__Host-${base}` : base;
}

/** A browser-session cookie (no Max-Age): the server decides when it expires, not the browser. */
export function serializeCookie(name: string, value: string, naming: CookieNaming, maxAgeSeconds?: number): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (naming.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string, naming: CookieNaming): string {
  return serializeCookie(name, "", naming, 0);
}
