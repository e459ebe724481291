import type { SearchDocument } from "../search/search-engine";
import type { SiteConfig } from "../site/site-config";
import { renderContentHtml, type ContentPage } from "./content-library";

/**
 * Content pages as search documents. The body is the page as a reader sees
 * it (rendered Markdown with the site placeholders filled in, tags removed),
 * led by the description so that the words editors chose for it count too.
 */
export function contentSearchDocuments(pages: readonly ContentPage[], site: SiteConfig): SearchDocument[] {
  return pages.map((page) => ({
    id: `page:${page.lang}:${page.slug}`,
    url: page.path,
    title: page.title,
    body: `${page.description} ${htmlToText(renderContentHtml(page, site))}`.trim(),
    kind: "page" as const,
    lang: page.lang,
  }));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text from our own rendered Markdown: block ends become spaces so words never run together. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}
