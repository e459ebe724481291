import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydrated";

/**
 * The issues Chromium's DevTools ("Issues" tab) reports for our pages, read
 * through the DevTools protocol's Audits domain – what Lighthouse's
 * best-practices audit "Issues were logged in the Issues panel" counts. The
 * gift form had one (issue #19): Zod's probe for `new Function`, refused by
 * our Content-Security-Policy (app/client/zod-without-eval.ts).
 *
 * Performance hints (`PerformanceIssue`, e.g. "document.cookie is slow") are
 * not counted: they are advice, not something the browser refused or will
 * stop supporting, and Lighthouse's audit does not list them.
 */
const PAGES = ["/", "/ge-en-gava", "/ge-en-gava/manadsgava", "/ge-en-gava/minnesgava", "/bli-medlem", "/sok?query=hj%C3%A4rta", "/cookie-installningar", "/logga-in"];

async function collectIssues(page: Page): Promise<{ issues: unknown[] }> {
  const cdp = await page.context().newCDPSession(page);
  const collected = { issues: [] as unknown[] };
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code !== "PerformanceIssue") collected.issues.push(issue);
  });
  await cdp.send("Audits.enable");
  return collected;
}

test.describe("Chromium's issues panel", () => {
  for (const path of PAGES) {
    test(`${path} logs no issue`, async ({ page }) => {
      const collected = await collectIssues(page);
      await gotoHydrated(page, path);
      // Issues are reported a moment after what caused them.
      await page.waitForTimeout(500);
      expect(collected.issues).toEqual([]);
    });
  }

  test("the gift form logs no issue while it is filled in and refused", async ({ page }) => {
    const collected = await collectIssues(page);
    await gotoHydrated(page, "/ge-en-gava");
    // Submitting empty runs the form's schema in the browser.
    await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
    await expect(page.getByRole("alert")).toBeFocused();
    await page.getByLabel("E-post").fill("inte-en-adress");
    await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
    await page.waitForTimeout(500);
    expect(collected.issues).toEqual([]);
  });
});
