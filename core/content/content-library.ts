import fs from "node:fs";
import path from "node:path";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { fillSitePlaceholders, type SiteConfig } from "../site/site-config";

/**
 * Content pages are Markdown files under content/<lang>/<slug>.md with a YAML
 * front matter. Swedish pages live at /<slug>, English ones at /en/<slug>.
 * The files are read once per directory and kept: they only change with a deploy.
 */
export type Language = "sv" | "en";

const frontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  /** A shorter name for menus when the title is long. */
  navTitle: z.string().min(1).max(30).optional(),
  navigation: z.enum(["main", "footer", "none"]).default("none"),
  order: z.number().int().default(100),
});

export interface ContentPage {
  slug: string;
  lang: Language;
  path: string;
  title: string;
  navTitle?: string;
  description: string;
  navigation: "main" | "footer" | "none";
  order: number;
  markdown: string;
}

export interface NavigationItem {
  title: string;
  path: string;
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const libraries = new Map<string, ContentPage[]>();

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

export function pathFor(lang: Language, slug: string): string {
  return lang === "sv" ? `/${slug}` : `/en/${slug}`;
}

export function parseContentFile(source: string, lang: Language, slug: string): ContentPage {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`content/${lang}/${slug}.md has no front matter`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success) {
    throw new Error(`content/${lang}/${slug}.md: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  return { slug, lang, path: pathFor(lang, slug), markdown: match[2] ?? "", ...parsed.data };
}

export function loadContentLibrary(contentDir: string): ContentPage[] {
  const key = path.resolve(contentDir);
  const cached = libraries.get(key);
  if (cached) return cached;
  const pages: ContentPage[] = [];
  for (const lang of ["sv", "en"] as const) {
    const dir = path.join(key, lang);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith(".md")) continue;
      const slug = file.slice(0, -3);
      if (!isValidSlug(slug)) throw new Error(`content/${lang}/${file}: the file name must be a kebab-case slug`);
      pages.push(parseContentFile(fs.readFileSync(path.join(dir, file), "utf8"), lang, slug));
    }
  }
  libraries.set(key, pages);
  return pages;
}

export function contentRoutePaths(contentDir: string): string[] {
  return loadContentLibrary(contentDir).map((page) => page.path);
}

export function findContentPage(contentDir: string, lang: Language, slug: string): ContentPage | undefined {
  if (!isValidSlug(slug)) return undefined;
  return loadContentLibrary(contentDir).find((page) => page.lang === lang && page.slug === slug);
}

export function navigationFor(contentDir: string, group: "main" | "footer", lang: Language = "sv"): NavigationItem[] {
  return loadContentLibrary(contentDir)
    .filter((page) => page.lang === lang && page.navigation === group)
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, "sv"))
    .map((page) => ({ title: page.navTitle ?? page.title, path: page.path }));
}

/**
 * Markdown to HTML. The Markdown is our own, reviewed content, so its HTML is
 * trusted; raw HTML in it is still escaped to keep the CSP and markup clean.
 */
export function renderContentHtml(page: ContentPage, site: SiteConfig): string {
  const markdown = fillSitePlaceholders(page.markdown, site);
  const renderer = new marked.Renderer();
  renderer.html = ({ text }) => escapeHtml(text);
  renderer.heading = ({ tokens, depth, text }) => {
    const id = headingId(text);
    return `<h${depth} id="${id}">${marked.Parser.parseInline(tokens)}</h${depth}>\n`;
  };
  return marked.parse(markdown, { renderer, async: false, gfm: true });
}

export function headingId(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
