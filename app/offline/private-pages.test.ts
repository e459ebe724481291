import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { privatePagesPattern, privatePrefixes } from "./private-pages";
import { PRIVATE_PAGES, mayCachePage } from "./sw-routing";

const derived = privatePagesPattern(routes);
const swSource = fs.readFileSync(path.resolve(__dirname, "../../public/sw.js"), "utf8");

describe("private pages are derived from the route table", () => {
  it("sw-routing.ts holds the expression the routes give (paste it there and in public/sw.js when this fails)", () => {
    expect(PRIVATE_PAGES.source).toBe(derived);
  });

  it("public/sw.js holds the same expression", () => {
    expect(swSource).toContain(`const PRIVATE_PAGES = /${derived}/;`);
  });

  it("covers the payment and thank-you pages, which show the donor's name, and every page with a reference", () => {
    const prefixes = privatePrefixes(routes);
    for (const p of ["ge-en-gava/betalning", "ge-en-gava/tack", "mina-sidor", "admin", "dina-uppgifter"]) expect(prefixes).toContain(p);
    const ok = { status: 200, type: "basic", cacheControl: null };
    for (const page of ["/ge-en-gava/betalning/HL-1234", "/ge-en-gava/tack/HL-1234", "/mina-sidor/kvitto/HL-1", "/admin/givare", "/brev/7Q3M9K2XD4B8N1PV6T5RW0CHJY"]) {
      expect(mayCachePage(`https://example.se${page}`, ok), page).toBe(false);
    }
    for (const page of ["/", "/om-oss", "/en/about", "/ge-en-gava", "/sok", "/forskning/projekt", "/bestall-blankett"]) {
      expect(mayCachePage(`https://example.se${page}`, ok), page).toBe(true);
    }
  });

  it("makes a new route with a parameter private without anyone listing it", () => {
    const withNew = [...routes, { path: "ge-en-gava/kvitto/:orderReference", file: "x.tsx" }];
    expect(privatePrefixes(withNew)).toContain("ge-en-gava/kvitto");
    expect(privatePrefixes([{ path: "ny/:x" }, { path: "ny/:x/sida" }])).toContain("ny");
  });
});
