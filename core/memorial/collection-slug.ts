import crypto from "node:crypto";

/**
 * A memorial collection's address, /minnesinsamling/{slug}. By default it is
 * the person's name followed by twelve random characters from an alphabet
 * without look-alikes (0/o, 1/l/i), about 59 bits: unguessable, yet short
 * enough to print in a death notice and type from it. An organiser may choose
 * their own instead; it is folded to plain lower-case letters, digits and
 * hyphens, must be 4–60 characters, hold a letter, not be a word the site
 * keeps for itself, and not be taken.
 */
export const SLUG_MIN_LENGTH = 4;
export const SLUG_MAX_LENGTH = 60;
const RANDOM_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RANDOM_LENGTH = 12;

/** Words a collection may not be called: paths the site uses or may use, and names that would mislead. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "anmal",
  "api",
  "avsluta",
  "hantera",
  "hjalp",
  "insamling",
  "insamlingar",
  "kontakt",
  "lag",
  "logga-in",
  "minnesgava",
  "minnesinsamling",
  "minnesblad",
  "ny",
  "ny-insamling",
  "om",
  "skapa",
  "sok",
  "starta",
  "startad",
  "test",
]);

/** Lower case, å ä ö and other accents made plain, every run of other characters one hyphen. */
export function foldSlug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export type SlugCheck = { ok: true; slug: string } | { ok: false; message: string };

/** A chosen address, folded and checked (everything but whether it is taken, which the database knows). */
export function checkChosenSlug(input: string): SlugCheck {
  const slug = foldSlug(input);
  if (slug.length < SLUG_MIN_LENGTH) return { ok: false, message: `Adressen behöver minst ${SLUG_MIN_LENGTH} bokstäver eller siffror, till exempel marta-oberg.` };
  if (slug.length > SLUG_MAX_LENGTH) return { ok: false, message: `Adressen får vara högst ${SLUG_MAX_LENGTH} tecken.` };
  if (!/[a-z]/.test(slug)) return { ok: false, message: "Adressen behöver minst en bokstav, till exempel minne-marta-2026." };
  if (RESERVED_SLUGS.has(slug)) return { ok: false, message: "Den adressen används redan av webbplatsen. Välj en annan, till exempel med personens namn." };
  return { ok: true, slug };
}

/** Whether a path segment could be a collection's address at all (anything else is 404 without asking the database). */
export function isSlug(value: string): boolean {
  return value.length >= SLUG_MIN_LENGTH && value.length <= SLUG_MAX_LENGTH && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}

/** "marta-oberg-k7p2x9mdq4rt": the name (shortened) and a random part, from the system's secure random source. */
export function generatedSlug(name: string): string {
  let suffix = "";
  // randomInt draws without modulo bias.
  for (let i = 0; i < RANDOM_LENGTH; i++) suffix += RANDOM_ALPHABET[crypto.randomInt(RANDOM_ALPHABET.length)];
  const prefix = foldSlug(name).slice(0, SLUG_MAX_LENGTH - RANDOM_LENGTH - 1).replace(/-+$/, "");
  return prefix ? `${prefix}-${suffix}` : suffix;
}
