import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { decodePng } from "#tests/support/png-inspect";
import { startTestServer, type TestServer } from "#tests/support/test-server";

describe("document preview API", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const clock = new ManualClock("2026-11-23T12:00:00Z");
  const started = async (env: Record<string, string> = {}) =>
    (server = await startTestServer({ clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", ...env } }));
  const post = (s: TestServer, body: unknown) =>
    fetch(`${s.url}/api/Gift/Preview`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const sheet = {
    kind: "memorial_sheet",
    design: "ljus",
    deceasedName: "Märta Öberg",
    birthYear: 1938,
    dateOfDeath: "2026-11-14",
    greeting: "Tack för allt.\nVila i frid.",
    signature: "Åsa och Örjan",
    showAmount: true,
    amountOre: 50_000,
  };

  it("answers the sheet as a PNG, never cached", async () => {
    const s = await started();
    const response = await post(s, sheet);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const image = decodePng(Buffer.from(await response.arrayBuffer()));
    expect(image.width).toBe(840);
    expect(image.height).toBeGreaterThan(1100);
  });

  it("answers 400 with Swedish messages per field for bad input", async () => {
    const s = await started();
    const response = await post(s, { ...sheet, kind: "gift_card", design: "ros", dateOfDeath: "14/11", greeting: "x".repeat(301), birthYear: "nittio" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields).sort()).toEqual(["birthYear", "dateOfDeath", "design", "greeting", "kind"]);
    expect(body.error.fields.greeting).toBe("Hälsningen får vara högst 300 tecken.");
    expect(body.error.fields.dateOfDeath).toContain("ÅÅÅÅ-MM-DD");
    const control = await post(s, { ...sheet, signature: "Åsa\u202eOla" });
    expect(((await control.json()) as { error: { fields: Record<string, string> } }).error.fields.signature).toMatch(/tecken/);
  });

  it("previews a gift card with its catalogue card, and a certificate and diploma in their designs, with what the donor wrote", async () => {
    const s = await started();
    const png = async (body: Record<string, unknown>) => {
      const response = await post(s, { kind: "gift_document", occasion: "fodelsedag", recipientName: "Margareta", text: "Grattis!", signature: "Anders", ...body });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(decodePng(bytes).width).toBeGreaterThan(500);
      return bytes.toString("base64");
    };
    const card = await png({ documentKind: "gift_card", cardCode: "JUL_24_01", amountKr: 250 });
    // The card, the name, the amount and the design each change the picture.
    expect(await png({ documentKind: "gift_card", cardCode: "JUL_24_02", amountKr: 250 })).not.toBe(card);
    expect(await png({ documentKind: "gift_card", cardCode: "JUL_24_01", amountKr: 250, recipientName: "Bo" })).not.toBe(card);
    expect(await png({ documentKind: "gift_card", cardCode: "JUL_24_01", amountKr: 500 })).not.toBe(card);
    const certificate = await png({ documentKind: "gift_certificate", design: "lager" });
    expect(await png({ documentKind: "gift_certificate", design: "band" })).not.toBe(certificate);
    // A design that is not the kind's is its first, not an error.
    expect(await png({ documentKind: "diploma", design: "hjartan" })).toBe(await png({ documentKind: "diploma", design: "sigill" }));
  });

  it("refuses a gift document preview with an unknown card, kind or too long text, with the field named", async () => {
    const s = await started();
    const unknown = await post(s, { kind: "gift_document", documentKind: "gift_card", cardCode: "NOPE" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("card_not_found");
    const bad = await post(s, { kind: "gift_document", documentKind: "poster", text: "x".repeat(301), amountKr: "tusen" });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(["amountKr", "documentKind", "text"]);
    expect(body.error.fields.text).toBe("Texten får vara högst 300 tecken.");
  });

  it("limits previews per visitor", async () => {
    const s = await started({ RATE_LIMIT_PREVIEWS_PER_MINUTE: "2" });
    expect((await post(s, { ...sheet, deceasedName: "" })).status).toBe(400);
    expect((await post(s, { ...sheet, deceasedName: "" })).status).toBe(400);
    const limited = await post(s, sheet);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  });
});
