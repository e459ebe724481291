import { devices, expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { identifyInSimulator } from "./bankid-flow";

// Erik Lindgren (198112289874) is a BankID test person; the demo seed has gifts with his personnummer.

test.describe("BankID login on a computer (QR code)", () => {
  test("log in with the animated QR code, see an earlier gift, change the address, log out", async ({ page, context }) => {
    test.slow(); // a whole journey with several accessibility scans
    await gotoHydrated(page, "/mina-sidor");
    await expect(page).toHaveURL(/\/logga-in\?returnTo=%2Fmina-sidor$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Logga in med BankID");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "BankID på en annan enhet (QR-kod)" }).click();
    const qr = page.locator("figure.bankid-qr");
    await expect(page.getByRole("img", { name: "QR-kod för inloggning med BankID" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Starta BankID-appen.");
    await expectNoAxeViolations(page);

    // The code changes every second, and the (simulated) app accepts only the
    // current one, give or take a second: scan a fresh one, as a phone would,
    // and scan again if the test machine was too slow.
    const first = await qr.getAttribute("data-qr");
    expect(first).toMatch(/^bankid\.[0-9a-f-]+\.\d+\.[0-9a-f]{64}$/);
    await expect.poll(() => qr.getAttribute("data-qr"), { timeout: 4_000 }).not.toBe(first);
    const phone = await context.newPage();
    await expect
      .poll(
        async () => {
          const fresh = (await qr.getAttribute("data-qr"))!;
          return (await phone.goto(`/_sim/bankid/scan?qr=${encodeURIComponent(fresh)}`))?.status();
        },
        // Each try must land within a second of the code it read; a loaded machine can miss several in a row.
        { timeout: 20_000 },
      )
      .toBe(200);
    // The page follows along with BankID's own words while the donor is in the app.
    await expect(page.getByRole("main").getByRole("status")).toContainText("Söker efter BankID", { timeout: 5_000 });
    await identifyInSimulator(phone);
    // The phone's tab stays open (closing it can hang in Chromium: see answerInSwish in gift-flow.ts).

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor", { timeout: 10_000 });
    await expect(page).toHaveURL(/\/mina-sidor$/);
    const gifts = page.getByRole("table", { name: "Dina gåvor, senaste först" });
    await expect(gifts.getByRole("row", { name: /Minnesgåva.*200.*Swish.*Betald/ })).toBeVisible();
    await expect(gifts.getByRole("row", { name: /Gåva.*500.*Swish.*Betald/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Skattereduktion" })).toBeVisible();
    await expectNoAxeViolations(page);

    // A receipt to download.
    const download = page.waitForEvent("download");
    await gifts.getByRole("link", { name: /Ladda ner/ }).first().click();
    expect((await download).suggestedFilename()).toMatch(/^kvitto-DEMO000\d\.pdf$/);

    await page.getByRole("link", { name: "Mina uppgifter" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina uppgifter");
    await expect(page.getByLabel("Gatuadress")).toHaveValue("Storgatan 12");
    await expectNoAxeViolations(page);
    await page.getByLabel("Postnummer").fill("12");
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    await expect(page.getByRole("alert")).toContainText("Skriv postnumret med fem siffror");
    await expect(page.getByRole("alert")).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Postnummer" })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.getByRole("textbox", { name: "Gatuadress" }).fill("Nygatan 5");
    await page.getByRole("textbox", { name: "Postnummer" }).fill("11451");
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Dina uppgifter är sparade.");
    await page.reload();
    await expect(page.getByLabel("Gatuadress")).toHaveValue("Nygatan 5");
    await expect(page.getByLabel("Postnummer")).toHaveValue("114 51");

    await page.getByRole("main").getByRole("link", { name: "Mina sidor" }).click();
    await page.getByRole("button", { name: "Logga ut" }).click();
    await expect(page).toHaveURL(/\/logga-in\?utloggad=1$/);
    await expect(page.getByRole("main").getByRole("status")).toContainText("Du är utloggad");
    await page.goto("/mina-sidor");
    await expect(page).toHaveURL(/\/logga-in\?returnTo=/);
  });

  test("cancelling shows the start again", async ({ page }) => {
    await gotoHydrated(page, "/logga-in");
    await page.getByRole("button", { name: "BankID på en annan enhet (QR-kod)" }).click();
    await expect(page.getByRole("img", { name: "QR-kod för inloggning med BankID" })).toBeVisible();
    await page.getByRole("button", { name: "Avbryt inloggningen" }).click();
    await expect(page.getByRole("button", { name: "BankID på en annan enhet (QR-kod)" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});

// Pixel 7's size, touch and user agent; the browser type is the project's.
const { defaultBrowserType: _browserType, ...phone } = devices["Pixel 7"];

test.describe("BankID login on a phone (autostart)", () => {
  test.use(phone);

  test("open BankID on this device, come back logged in, log out", async ({ page }) => {
    await gotoHydrated(page, "/logga-in");
    // On a phone the same-device choice comes first.
    const buttons = page.locator(".login-choices button");
    await expect(buttons.first()).toHaveText("Öppna BankID på den här enheten");
    await expectNoAxeViolations(page);
    await buttons.first().click();
    // The autostart link opens the (simulated) BankID app straight away.
    await identifyInSimulator(page);
    await page.getByRole("link", { name: "Tillbaka till tjänsten" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
    await expect(page.getByRole("table", { name: "Dina gåvor, senaste först" })).toContainText("Minnesgåva");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Logga ut" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Du är utloggad");
  });
});

test.describe("BankID login without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page offers the autostart link, explains the QR code, and logs in", async ({ page }) => {
    await page.goto("/logga-in");
    await page.getByRole("button", { name: "BankID på en annan enhet (QR-kod)" }).click();
    await expect(page.getByText("QR-koden behöver JavaScript")).toBeVisible();
    await page.getByRole("button", { name: "Avbryt inloggningen" }).click();
    await page.getByRole("button", { name: "Öppna BankID på den här enheten" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Försöker starta BankID-appen.");
    await page.getByRole("link", { name: "Öppna BankID-appen" }).click();
    await identifyInSimulator(page);
    await page.getByRole("link", { name: "Tillbaka till tjänsten" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
  });
});

// The login pages are kept for visitors with no sign-in under way (decision 0054): every response of a kept
// page is still private, with its own nonce, and the same words.
test("the login pages, kept, still say no-store and noindex and get a fresh nonce every time", async ({ request }) => {
  for (const [path, heading] of [["/logga-in", "Logga in med BankID"], ["/admin/logga-in", "Logga in i administrationen"]] as const) {
    const answers = [await request.get(path), await request.get(path), await request.get(path)];
    const nonces = new Set<string>();
    for (const answer of answers) {
      expect(answer.status()).toBe(200);
      expect(answer.headers()["cache-control"]).toBe("no-store");
      expect(answer.headers()["x-robots-tag"]).toContain("noindex");
      const html = await answer.text();
      expect(html).toContain(heading);
      nonces.add(/nonce="([^"]+)"/.exec(html)?.[1] ?? "");
    }
    expect(nonces.size, path).toBe(3);
  }
});
