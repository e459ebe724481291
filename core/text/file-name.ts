/**
 * A name as it goes into a file name ("Märta Öberg" → "marta-oberg"): no
 * accents, lower case, dashes, at most 60 characters, so every mail program
 * and file system keeps it as it is. Empty when nothing is left.
 */
export function fileNameSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** "minnesblad-marta-oberg.pdf", or just "minnesblad.pdf" for a name with nothing left. */
export function documentFileName(prefix: string, name: string, extension: string): string {
  const slug = fileNameSlug(name);
  return `${prefix}${slug ? `-${slug}` : ""}.${extension}`;
}
