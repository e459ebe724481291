import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./session-fixture";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish } from "./gift-flow";
import { decodeQuotedPrintable, latestMailedLink } from "./bankid-flow";
import { E2E_STATE_DIR } from "./e2e-server-env";

// Two payments through the Swish simulator on a machine shared with other builds: minutes, not seconds.
test.setTimeout(300_000);

/** The e-mails the e2e server wrote to an address since `notBefore`, decoded. */
function mailsTo(address: string, notBefore: number): string[] {
  const dir = path.join(E2E_STATE_DIR, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).mtimeMs >= notBefore)
    .map((f) => decodeQuotedPrintable(fs.readFileSync(f, "latin1")))
    .filter((raw) => raw.includes(`To: ${address}`));
}

async function give(page: Page, fundraiserPath: string, gift: { amount: string; email: string; shown?: { name: string; greeting: string } }) {
  await gotoHydrated(page, fundraiserPath);
  await page.getByRole("radio", { name: gift.amount }).check();
  const showName = page.getByLabel("Visa mitt namn och min hälsning (annars står det Anonym)");
  if (gift.shown) {
    await showName.check();
    await page.getByLabel("Namn på sidan (frivilligt)").fill(gift.shown.name);
    await page.getByLabel("Hälsning (frivilligt)").fill(gift.shown.greeting);
    await page.getByLabel("Visa beloppet").check();
  } else {
    await showName.uncheck();
  }
  await page.getByLabel(/Skicka mig nyheter/).check();
  await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await page.getByLabel("E-post", { exact: true }).fill(gift.email);
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel("Öppna Swish på den här enheten").check();
  await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await answerInSwish(page, "Godkänn");
  await expect(page).toHaveURL(/\/ge-en-gava\/tack\/[0-9A-Z]{26}$/, { timeout: 20_000 });
}

