import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The production server is the tested program only if the server and the
 * routes are one module graph (decision 0036): were core/ bundled twice, an
 * error class thrown by the container would not be the class a route compares
 * with `instanceof`, and module state (caches, counters) would be doubled.
 * This reads the production server build – the one `npm test` made before the
 * unit tests, or a fresh one when there is none – and counts where each class
 * exported from core/ is defined.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverDir = path.join(buildDir, "server");

function filesUnder(dir: string, ending: RegExp): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => ending.test(f)).map((f) => path.join(dir, f));
}

/** Every `export class Name` in core/, outside tests. */
function classesExportedFromCore(): string[] {
  const names = new Set<string>();
  for (const file of filesUnder(path.join(root, "core"), /\.tsx?$/)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const match of fs.readFileSync(file, "utf8").matchAll(/^export (?:abstract )?class (\w+)/gm)) names.add(match[1]!);
  }
  return [...names].sort();
}

/** Where each class is defined in the bundled output, also under a bundler's renamed `Name$1`. */
function classDefinitions(outputFiles: string[], names: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const file of outputFiles) {
    const text = fs.readFileSync(file, "utf8");
    for (const name of names) {
      // `class Name {` as Rollup writes it, `var Name = class {` as esbuild does.
      const declared = new RegExp(`\\bclass ${name}(?:\\$\\d+)?\\s*(?:extends\\b|\\{)|\\b(?:var|let|const)\\s+${name}(?:\\$\\d+)?\\s*=\\s*class\\b`, "g");
      const count = text.match(declared)?.length ?? 0;
      for (let i = 0; i < count; i++) found.get(name)!.push(path.relative(buildDir, file));
    }
  }
  return found;
}

beforeAll(() => {
  if (fs.existsSync(path.join(buildDir, "server-main.js"))) return;
  const run = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", env: { ...process.env, BUILD_DIR: path.relative(root, buildDir) } });
  if (run.status !== 0) throw new Error(`the production build failed:\n${run.stdout}\n${run.stderr}`);
}, 180_000);

describe("the production build is one module graph", () => {
  it("defines every class exported from core/ exactly once", () => {
    const names = classesExportedFromCore();
    expect(names).toContain("PaymentStartsLimitedError");
    // Every script of the server side: build/ less the browser's files.
    const outputs = filesUnder(buildDir, /\.m?js$/).filter((f) => !path.relative(buildDir, f).startsWith("client"));
    const definitions = classDefinitions(outputs, names);
    const twice = [...definitions].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(", ")}`);
    expect(twice).toEqual([]);
    // Classes the routes compare errors with are in the build at all (else the count proves nothing).
    for (const name of ["PaymentStartsLimitedError", "RefundNotPossibleError", "BankIdStartError"]) {
      expect(definitions.get(name), name).toHaveLength(1);
    }
  });

  it("starts the server from the same build the routes are in", () => {
    const entry = fs.readFileSync(path.join(buildDir, "server-main.js"), "utf8");
    expect(entry).toContain(`import("./server/index.js")`);
    expect(entry).toContain(`import("./server/site.js")`);
    // Both entries reach core/ through the shared chunks, not a copy of their own.
    const site = fs.readFileSync(path.join(serverDir, "site.js"), "utf8");
    expect(site).toMatch(/from "\.\/assets\/[\w-]+\.js"/);
  });

  it("counts a class bundled twice (the check can fail)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "one-graph-"));
    try {
      const a = path.join(dir, "a.js");
      const b = path.join(dir, "b.js");
      fs.writeFileSync(a, "class PaymentStartsLimitedError extends Error {}\n");
      fs.writeFileSync(b, "class PaymentStartsLimitedError$1 extends Error {}\nvar PaymentStartsLimitedError$2 = class extends Error {};\nclass Other {}\n");
      expect(classDefinitions([a, b], ["PaymentStartsLimitedError"]).get("PaymentStartsLimitedError")).toHaveLength(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
