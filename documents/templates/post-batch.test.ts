import { describe, expect, it } from "vitest";
import { createDocumentEngine } from "../document-engine.server";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { PAGE_SIZES } from "../primitives";
import { loadSiteConfig } from "#core/site/site-config";
import { postalFormLetter } from "#core/postal-forms/postal-form-letter";

// Another charity's identity, so nothing found here can be hard-coded in the template.
const site = loadSiteConfig({ SITE_NAME: "Föreningen Ärlig Andning", SITE_BANKGIRO: "123-4567" });
const engine = createDocumentEngine(site);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

describe("post batch with forms ordered by post", () => {
  it("prints one A5 address page per form, with its letter and, for staff, what goes in the envelope", async () => {
    const letter = (reference: string, kind: "autogiro_mandate" | "payin_slips", name: string, urgent: boolean) => ({
      reference,
      dueDate: "2026-11-27",
      urgent,
      address: { name, street: "Storgatan 1", postalCode: "111 22", city: "Västerås" },
      enclosure: kind === "payin_slips" ? "Inbetalningskort" : "Blankett för autogiromedgivande",
      letter: postalFormLetter({ kind, name }, site),
      documents: [],
    });
    const pdf = inspectPdf(
      await engine.render(
        { kind: "post-batch", data: { entries: [letter("BL-AAAAAAAAAAA1", "autogiro_mandate", "Åsa Öberg", true), letter("BL-AAAAAAAAAAA2", "payin_slips", "Bo Ek", false)] } },
        "pdf",
      ),
    );
    expect(pdf.pages).toHaveLength(2);
    for (const page of pdf.pages) expect(page.width).toBeCloseTo(PAGE_SIZES.A5.width, 0);
    const text = plain(pdf.text);
    expect(text).toContain("111 22 VÄSTERÅS");
    expect(text).toContain("Här är blanketten för autogiromedgivande som du beställde.");
    expect(text).toContain("Blankett för autogiromedgivande BL-AAAAAAAAAAA1 · ska fram senast 27 november 2026 · BRÅDSKANDE");
    expect(text).toContain("bankgiro 123-4567");
    expect(text).toContain("Inbetalningskort BL-AAAAAAAAAAA2 · ska fram senast 27 november 2026");
    expect(text.indexOf("Åsa Öberg")).toBeLessThan(text.indexOf("Bo Ek"));
  });
});
