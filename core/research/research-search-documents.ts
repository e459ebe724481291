import type { SearchDocument } from "../search/search-engine";
import { areaLabel } from "./research-area";
import { projectAnchorId } from "./research-anchor";
import { localised, type ResearchProject } from "./research-project";

/**
 * Turns projects into search documents, one per language, linking to the
 * project's anchor on that language's research page. The page paths are not
 * fixed by the spec, so the caller passes them.
 */
export function researchSearchDocuments(
  projects: readonly ResearchProject[],
  pagePaths: { sv: string; en: string },
): SearchDocument[] {
  return projects.flatMap((project) =>
    (["sv", "en"] as const).map((lang) => {
      const { title, summary } = localised(project, lang);
      return {
        id: `research:${lang}:${project.id}`,
        url: `${pagePaths[lang]}#${projectAnchorId(project)}`,
        title,
        body: [summary, project.principalInvestigator, project.institution, areaLabel(project.area, lang), String(project.year)].join(" "),
        kind: "research" as const,
        lang,
      };
    }),
  );
}
