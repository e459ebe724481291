/**
 * The address the search page is moving to as the visitor types, handed from
 * the page component to its clientLoader. A module of its own so that both
 * share one copy even when React Router splits the route module into chunks.
 * Read once and matched against the navigation's address, so a stale value
 * can never misroute a later navigation (back button, header search, paging).
 */
interface TypingTarget {
  search: string;
  indexName: string;
}

let target: TypingTarget | null = null;

export function expectTypingNavigation(next: TypingTarget | null): void {
  target = next;
}

export function takeTypingNavigation(search: string): TypingTarget | null {
  const found = target?.search === search ? target : null;
  target = null;
  return found;
}
