/**
 * Index naming for the hosted engine (spec section 7): a production index, a
 * development index used when the debug flag is set (so testing never pollutes
 * production analytics or suggestions), and a suggestions index named with the
 * suffix `_query_suggestions` after whichever content index is in use.
 */

export const DEV_SUFFIX = "_dev";
export const SUGGESTIONS_SUFFIX = "_query_suggestions";

export interface IndexNames {
  /** Content index: pages, research projects and gift types. */
  content: string;
  /** Query-suggestions index for the search box. */
  suggestions: string;
}

export function indexNames(baseName: string, debug: boolean): IndexNames {
  const base = baseName.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(base)) throw new Error(`Invalid search index base name: "${baseName}"`);
  const content = debug ? `${base}${DEV_SUFFIX}` : base;
  return { content, suggestions: `${content}${SUGGESTIONS_SUFFIX}` };
}
