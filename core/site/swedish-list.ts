/**
 * "a", "a och b", "a, b och c": a list in a Swedish sentence (no comma before
 * "och"), or null for none. Written out rather than Intl.ListFormat so it
 * reads the same on every Node build, with or without full ICU.
 */
export function swedishList(items: readonly string[]): string | null {
  if (items.length === 0) return null;
  if (items.length === 1) return items[0]!;
  return `${items.slice(0, -1).join(", ")} och ${items[items.length - 1]}`;
}
