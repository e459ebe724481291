import { describe, expect, it } from "vitest";
import { receiptDocument } from "./receipt-document";
import { loadSiteConfig } from "../site/site-config";

describe("downloadable receipt", () => {
  it("is a well-formed PDF with the gift's facts in Swedish letters", () => {
    const pdf = receiptDocument(
      {
        id: "g1",
        order_reference: "DEMO0001",
        gift_type: "memorial_gift",
        amount_ore: 123_400,
        donor_name: "Åsa Öberg (test)",
        donor_email: "asa@exempel.se",
        donor_personnummer: "198112289874",
        newsletter_consent: 0,
        status: "paid",
        idempotency_key: "k",
        created_at: "2025-03-01T10:00:00.000Z",
        updated_at: "2025-03-01T10:00:00.000Z",
        paid_at: "2025-03-01T10:00:00.000Z",
      } as never,
      loadSiteConfig({}),
    );
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    // Parentheses are escaped and å/ö are single WinAnsi bytes.
    expect(text).toContain("Hej \xc5sa \xd6berg \\(test\\),");
    expect(text).toContain("Minnesg\xe5va");
    expect(text).toContain("DEMO0001");
    // The cross-reference table points at the objects.
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const firstOffset = Number(/0000000000 65535 f \n(\d{10})/.exec(text)?.[1]);
    expect(text.slice(firstOffset, firstOffset + 7)).toBe("1 0 obj");
  });
});
