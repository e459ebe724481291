import type { AppContainer } from "#server/container";
import { deathDateRange, inRange } from "#core/memorial/death-window";
import type { DeceasedPerson, FuneralParlour } from "#core/memorial/memorial-records";
import { MemorialSourceError } from "#core/memorial/memorial-source";
import { DEFAULT_PAGE_SIZE, deceasedSearchParamsSchema, paramErrors, parlourSearchParamsSchema } from "#core/memorial/search-params";

/**
 * The memorial gift page's own searches, for its action: the "Sök" buttons
 * without JavaScript, and the lists re-rendered after any post so that the
 * donor's choice stays on screen. Same rules as GET /api/DeceasedPeople/Search
 * and /api/FuneralParlors/Search (the parameters' schemas, the 90-day window
 * enforced on the source's answer); the source failing is a message that
 * offers typing the details by hand, never an error page. Each search counts
 * against the same per-visitor limit as the API's (container.memorialSearchLimits),
 * so the forms are no way around it (issue #30).
 */
export interface PageSearch<T> {
  /** What was searched for, as typed. */
  query: string;
  items: T[];
  /** A Swedish message for the search field (too short, the source unavailable); null when it worked. */
  error: string | null;
  /** True when the source could not be asked: the page opens the fields to type by hand. */
  unavailable: boolean;
  /** True when the visitor has searched as often as they may for now: the page answers 429. */
  limited?: boolean;
}

export const SEARCHES_LIMITED_MESSAGE = "Du har sökt många gånger på kort tid. Vänta en minut och försök igen.";

function limited<T>(query: string): PageSearch<T> {
  return { query, items: [], error: SEARCHES_LIMITED_MESSAGE, unavailable: false, limited: true };
}

/** Whether any of a page's searches was refused by the limit (its answer is then a 429). */
export function anySearchLimited(...searches: (PageSearch<unknown> | null)[]): boolean {
  return searches.some((search) => search?.limited === true);
}

export async function searchDeceasedForPage(container: AppContainer, visitor: string, name: string, town: string): Promise<PageSearch<DeceasedPerson>> {
  if (!(await container.memorialSearchLimits.deceased.hit(visitor))) return limited(name);
  const { source, windowDays } = container.memorial;
  const parsed = deceasedSearchParamsSchema(windowDays).safeParse(town.trim() ? { name, town } : { name });
  if (!parsed.success) return { query: name, items: [], error: firstMessage(paramErrors(parsed.error)), unavailable: false };
  const range = deathDateRange(container.clock.now(), windowDays);
  if (!range) return { query: name, items: [], error: null, unavailable: false };
  try {
    const page = await source.searchDeceased({ name: parsed.data.name, town: parsed.data.town || undefined, dates: range, limit: DEFAULT_PAGE_SIZE });
    return { query: name, items: page.items.filter((p) => inRange(p.dateOfDeath, range)).slice(0, DEFAULT_PAGE_SIZE), error: null, unavailable: false };
  } catch (error) {
    if (!(error instanceof MemorialSourceError)) throw error;
    container.logger.warn({ event: "DeceasedPersonsFailed", code: error.code }, "memorial source unavailable (page search)");
    return {
      query: name,
      items: [],
      error: "Sökningen bland dödsannonser fungerar inte just nu. Skriv in uppgifterna själv nedan, så kommer gåvan fram ändå.",
      unavailable: true,
    };
  }
}

export async function searchParloursForPage(container: AppContainer, visitor: string, query: string): Promise<PageSearch<FuneralParlour>> {
  if (!(await container.memorialSearchLimits.parlours.hit(visitor))) return limited(query);
  const parsed = parlourSearchParamsSchema.safeParse({ query });
  if (!parsed.success) return { query, items: [], error: firstMessage(paramErrors(parsed.error)), unavailable: false };
  try {
    const page = await container.memorial.source.searchFuneralParlours({ query: parsed.data.query, limit: DEFAULT_PAGE_SIZE });
    return { query, items: page.items.slice(0, DEFAULT_PAGE_SIZE), error: null, unavailable: false };
  } catch (error) {
    if (!(error instanceof MemorialSourceError)) throw error;
    container.logger.warn({ event: "FuneralParloursFailed", code: error.code }, "memorial source unavailable (page search)");
    return {
      query,
      items: [],
      error: "Sökningen bland begravningsbyråer fungerar inte just nu. Välj att skicka minnesbladet till familjen i stället, eller försök igen om en stund.",
      unavailable: true,
    };
  }
}

function firstMessage(fields: Record<string, string>): string {
  return Object.values(fields)[0] ?? "Skriv minst två bokstäver.";
}
