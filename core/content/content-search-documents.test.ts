import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../site/site-config";
import { parseContentFile } from "./content-library";
import { contentSearchDocuments, htmlToText } from "./content-search-documents";

describe("content search documents", () => {
  it("turns rendered HTML into readable text without running words together", () => {
    expect(htmlToText("<h2 id=\"a\">Hjärtat</h2><p>Slår &amp; <strong>pumpar</strong>&nbsp;blod&#33;</p><ul><li>ett</li><li>två</li></ul>")).toBe(
      "Hjärtat Slår & pumpar blod! ett två",
    );
    expect(htmlToText("a &unknown; b &#0; c")).toBe("a &unknown; b c");
  });

  it("makes one document per page with its path, title, language and filled-in placeholders", () => {
    const site = loadSiteConfig({});
    const page = parseContentFile(
      "---\ntitle: Kontakt\ndescription: Så når du oss.\n---\nRing **{{site.phone}}** eller skriv till <b>oss</b>.\n",
      "sv",
      "kontakt",
    );
    const [doc] = contentSearchDocuments([page], site);
    expect(doc).toMatchObject({ id: "page:sv:kontakt", url: "/kontakt", title: "Kontakt", kind: "page", lang: "sv" });
    expect(doc!.body).toBe(`Så når du oss. Ring ${site.phone} eller skriv till <b>oss</b>.`);
  });
});
