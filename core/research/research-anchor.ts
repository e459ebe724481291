import { foldText } from "../search/swedish-text";
import type { ResearchProject } from "./research-project";

/**
 * Stable ids for linking to one project on the research page
 * (/forskning#projekt-…). Built from the portal id, not the title, so links
 * survive title corrections; the title slug is offered separately for
 * readable URLs.
 */

export function slugify(text: string, maxLength = 60): string {
  const slug = foldText(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, maxLength).replace(/-+$/g, "");
}

/** HTML id for the project's element on the research page. Always starts with a letter. */
export function projectAnchorId(project: Pick<ResearchProject, "id">): string {
  return `projekt-${slugify(project.id, 80) || "utan-id"}`;
}

/** Readable slug: title words plus the id, unique as long as ids are. */
export function projectSlug(project: Pick<ResearchProject, "id" | "title">): string {
  const title = slugify(project.title, 50);
  const id = slugify(project.id, 30);
  return title ? `${title}-${id}` : id;
}
