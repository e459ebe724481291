import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** In the simulated BankID app: continue as a test person (the first, Erik Lindgren 198112289874, unless told) and identify. */
export async function identifyInSimulator(page: Page, person: RegExp = /Erik Lindgren/): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Legitimera dig");
  await page.getByRole("radio", { name: person }).check();
  await page.getByRole("button", { name: "Fortsätt" }).click();
  await page.getByRole("button", { name: "Legitimera" }).click();
}

/** Logs in with "BankID on this device": the simulator plays the app and sends the donor back. */
export async function loginOnThisDevice(page: Page, from = "/mina-sidor", person?: RegExp): Promise<void> {
  await page.goto(from);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("button", { name: "Öppna BankID på den här enheten" }).click();
  await identifyInSimulator(page, person);
  await page.getByRole("link", { name: "Tillbaka till tjänsten" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
}

/** Mail bodies are quoted-printable in the .eml files the e2e server writes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The newest My data link e-mailed by the e2e server (mail is written as .eml under var/e2e-<port>/mail)
 * in a mail containing `containing` (e.g. its greeting): journeys run side by side, so another donor's
 * link can be newer.
 */
export async function latestMyDataLink(notBefore: number, containing: string): Promise<string> {
  return latestMailedLink(notBefore, /https?:\/\/\S+\/dina-uppgifter\?token=[A-Za-z0-9._%-]+/, containing);
}

/** The link in the newest confirmation of a new e-mail address (core/donors/email-change.ts) since `notBefore`. */
export async function latestEmailChangeLink(notBefore: number, containing: string): Promise<string> {
  return latestMailedLink(notBefore, /https?:\/\/\S+\/dina-uppgifter\/bekrafta-e-post\?token=[A-Za-z0-9._%-]+/, containing);
}

/** The first link matching `pattern` in the newest e-mail written since `notBefore` (and containing `containing`, if given). */
export async function latestMailedLink(notBefore: number, pattern: RegExp, containing?: string): Promise<string> {
  const dir = path.join("var", `e2e-${process.env.E2E_PORT ?? "4173"}`, "mail");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return undefined;
        const files = fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".eml"))
          .map((f) => path.join(dir, f))
          .filter((f) => fs.statSync(f).mtimeMs >= notBefore)
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
        for (const file of files) {
          const mail = decodeQuotedPrintable(fs.readFileSync(file, "latin1"));
          if (containing !== undefined && !mail.includes(containing)) continue;
          link = pattern.exec(mail)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}
