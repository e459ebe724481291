import { z } from "zod";
import { researchProjectSchema, toResearchProject, type ResearchProject } from "#core/research/research-project";

/**
 * The stored form of a fetched list, used both by the cache and by the
 * build-time snapshot file: the projects plus when they were fetched.
 */
export const researchSnapshotSchema = z.object({
  fetchedAt: z.iso.datetime(),
  projects: z.array(researchProjectSchema),
});

export interface ResearchSnapshot {
  fetchedAt: string;
  projects: ResearchProject[];
}

/** Reads stored data back; anything unreadable (old format, hand-edited file) is undefined. */
export function parseResearchSnapshot(value: unknown): ResearchSnapshot | undefined {
  const parsed = researchSnapshotSchema.safeParse(value);
  if (!parsed.success) return undefined;
  return { fetchedAt: parsed.data.fetchedAt, projects: parsed.data.projects.map(toResearchProject) };
}

/** The JSON form: `year` is derived, so it is not stored. */
export function serialiseResearchSnapshot(snapshot: ResearchSnapshot): unknown {
  return {
    fetchedAt: snapshot.fetchedAt,
    projects: snapshot.projects.map(({ year: _year, ...rest }) => rest),
  };
}
