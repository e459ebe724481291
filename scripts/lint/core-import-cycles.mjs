// No two modules of core/ import each other, however far round (decision
// 0037): an ESLint rule (eslint.config.js, `local/no-core-import-cycle`) and
// its test (tests/core-import-cycles.test.ts) share this module. A circle makes
// a module run before what it imports has run, and says that two parts of the
// site cannot be understood, tested or changed alone. Only imports that load a
// module count: `import type` and `export type` vanish when compiled; an import
// whose names are all marked `type` stays (verbatimModuleSyntax keeps it as
// `import {} from …`, which still runs the module), so it counts.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The relative modules a file loads at run time, as written. */
export function runtimeImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifiers.push(statement.moduleSpecifier.text);
    else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers.filter((s) => s.startsWith("."));
}

// Parsed once per file and text: the lint rule asks again for every file of core/.
const parsed = new Map();
function cachedImports(file, text) {
  const known = parsed.get(file);
  if (known?.text === text) return known.imports;
  const imports = runtimeImports(file, text);
  parsed.set(file, { text, imports });
  return imports;
}

/** Every circle among the files given (path → source), each as the chain of files round it. */
export function importCycles(files) {
  const resolve = (from, specifier) => {
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return [`${base}.ts`, `${base}.tsx`, base, `${base}/index.ts`].find((candidate) => files.has(candidate));
  };
  const edges = new Map();
  for (const [file, text] of files) edges.set(file, [...new Set(cachedImports(file, text).flatMap((s) => resolve(file, s) ?? []))]);

  // Tarjan's strongly connected components: a component of more than one file, or a file importing itself, is a circle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file).includes(file)) components.push(component);
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);

  // Each component told as one circle through it, starting from its first file in name order.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0];
    const chain = [start];
    const seen = new Set(chain);
    let at = start;
    for (;;) {
      const next = edges.get(at).filter((f) => members.has(f)).sort((a, b) => Number(seen.has(a)) - Number(seen.has(b)))[0];
      chain.push(next);
      if (seen.has(next)) return chain.slice(chain.indexOf(next));
      seen.add(next);
      at = next;
    }
  });
}

/** core/'s TypeScript files as they are on disk (path relative to the root → source). */
export function coreFiles(root) {
  const files = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name)) files.set(relative, fs.readFileSync(path.join(root, relative), "utf8"));
    }
  };
  walk("core");
  return files;
}

/**
 * The ESLint rule: a file of core/ that stands in an import circle is reported
 * with the circle. The graph is core/ as linted, with the file in hand as the
 * editor has it.
 */
export const noCoreImportCycle = {
  meta: { type: "problem", docs: { description: "core/ has no import circles (decision 0037)" }, schema: [] },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    if (!file.startsWith("core/")) return {};
    return {
      Program(node) {
        const files = coreFiles(root);
        files.set(file, context.sourceCode.text);
        for (const chain of importCycles(files)) {
          if (chain.includes(file)) context.report({ node, message: `core/ import circle: ${chain.join(" → ")} (decision 0037)` });
        }
      },
    };
  },
};
