import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every repository path the docs name exists. README.md and docs/**\/*.md name
 * files and folders in backticks, in links and in prose; a rename that forgets
 * the docs makes them lie, so a path that does not exist fails here, with the
 * document and line that names it.
 *
 * What counts as a path: a word that starts with one of the repository's
 * top-level source folders and a slash (`core/payments/payment-service.ts`,
 * `docs/autogiro.md`, `.ci/run`), a root file such as `package.json`, or a
 * relative link target. Placeholders and globs (`*`, `{…}`, `<provider>`, `…`,
 * `|`) are not paths. `build/…`, `var/…` and `bench-results/…` are made by the
 * build and the scripts, so they are not checked: they start with no folder
 * listed here. A path without an extension may name a folder or a module
 * without its extension, as an import does.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const TOP_FOLDERS = ["app", "core", "server", "integrations", "db", "documents", "scripts", "tests", "docs", "content", "public", ".ci"];
const ROOT_FILE = /^(package(-lock)?\.json|tsconfig(\.[\w-]+)?\.json|[\w-]+\.config\.(ts|js|mjs|cjs)|\.env\.example|\.gitignore|README\.md)$/;
const PLACEHOLDER = /[*{}<>…|[\]$]|\.\.\./;
const MODULE_EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs"];

export interface PathMention {
  /** The path as written, resolved to the repository's root. */
  path: string;
  line: number;
}

/** The repository paths one Markdown document names; `docDir` is its folder relative to the root (links are relative to it). */
export function pathsNamedIn(markdown: string, docDir: string): PathMention[] {
  const found: PathMention[] = [];
  markdown.split("\n").forEach((text, index) => {
    const line = index + 1;
    // Link targets are relative to the document; everything else names paths from the root.
    const withoutLinks = text.replace(/\]\(([^)\s]+)\)/g, (_match, target: string) => {
      const link = linkedPath(target, docDir);
      if (link !== null) found.push({ path: link, line });
      return "]";
    });
    for (const raw of withoutLinks.split(/[\s`]+/)) {
      const word = raw.replace(/^[("'“]+/, "").replace(/[)"'”,.;:!?]+$/, "");
      if (word === "" || PLACEHOLDER.test(word)) continue;
      const atTop = TOP_FOLDERS.some((folder) => word.startsWith(`${folder}/`));
      if (atTop || ROOT_FILE.test(word)) found.push({ path: word.replace(/#.*$/, ""), line });
    }
  });
  return found;
}

function linkedPath(target: string, docDir: string): string | null {
  if (/^[a-z]+:/i.test(target) || target.startsWith("#") || target.startsWith("/")) return null;
  const withoutAnchor = target.replace(/#.*$/, "");
  if (withoutAnchor === "" || PLACEHOLDER.test(withoutAnchor)) return null;
  return path.posix.normalize(path.posix.join(docDir, withoutAnchor));
}

export function exists(repoPath: string): boolean {
  const full = path.join(root, repoPath.replace(/\/$/, ""));
  return MODULE_EXTENSIONS.some((extension) => fs.existsSync(full + extension));
}

function markdownFiles(): string[] {
  const files = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".md")) files.push(relative);
    }
  };
  walk("docs");
  return files;
}

describe("paths named in the docs", () => {
  it("finds paths in backticks, prose, command lines and links, and skips placeholders and generated files", () => {
    const text = [
      "See `core/payments/payment-service.ts` and (app/tracking/may-track.ts).",
      "Run `npx tsx scripts/research-snapshot.ts`; read [the guide](autogiro.md#codes) and docs/operations.md.",
      "Not paths: `integrations/<provider>/client.ts`, `tests/e2e/*.spec.ts`, `…/minnesblad.pdf`, `build/server/index.js`, `var/mail`, /ge-en-gava/tack, https://example.se/app/x.",
      "Root files: `package.json`, `.env.example`; not a root file: `entry.server.tsx`.",
    ].join("\n");
    expect(pathsNamedIn(text, "docs")).toEqual([
      { path: "core/payments/payment-service.ts", line: 1 },
      { path: "app/tracking/may-track.ts", line: 1 },
      { path: "docs/autogiro.md", line: 2 },
      { path: "scripts/research-snapshot.ts", line: 2 },
      { path: "docs/operations.md", line: 2 },
      { path: "package.json", line: 4 },
      { path: ".env.example", line: 4 },
    ]);
  });

  it("knows a path that exists from one that does not (files, folders, modules named without extension)", () => {
    expect(exists("core/payments/payment-service.ts")).toBe(true);
    expect(exists("core/payments/")).toBe(true);
    expect(exists("core/payments/payment-service")).toBe(true);
    expect(exists("core/payments/payment-servce.ts")).toBe(false);
    for (const folder of TOP_FOLDERS) expect(exists(folder), folder).toBe(true);
  });

  it("README.md and docs/**/*.md name only paths that exist", () => {
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      const markdown = fs.readFileSync(path.join(root, file), "utf8");
      for (const mention of pathsNamedIn(markdown, path.posix.dirname(file))) {
        if (!exists(mention.path)) missing.push(`${file}:${mention.line}: ${mention.path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
