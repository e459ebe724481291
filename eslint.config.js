import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { noCoreImportCycle } from "./scripts/lint/core-import-cycles.mjs";

/**
 * Import boundaries between the top-level folders (decision 0009). An import
 * into another top-level folder is written `#folder/…` (package.json's
 * subpath imports), and one inside a folder relatively; a forbidden import is
 * either `#folder/…` or one whose `../` steps climb out of the importing
 * file's top-level folder and go down into another: for a file at depth d
 * (core/x.ts is 1, core/gifts/x.ts is 2) that takes at least d steps.
 * (`../documents/…` from core/gifts is core/documents, which is fine.) The
 * patterns are written with `outOf`, and `boundaries` makes one config block
 * per depth.
 */
const outOf = (...folders) => (depth) => `^(#|(\\.\\./){${depth},})(${folders.join("|")})(/|$)`;
const MAX_DEPTH = 8;

function boundaries(folder, patterns) {
  return Array.from({ length: MAX_DEPTH }, (_, i) => i + 1).map((depth) => ({
    files: [`${folder}/${"*/".repeat(depth - 1)}*`],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: patterns.map(({ regex, ...rest }) => ({ ...rest, regex: typeof regex === "function" ? regex(depth) : regex })) },
      ],
    },
  }));
}

const CORE_BOUNDARIES = [
  {
    regex: outOf("app", "server", "integrations"),
    message:
      "core/ is framework-free and never imports app/, server/ or integrations/: declare the interface in core/ and let integrations/ implement it, the server wires it (DESIGN.md, decision 0009).",
  },
  {
    regex: outOf("documents"),
    message: "core/ asks for a document through an interface from the container and never imports documents/ (DESIGN.md, Documents).",
  },
  {
    regex: "^(react|react-dom|react-router|express|@react-router/.*|@react-pdf/.*)(/.*)?$",
    message: "core/ is framework-free: no React, React Router or Express (DESIGN.md).",
  },
];

const APP_BOUNDARIES = [
  {
    regex: outOf("server"),
    allowTypeImports: true,
    message:
      "app/ reaches the server only through the typed load context (app/context.ts): type imports from server/ are fine, values are not (decision 0009).",
  },
];

const INTEGRATIONS_BOUNDARIES = [
  {
    regex: outOf("app", "server"),
    message: "integrations/ implement interfaces declared in core/ and never import app/ or server/ (decision 0009).",
  },
];

const DB_BOUNDARIES = [
  {
    regex: outOf("app", "server", "integrations"),
    message: "db/ may use core/ types but never imports app/, server/ or integrations/ (decision 0009).",
  },
];

const PROCESS_ENV_MESSAGE =
  "Configuration is read from the environment only in server/config.ts (validated, .env loaded); take it from the container or the site settings context (decision 0009).";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "var/", "test-results/", "playwright-report/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: PROCESS_ENV_MESSAGE }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^(node:)?process$/] ImportSpecifier[imported.name='env']",
          message: PROCESS_ENV_MESSAGE,
        },
      ],
    },
  },
  {
    // No import circle in core/ (decision 0037; scripts/lint/core-import-cycles.mjs).
    files: ["core/**/*.{ts,tsx}"],
    plugins: { local: { rules: { "no-core-import-cycle": noCoreImportCycle } } },
    rules: { "local/no-core-import-cycle": "error" },
  },
  ...boundaries("core", CORE_BOUNDARIES),
  ...boundaries("app", APP_BOUNDARIES),
  ...boundaries("integrations", INTEGRATIONS_BOUNDARIES),
  ...boundaries("db", DB_BOUNDARIES),
  {
    // The one place the server reads its environment, and what runs outside the
    // server: build and test configuration, scripts, test helpers and tests.
    files: [
      "server/config.ts",
      "scripts/**",
      "tests/**",
      "*.config.{ts,js,mjs}",
      "tests/support/test-server.ts",
      "tests/support/test-databases.ts",
      "**/*.test.{ts,tsx}",
    ],
    rules: { "no-restricted-properties": "off", "no-restricted-syntax": "off" },
  },
  {
    // Command-line scripts and benchmarks print their results.
    files: ["scripts/**"],
    rules: { "no-console": "off" },
  },
);
