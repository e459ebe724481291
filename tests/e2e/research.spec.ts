import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";

test.describe("research project pages", () => {
  test("the Swedish page lists at least 40 approved projects with their details", async ({ page }) => {
    const response = await page.goto("/forskning/projekt");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByRole("heading", { level: 1, name: "Godkända forskningsprojekt" })).toBeVisible();
    const projects = page.locator("article.research-project");
    expect(await projects.count()).toBeGreaterThanOrEqual(40);
    const first = projects.first();
    for (const label of ["Huvudansvarig forskare", "Lärosäte", "Godkänt", "Område"]) {
      await expect(first.locator("dt", { hasText: label })).toBeVisible();
    }
    await expect(first.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(first.locator(".research-project__summary")).not.toBeEmpty();
    // Newest first.
    const dates = await projects.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")!));
    expect(dates).toEqual([...dates].sort().reverse());
    await expectNoAxeViolations(page);
  });

  test("filters by year and area with the keyboard, in the address, and can show all again", async ({ page }) => {
    await gotoHydrated(page, "/forskning/projekt");
    const total = await page.locator("article.research-project").count();
    await page.getByLabel("År").selectOption("2024");
    await page.getByLabel("Område").selectOption({ label: "Hjärta" });
    await page.getByLabel("Område").press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/forskning\/projekt\?ar=2024&omrade=hjarta$/);
    // The address changes before React has rendered the filtered list (a transition), so ask until it has.
    const shownDates = () =>
      page.locator("article.research-project time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")!));
    await expect.poll(async () => (await shownDates()).every((d) => d.startsWith("2024-"))).toBe(true);
    const dates = await shownDates();
    expect(dates.length).toBeGreaterThan(0);
    await expect(page.locator("article.research-project dd", { hasText: /^Lunga$/ })).toHaveCount(0);
    await expect(page.getByText(`Visar ${dates.length} av ${total} projekt.`)).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("År")).toHaveValue("2024");
    await expect(page.getByLabel("Område")).toHaveValue("hjarta");

    await page.getByRole("link", { name: "Visa alla projekt" }).click();
    await expect(page).toHaveURL(/\/forskning\/projekt$/);
    await expect(page.locator("article.research-project")).toHaveCount(total);
  });

  test("filters work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/forskning/projekt");
    await page.getByLabel("Område").selectOption({ label: "Sömn" });
    await page.getByRole("button", { name: "Visa projekt" }).click();
    await expect(page).toHaveURL(/omrade=somn/);
    const areas = await page.locator("article.research-project dt:text-is('Område') + dd").allTextContents();
    expect(areas.length).toBeGreaterThan(0);
    expect(new Set(areas)).toEqual(new Set(["Sömn"]));
    await context.close();
  });

  test("each project can be linked to, and the link lands on it", async ({ page }) => {
    await page.goto("/forskning/projekt#projekt-pet-2023-128");
    const project = page.locator("#projekt-pet-2023-128");
    await expect(project.getByRole("heading", { name: "Sömnapné och högt blodtryck" })).toBeInViewport();
    await expect(project.getByRole("link", { name: /Länk till projektet/ })).toHaveAttribute("href", "/forskning/projekt#projekt-pet-2023-128");
  });

  test("the English page lists the same projects in English", async ({ page }) => {
    const response = await page.goto("/en/research/projects");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Approved research projects" })).toBeVisible();
    expect(await page.locator("article.research-project").count()).toBeGreaterThanOrEqual(40);
    await expect(page.getByRole("heading", { name: "Sleep apnoea and high blood pressure" })).toBeVisible();
    await expect(page.locator("article.research-project dt", { hasText: "Principal investigator" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Listan på svenska" })).toHaveAttribute("href", "/forskning/projekt");
    await expectNoAxeViolations(page);
  });

  test("the English page filters by year and area with English words in the address", async ({ page }) => {
    await page.goto("/en/research/projects");
    await page.getByLabel("Year").selectOption("2023");
    await page.getByLabel("Area").selectOption({ label: "Sleep" });
    await page.getByRole("button", { name: "Show projects" }).click();
    await expect(page).toHaveURL(/\/en\/research\/projects\?year=2023&area=sleep$/);
    await expect(page.locator("article.research-project")).not.toHaveCount(0);
    // As above: the list may render a moment after the address changes.
    await expect
      .poll(async () => new Set(await page.locator("article.research-project dt:text-is('Area') + dd").allTextContents()))
      .toEqual(new Set(["Sleep"]));
  });

  test("site search finds a project and its hit opens the project on the research page", async ({ page }) => {
    await gotoHydrated(page, "/sok?query=s%C3%B6mnapn%C3%A9");
    const hit = page.locator(".search-hit", { hasText: "Forskningsprojekt" }).first();
    await hit.getByRole("link").click();
    await expect(page).toHaveURL(/\/forskning\/projekt#projekt-pet-20\d\d-\d+$/);
    const anchor = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`#${anchor} h2`)).toBeInViewport();
  });
});
