/**
 * Where to send a donor after login: a path on this site only. Anything that
 * could leave the site ("//evil", "https://…", "/\\evil") falls back to Mina sidor.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/mina-sidor"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\") || /[\s\0]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://x");
    return url.host === "x" ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}
