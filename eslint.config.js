import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/**
 * Import boundaries between the top-level folders (decision 0009). Every
 * import in this code base is relative, so a pattern matches a path that
 * climbs out of the importing folder into another one.
 */
const outOf = (...folders) => `^(\\.\\./)+(${folders.join("|")})(/|$)`;

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
    },
  },
  { files: ["core/**"], rules: { "no-restricted-imports": ["error", { patterns: CORE_BOUNDARIES }] } },
  { files: ["app/**"], rules: { "no-restricted-imports": ["error", { patterns: APP_BOUNDARIES }] } },
  { files: ["integrations/**"], rules: { "no-restricted-imports": ["error", { patterns: INTEGRATIONS_BOUNDARIES }] } },
  { files: ["db/**"], rules: { "no-restricted-imports": ["error", { patterns: DB_BOUNDARIES }] } },
  {
    // Command-line scripts and benchmarks print their results.
    files: ["scripts/**"],
    rules: { "no-console": "off" },
  },
);
