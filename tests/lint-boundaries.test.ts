import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The boundaries of decision 0009, checked through ESLint's own API against
 * the project's eslint.config.js: each forbidden import must be reported by
 * the rule that keeps it out, and a legal one must pass.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let eslint: ESLint;

// The first lint loads the config, its plugins and TypeScript: done here, with time for a busy machine, not in the first test.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText("export const warm = 1;\n", { filePath: path.join(root, "core/warm-up.ts") });
}, 120_000);

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

async function boundaryProblems(filePath: string, code: string): Promise<string[]> {
  return (await problems(filePath, code)).filter((p) => /^no-restricted-(imports|properties|syntax):/.test(p));
}

describe("import boundaries", () => {
  it.each([
    ["core → server", "core/donors/x.ts", `import { buildContainer } from "../../server/container";\nexport const b = buildContainer;\n`],
    ["core → server (type only)", "core/x.ts", `import type { AppContainer } from "#server/container";\nexport type C = AppContainer;\n`],
    ["core → integrations", "core/donors/x.ts", `import { BankIdClient } from "../../integrations/bankid/client";\nexport const c = BankIdClient;\n`],
    ["core → app", "core/search/x.ts", `import { layoutData } from "../../app/site.server";\nexport const l = layoutData;\n`],
    ["core → React", "core/x.ts", `import { useState } from "react";\nexport const u = useState;\n`],
    ["app → server (value)", "app/giving/x.tsx", `import { buildContainer } from "../../server/container";\nexport const b = buildContainer;\n`],
    ["integrations → server", "integrations/swish/x.ts", `import { loadServerConfig } from "../../server/config";\nexport const l = loadServerConfig;\n`],
    ["db → integrations", "db/x.ts", `import { BankIdClient } from "#integrations/bankid/client";\nexport const c = BankIdClient;\n`],
    ["core → documents/", "core/gifts/x.ts", `import { render } from "../../documents/render";\nexport const r = render;\n`],
  ])("forbids %s", async (_name, filePath, code) => {
    const found = await boundaryProblems(filePath, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports:/);
  });

  it.each([
    ["core → core and db types", "core/donors/x.ts", `import type { DB } from "../../db/schema";\nimport { systemClock } from "../clock";\nexport type D = DB;\nexport const c = systemClock;\n`],
    ["app → server (type only)", "app/giving/x.tsx", `import type { AppContainer } from "../../server/container";\nexport type C = AppContainer;\n`],
    ["app → core", "app/giving/x.tsx", `import { paymentView } from "../../core/payments/payment-view";\nexport const v = paymentView;\n`],
    ["integrations → core", "integrations/bankid/x.ts", `import { BankIdApiError } from "../../core/donors/bankid-api-error";\nexport const e = BankIdApiError;\n`],
    ["core → core/documents (same name, inside core)", "core/gifts/x.ts", `import type { DocumentRenderer } from "../documents/document-renderer";\nexport type R = DocumentRenderer;\n`],
    ["server → everything", "server/x.ts", `import { BankIdClient } from "#integrations/bankid/client";\nimport { systemClock } from "#core/clock";\nexport const x = [BankIdClient, systemClock];\n`],
  ])("allows %s", async (_name, filePath, code) => {
    expect(await boundaryProblems(filePath, code)).toEqual([]);
  });
});

describe("configuration is read only in server/config.ts", () => {
  const readsEnv = `export const port = process.env.PORT;\n`;

  it.each(["app/giving/x.tsx", "app/root.tsx", "core/site/x.ts", "server/container.ts", "integrations/swish/x.ts", "db/x.ts"])(
    "forbids process.env in %s",
    async (filePath) => {
      expect(await boundaryProblems(filePath, readsEnv)).toEqual([expect.stringMatching(/^no-restricted-properties:/)]);
    },
  );

  it("forbids taking env from node:process", async () => {
    const found = await boundaryProblems("server/x.ts", `import { env } from "node:process";\nexport const port = env.PORT;\n`);
    expect(found).toEqual([expect.stringMatching(/^no-restricted-syntax:/)]);
  });

  it.each(["server/config.ts", "scripts/x.ts", "vite.config.ts", "react-router.config.ts", "playwright.config.ts", "tests/e2e/x.ts", "tests/support/test-server.ts", "core/x.test.ts"])(
    "allows process.env in %s",
    async (filePath) => {
      expect(await boundaryProblems(filePath, readsEnv)).toEqual([]);
    },
  );
});
