import { z } from "zod";

/**
 * The charity's identity: name, registration numbers and colours. One place,
 * read from `SITE_*` environment variables with clearly fictional defaults, as
 * part of the validated configuration (server/config.ts). The content pages use
 * it through {{site.*}} placeholders, the layout through CSS custom properties.
 * Pre-rendered pages take the values present at build time (decision 0009).
 */
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #aa0033");

const siteSchema = z.object({
  name: z.string().min(2).default("Stiftelsen Hjärtslag & Andetag (fiktiv)"),
  shortName: z.string().min(2).max(24).default("Hjärtslag & Andetag"),
  /** Fictional organisation number (Swedish foundations start with 802). */
  orgNumber: z.string().regex(/^\d{6}-\d{4}$/).default("802555-0101"),
  bankgiro: z.string().regex(/^\d{3,4}-\d{4}$/).default("5555-0105"),
  /** Swish's own published test merchant number, so no real account is named. */
  swishNumber: z.string().regex(/^\d{10}$/).default("1231181189"),
  email: z.email().default("gava@exempel.se"),
  phone: z.string().min(5).default("010-000 00 00"),
  postalAddress: z.string().min(5).default("Box 0000, 100 00 Exempelstad"),
  colours: z
    .object({
      /** Brand colour for buttons and links; must keep 4.5:1 contrast on white. */
      primary: hexColour.default("#a3112e"),
      primaryDark: hexColour.default("#7a0c22"),
      accent: hexColour.default("#1d4f73"),
      background: hexColour.default("#ffffff"),
      surface: hexColour.default("#f6f1ee"),
      text: hexColour.default("#1c1c1c"),
    })
    .prefault({}),
});

export type SiteConfig = z.infer<typeof siteSchema>;

const envNames = {
  name: "SITE_NAME",
  shortName: "SITE_SHORT_NAME",
  orgNumber: "SITE_ORG_NUMBER",
  bankgiro: "SITE_BANKGIRO",
  swishNumber: "SITE_SWISH_NUMBER",
  email: "SITE_EMAIL",
  phone: "SITE_PHONE",
  postalAddress: "SITE_POSTAL_ADDRESS",
} as const;

const colourEnvNames = {
  primary: "SITE_COLOUR_PRIMARY",
  primaryDark: "SITE_COLOUR_PRIMARY_DARK",
  accent: "SITE_COLOUR_ACCENT",
  background: "SITE_COLOUR_BACKGROUND",
  surface: "SITE_COLOUR_SURFACE",
  text: "SITE_COLOUR_TEXT",
} as const;

/** Every SITE_* variable the site configuration reads. */
export const SITE_ENV_NAMES: readonly string[] = [...Object.values(envNames), ...Object.values(colourEnvNames)];

/**
 * The site configuration from SITE_* variables, or the problems with them,
 * each naming its variable. server/config.ts folds this into the one
 * validated configuration (and its errors into its own).
 */
export function parseSiteConfig(env: Record<string, string | undefined>): { site: SiteConfig; issues: null } | { site: null; issues: string[] } {
  const raw: Record<string, unknown> = {};
  for (const [key, envName] of Object.entries(envNames)) {
    if (env[envName]) raw[key] = env[envName];
  }
  const colours: Record<string, string> = {};
  for (const [key, envName] of Object.entries(colourEnvNames)) {
    if (env[envName]) colours[key] = env[envName] as string;
  }
  raw.colours = colours;
  const parsed = siteSchema.safeParse(raw);
  if (parsed.success) return { site: parsed.data, issues: null };
  const byEnv = { ...envNames, ...Object.fromEntries(Object.entries(colourEnvNames).map(([k, v]) => [`colours.${k}`, v])) };
  const issues = parsed.error.issues.map((issue) => {
    const key = issue.path.join(".");
    return `${byEnv[key as keyof typeof byEnv] ?? key}: ${issue.message}`;
  });
  return { site: null, issues };
}

/** The site configuration, or an error listing every bad SITE_* variable (tests and tools). */
export function loadSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const parsed = parseSiteConfig(env);
  if (parsed.issues) throw new Error(`Invalid site configuration:\n  - ${parsed.issues.join("\n  - ")}`);
  return parsed.site;
}

/** Replaces {{site.key}} placeholders in content with the configured values. */
export function fillSitePlaceholders(text: string, site: SiteConfig): string {
  return text.replace(/\{\{\s*site\.(\w+)\s*\}\}/g, (match, key: string) => {
    const value = (site as Record<string, unknown>)[key];
    return typeof value === "string" ? value : match;
  });
}
