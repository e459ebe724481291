import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_ENV_NAMES } from "#server/config";
import { SITE_ENV_NAMES } from "#core/site/site-config";

/**
 * The configuration table (docs/configuration.md), .env.example and the
 * validated configuration (server/config.ts and the SITE_* variables) name the
 * same variables, so that none of them can drift from the others again
 * (decision 0009).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** The variables in the first column of docs/configuration.md's table (its only table). */
function documentedNames(): string[] {
  const names: string[] = [];
  for (const line of read("docs/configuration.md").split("\n")) {
    const firstCell = /^\|([^|]+)\|/.exec(line)?.[1] ?? "";
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)) names.push(match[1] as string);
  }
  return names;
}

function envExampleNames(): string[] {
  const names: string[] = [];
  for (const line of read(".env.example").split("\n")) {
    // Commented-out assignments count: they list a variable without setting it.
    const match = /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (match) names.push(match[1] as string);
  }
  return names;
}

const schemaNames = [...SERVER_ENV_NAMES, ...SITE_ENV_NAMES];
const documented = documentedNames();
const example = envExampleNames();
const wildcards = documented.filter((n) => n.endsWith("*")).map((n) => n.slice(0, -1));
const isDocumented = (name: string) => documented.includes(name) || wildcards.some((prefix) => name.startsWith(prefix));

describe("configuration documentation", () => {
  it("finds the table in docs/configuration.md and .env.example", () => {
    expect(documented.length).toBeGreaterThan(20);
    expect(example.length).toBeGreaterThan(20);
  });

  it("docs/configuration.md documents every variable the configuration reads", () => {
    expect(schemaNames.filter((name) => !isDocumented(name))).toEqual([]);
  });

  it(".env.example lists every variable the configuration reads", () => {
    expect(schemaNames.filter((name) => !example.includes(name))).toEqual([]);
  });

  it(".env.example lists every variable docs/configuration.md lists", () => {
    expect(documented.filter((name) => !name.endsWith("*") && !example.includes(name))).toEqual([]);
    expect(wildcards.filter((prefix) => !example.some((name) => name.startsWith(prefix)))).toEqual([]);
  });

  it("neither documents a variable the configuration does not read", () => {
    expect(documented.filter((name) => !name.endsWith("*") && !schemaNames.includes(name))).toEqual([]);
    expect(example.filter((name) => !schemaNames.includes(name))).toEqual([]);
  });
});
