/**
 * A back-office list's page from `?sida=N` (counted from 1): anything else is
 * the first page, past the end the last. Returns the 0-based page, the page
 * count and the offset to read from.
 */
export function pageFrom(url: URL, total: number, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number(url.searchParams.get("sida") ?? "1");
  const page = Number.isSafeInteger(requested) && requested >= 1 ? Math.min(requested, pageCount) - 1 : 0;
  return { page, pageCount, offset: page * pageSize };
}

/** The address of a page of a list with the same search. */
export function pageHref(path: string, query: Record<string, string>, page: number): string {
  const params = new URLSearchParams(query);
  if (page > 0) params.set("sida", String(page + 1));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
