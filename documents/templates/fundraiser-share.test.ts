import { describe, expect, it } from "vitest";
import { createDocumentEngine } from "../document-engine.server";
import { decodePng, shareOfColour } from "#tests/support/png-inspect";
import { loadSiteConfig } from "#core/site/site-config";
import type { FundraiserShareData } from "#core/documents/document-renderer";

const site = loadSiteConfig({ SITE_NAME: "Föreningen Ärlig Andning" });
const engine = createDocumentEngine(site);
const data: FundraiserShareData = {
  title: "Annas 50-årsdag – för ett friskt hjärta",
  kindLabel: "Födelsedag",
  organiserName: "Anna Exempel",
  amountOre: 125_000,
  goalOre: 1_000_000,
  percent: 12,
};

describe("a fundraiser's share image", () => {
  it("is 1200 × 630, the size link previews ask for, with the progress bar drawn in the brand colour", async () => {
    const image = decodePng(await engine.render({ kind: "fundraiser-share", data }, "png"));
    expect([image.width, image.height]).toEqual([1200, 630]);
    const hidden = decodePng(await engine.render({ kind: "fundraiser-share", data: { ...data, amountOre: null, goalOre: null, percent: null } }, "png"));
    // The organiser hid the total: no bar, so less of the brand colour.
    expect(shareOfColour(hidden, site.colours.primary)).toBeLessThan(shareOfColour(image, site.colours.primary));
  }, 60_000);
});