/** A photo as a phone sends it: a cake at a party, with the camera's EXIF and where it was taken. */
function partyPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#f3d6dc"/>
    <circle cx="1000" cy="160" r="90" fill="#ffd76a"/><rect x="380" y="420" width="440" height="240" rx="24" fill="#fff7f0"/>
    <rect x="380" y="520" width="440" height="30" fill="#a3112e"/>${[450, 540, 630, 720].map((x) => `<rect x="${x}" y="330" width="18" height="90" fill="#4a90d9"/><ellipse cx="${x + 9}" cy="318" rx="10" ry="18" fill="#ff9b2f"/>`).join("")}
    <rect y="660" width="1200" height="140" fill="#7a4b2a"/></svg>`;
  return sharp(Buffer.from(svg))
    .withExif({ IFD0: { Make: "Testkamera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "59/1 19/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "18/1 4/1 0/1" } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test("a birthday fundraiser started, confirmed by its link, approved, given to twice (once anonymously), updated and closed", async ({ page, browser, logInStaff }) => {
  const stamp = Date.now();
  const slug = `annas-50-${stamp}`;
  const organiser = `anna.${stamp}@exempel.se`;

  await gotoHydrated(page, "/insamling");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Starta en insamling");
  await page.getByRole("radio", { name: /Födelsedag/ }).check();
  await page.getByLabel("Rubrik").fill("Annas 50-årsdag för hjärtat");
  await page.getByLabel("Berätta varför du samlar in").fill("Jag fyller 50 och önskar mig gåvor till hjärtforskningen i stället för presenter.");
  await page.getByRole("radio", { name: "Ballonger" }).check();
  // Her own photo (decision 0053): shown once staff have looked at it, with her words for those who cannot see it.
  await page.getByLabel("Välj en bild").setInputFiles({ name: "tarta.jpg", mimeType: "image/jpeg", buffer: await partyPhoto() });
  await page.getByLabel(/^Beskriv bilden/).fill("En tårta med fyra tända ljus");
  await page.getByLabel("Mål i kronor (frivilligt)").fill("5000");
  await page.getByLabel("Egen adress (frivilligt)").fill(slug);
  await page.getByLabel("Ditt namn så som det ska stå på sidan").fill("Anna Exempel");
  await page.getByLabel("Din e-postadress").fill(organiser);
  await page.getByLabel(/Jag förstår att alla gåvor går till/).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Starta insamlingen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Titta i din e-post");

  // Until the e-mailed link is opened, the page is not there.
  expect((await page.request.get(`/insamling/${slug}`)).status()).toBe(404);
  const manageLink = await latestMailedLink(stamp, new RegExp(`https?://\\S+/insamling/${slug}/hantera\\?token=[A-Za-z0-9._%-]+`));
  await gotoHydrated(page, new URL(manageLink).pathname + new URL(manageLink).search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Annas 50-årsdag för hjärtat");
  await expect(page.getByText("Vi läser insamlingen.")).toBeVisible();
  const manageUrl = page.url();

  // Staff approve it in the back office; the organiser is told.
  const staff = await browser.newContext();
  // Anders Sjöberg, staff with the one role "insamling" in every journey that uses him: Karin Holm is admin.spec.ts's
  // staff member with every role, and registering her here with one role took the others from her mid-journey.
  await logInStaff("198404152392", ["insamling"], staff);
  const office = await staff.newPage();
  await office.goto("/admin/insamlingar/granska");
  await office.getByRole("link", { name: "Annas 50-årsdag för hjärtat" }).first().click();
  await office.getByRole("button", { name: "Godkänn", exact: true }).click();
  await expect(office.getByRole("status").filter({ hasText: "Insamlingen är godkänd" })).toBeVisible();
  await expectNoAxeViolations(office);
  await staff.close();
  await expect.poll(() => mailsTo(organiser, stamp).some((m) => m.includes("Vi har läst din insamling och den visas nu")), { timeout: 20_000 }).toBe(true);
  await page.goto("/insamlingar");
  await expect(page.getByRole("link", { name: "Annas 50-årsdag för hjärtat" }).first()).toBeVisible();

  const fundraiserPath = `/insamling/${slug}`;
  // A visitor keeps the page open while others give: its total follows the live stream, without a reload.
  const watcher = await page.context().newPage();
  await gotoHydrated(watcher, fundraiserPath);
  await expect(watcher.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /^0\s*kr av 5\s*000\s*kr$/);
  await give(page, fundraiserPath, { amount: "500 kr", email: `karin.${stamp}@exempel.se`, shown: { name: "Farmor Karin", greeting: "Grattis, Anna!" } });
  await give(page, fundraiserPath, { amount: "250 kr", email: `bo.${stamp}@exempel.se` });
  await expect(watcher.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /750\s*kr av 5\s*000\s*kr/, { timeout: 20_000 });
  await expect(watcher.getByRole("list", { name: "Gåvor, den senaste först" }).getByRole("listitem").first()).toContainText("Anonym");
  await watcher.close();

  await gotoHydrated(page, fundraiserPath);
  // Staff approved the page with its photo: it shows, at its own size, loaded.
  const photo = page.getByRole("img", { name: "En tårta med fyra tända ljus" });
  await expect(photo).toHaveAttribute("width", "1200");
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const bar = page.getByRole("progressbar");
  await expect(bar).toHaveAttribute("aria-valuetext", /750\s*kr av 5\s*000\s*kr/);
  const wall = page.getByRole("list", { name: "Gåvor, den senaste först" }).getByRole("listitem");
  await expect(wall).toHaveCount(2);
  await expect(wall.nth(0)).toContainText("Anonym");
  await expect(wall.nth(1)).toContainText("Farmor Karin");
  await expect(wall.nth(1)).toContainText("Grattis, Anna!");
  await expectNoAxeViolations(page);

  // The organiser posts an update: on the page, and e-mailed to both givers who asked.
  await gotoHydrated(page, new URL(manageUrl).pathname + new URL(manageUrl).search.replace(/&.*$/, ""));
  await page.getByLabel("Hälsning", { exact: true }).fill("Tack alla – vi är redan en bra bit på väg!");
  await page.getByRole("button", { name: "Publicera och mejla" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Hälsningen är publicerad" })).toBeVisible();
  await expect.poll(() => mailsTo(`bo.${stamp}@exempel.se`, stamp).some((m) => m.includes("Tack alla")), { timeout: 30_000 }).toBe(true);

  // Closed early: the page takes no more gifts.
  await page.getByLabel("Ja, avsluta insamlingen nu").check();
  await page.getByRole("button", { name: "Avsluta insamlingen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Insamlingen är avslutad" })).toBeVisible();
  await gotoHydrated(page, fundraiserPath);
  await expect(page.getByRole("heading", { name: "Insamlingen är avslutad" })).toBeVisible();
  await expect(page.getByText("Tack alla – vi är redan en bra bit på väg!")).toBeVisible();
});
