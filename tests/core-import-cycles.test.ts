import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
// @ts-expect-error – a plain .mjs module without types (eslint.config.js loads it as it is)
import { coreFiles, importCycles } from "../scripts/lint/core-import-cycles.mjs";

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

describe("import circles in core/", () => {
  it("there are none", () => {
    const files = coreFiles(root) as Map<string, string>;
    expect(files.size).toBeGreaterThan(100);
    expect((importCycles(files) as string[][]).map((chain) => chain.join(" → "))).toEqual([]);
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
    expect((importCycles(files) as string[][]).map((chain) => chain.join(" → ")).sort()).toEqual([
      "core/a/one.ts → core/b/two.ts → core/b/three.ts → core/a/one.ts",
      "core/d/seven.ts → core/d/six.ts → core/d/seven.ts",
    ]);
  });
});

describe("the lint rule", () => {
  it("reports a file of core/ that closes a circle, through ESLint with the project's configuration", async () => {
    const eslint = new ESLint({ cwd: root });
    // payment-transitions.ts as it was before decision 0037: it imported the card agreements, which import it.
    const code = `import { onCardAgreementPayment } from "../agreements/card-debits";\nexport const x = onCardAgreementPayment;\n`;
    const [result] = await eslint.lintText(code, { filePath: path.join(root, "core/payments/payment-transitions.ts") });
    const circles = (result?.messages ?? []).filter((m) => m.ruleId === "local/no-core-import-cycle");
    expect(circles.map((m) => m.message)).toEqual([expect.stringMatching(/^core\/ import circle: .*core\/payments\/payment-transitions\.ts/)]);
  });
});
