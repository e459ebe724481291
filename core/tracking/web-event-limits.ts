/**
 * Length and size limits of the events API, apart from the Zod schema so that
 * browser code can use them without pulling Zod into every page's JavaScript.
 */
export const LIMITS = {
  id: 64,
  url: 2048,
  userAgent: 512,
  utm: 200,
  /** Time on page is capped, not rejected: a tab left open over a weekend still counts as one long visit. */
  timeOnPageMs: 24 * 60 * 60 * 1000,
} as const;
