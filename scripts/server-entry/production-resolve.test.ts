import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error – a plain .mjs module without types (it is copied into the build as is)
import { productionTwin } from "./production-resolve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const hook = pathToFileURL(path.join(root, "scripts/server-entry/production-resolve.mjs")).href;

describe("React Router's production build for the production server", () => {
  it("maps each resolved development file to its production twin, which exists", () => {
    const development = pathToFileURL(createRequire(import.meta.url).resolve("react-router")).href;
    expect(development).toContain("/react-router/dist/development/");
    const twin = productionTwin(development) as string;
    expect(twin).toContain("/react-router/dist/production/");
    expect(fs.existsSync(fileURLToPath(twin))).toBe(true);
  });

  it("leaves every other module, and a development file without a twin, as resolved", () => {
    const react = pathToFileURL(createRequire(import.meta.url).resolve("react")).href;
    expect(productionTwin(react)).toBe(react);
    const missing = "file:///work/node_modules/react-router/dist/development/no-such-file.mjs";
    expect(productionTwin(missing)).toBe(missing);
  });

  it("makes Node import react-router (and @react-router/node's import of it) from dist/production", () => {
    const script = `
      import { register } from "node:module";
      register(${JSON.stringify(hook)}, ${JSON.stringify(pathToFileURL(root + "/").href)});
      const direct = import.meta.resolve("react-router");
      const viaNode = import.meta.resolve("react-router", import.meta.resolve("@react-router/node"));
      await import("@react-router/express");
      console.log(JSON.stringify({ direct, viaNode }));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const { direct, viaNode } = JSON.parse(run.stdout) as { direct: string; viaNode: string };
    expect(direct).toMatch(/\/react-router\/dist\/production\/index\.mjs$/);
    expect(viaNode).toMatch(/\/react-router\/dist\/production\/index\.mjs$/);
  });
});
