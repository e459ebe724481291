import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails the test with a readable list when axe finds any WCAG 2.2 A/AA violation.
 *
 * Legacy mode runs axe once inside the page. The default mode runs it per frame
 * and then opens a second, blank page to merge the frames' results, which took
 * 1–15 s per scan here (a new page, axe injected twice) and a fifth of the whole
 * end-to-end run; our pages have no iframes, so both modes check the same nodes
 * with the same rules (same passes and violations, measured on /, /ge-en-gava, /sok).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n    ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}
