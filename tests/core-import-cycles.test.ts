import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No two modules of core/ import each other, however far round (decision
 * 0037). A circle makes a module run before what it imports has run, and
 * says that two parts of the site cannot be understood, tested or changed
 * alone. Only imports that load a module count: `import type` and
 * `export type` vanish when compiled, so they are left out; an import whose
 * names are all marked `type` stays (verbatimModuleSyntax keeps it as
 * `import {} from …`, which still runs the module), so it counts.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The relative modules a file loads at run time, as written. */
function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers.filter((s) => s.startsWith("."));
}

/** Every circle among the files given (path → source), each as the chain of files round it. */
function importCycles(files: ReadonlyMap<string, string>): string[][] {
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return [`${base}.ts`, `${base}.tsx`, base, `${base}/index.ts`].find((candidate) => files.has(candidate));
  };
  const edges = new Map<string, string[]>();
  for (const [file, text] of files) {
    edges.set(file, [...new Set(runtimeImports(file, text).flatMap((s) => resolve(file, s) ?? []))]);
  }

  // Tarjan's strongly connected components: a component of more than one file, or a file importing itself, is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)!.includes(file)) components.push(component);
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);

  // Each component told as one circle through it, starting from its first file in name order.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const chain = [start];
    const seen = new Set(chain);
    let at = start;
    for (;;) {
      const next = edges.get(at)!.filter((f) => members.has(f)).sort((a, b) => Number(seen.has(a)) - Number(seen.has(b)))[0]!;
      chain.push(next);
      if (seen.has(next)) return chain.slice(chain.indexOf(next));
      seen.add(next);
      at = next;
    }
  });
}

function coreFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name)) files.set(relative, fs.readFileSync(path.join(root, relative), "utf8"));
    }
  };
  walk("core");
  return files;
}

describe("import circles in core/", () => {
  it("there are none", () => {
    const files = coreFiles();
    expect(files.size).toBeGreaterThan(100);
    expect(importCycles(files).map((chain) => chain.join(" → "))).toEqual([]);
  });

  it("finds a circle however far round, and only through imports that load a module", () => {
    const files = new Map([
      ["core/a/one.ts", `import { two } from "../b/two";\nexport const one = two;\n`],
      ["core/b/two.ts", `import { three } from "./three";\nexport const two = three;\n`],
      ["core/b/three.ts", `import { one } from "../a/one";\nexport const three = () => one;\n`],
      ["core/c/four.ts", `import type { Five } from "./five";\nexport type Four = Five;\nexport const four = 4;\n`],
      ["core/c/five.ts", `import { four } from "./four";\nexport type Five = typeof four;\n`],
      ["core/d/six.ts", `import { type Seven } from "./seven";\nexport type Six = Seven;\nexport const six = 6;\n`],
      ["core/d/seven.ts", `export { six as seven } from "./six";\nexport type Seven = number;\n`],
    ]);
    expect(importCycles(files).map((chain) => chain.join(" → ")).sort()).toEqual([
      "core/a/one.ts → core/b/two.ts → core/b/three.ts → core/a/one.ts",
      "core/d/seven.ts → core/d/six.ts → core/d/seven.ts",
    ]);
  });
});
