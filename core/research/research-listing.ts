import { parseArea, type ResearchArea } from "./research-area";
import type { ResearchProject } from "./research-project";

/** Pure listing helpers for the research pages: filtering, ordering and filter options. */

export interface ResearchFilter {
  year?: number;
  area?: ResearchArea;
}

export function filterProjects(projects: readonly ResearchProject[], filter: ResearchFilter): ResearchProject[] {
  return projects.filter(
    (p) => (filter.year === undefined || p.year === filter.year) && (filter.area === undefined || p.area === filter.area),
  );
}

/** Newest approval first; ties by title so the order is stable between renders. */
export function sortNewestFirst(projects: readonly ResearchProject[]): ResearchProject[] {
  return [...projects].sort(
    (a, b) => b.approvalDate.localeCompare(a.approvalDate) || a.title.localeCompare(b.title, "sv") || a.id.localeCompare(b.id),
  );
}

/** Years that have projects, newest first, for the year filter. */
export function availableYears(projects: readonly ResearchProject[]): number[] {
  return [...new Set(projects.map((p) => p.year))].sort((a, b) => b - a);
}

/** Areas that have projects, in the fixed area order, for the area filter. */
export function availableAreas(projects: readonly ResearchProject[]): ResearchArea[] {
  const present = new Set(projects.map((p) => p.area));
  return [...present].sort((a, b) => areaOrder(a) - areaOrder(b));
}

const ORDER: readonly ResearchArea[] = ["hjärta", "lunga", "kärl", "sömn", "barn", "övrigt"];
function areaOrder(area: ResearchArea): number {
  return ORDER.indexOf(area);
}

/**
 * Reads the filter from the page address (?ar=2024&omrade=hjarta on the
 * Swedish page, ?year=2024&area=heart on the English one; both accepted).
 * Anything unreadable is ignored rather than rejected: a bad link shows all projects.
 */
export function parseResearchFilter(params: URLSearchParams): ResearchFilter {
  const filter: ResearchFilter = {};
  const yearText = params.get("ar") ?? params.get("year");
  if (yearText && /^\d{4}$/.test(yearText.trim())) filter.year = Number(yearText.trim());
  const area = parseArea(params.get("omrade") ?? params.get("area"));
  if (area) filter.area = area;
  return filter;
}
