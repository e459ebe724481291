import { describe, expect, it } from "vitest";
import { CsvFormatError, decodeCsvBytes, parseCsv } from "./csv";
import { listOrderFormSchema, listOrderItems, MAX_ROWS, MAX_UPLOAD_BYTES, readRecipientList } from "./list-order";

const bytes = (text: string) => new TextEncoder().encode(text);
const HEADER = "namn;e-post;gatuadress;postnummer;ort;text";

describe("the CSV reader", () => {
  it("reads semicolons, quoted fields with separators, doubled quotes and line breaks, CRLF and a BOM", () => {
    const rows = parseCsv(decodeCsvBytes(bytes(`\uFEFF${HEADER}\r\nAnna;anna@exempel.se;;;;"Tack; för ""allt""\r\nfrån oss"\r\n\r\nBo;;Gatan 1;123 45;Ort;\r\n`)));
    expect(rows.map((r) => r.line)).toEqual([1, 2, 5]);
    expect(rows[1]!.fields).toEqual(["Anna", "anna@exempel.se", "", "", "", 'Tack; för "allt"\r\nfrån oss']);
    expect(rows[2]!.fields[0]).toBe("Bo");
  });

  it("finds commas as the separator from the header line", () => {
    expect(parseCsv("namn,e-post\nAnna,anna@exempel.se")[1]!.fields).toEqual(["Anna", "anna@exempel.se"]);
  });

  it("reads Windows-1252 files from older Excel", () => {
    const latin1 = Uint8Array.from([0x6e, 0x61, 0x6d, 0x6e, 0x0a, 0xc5, 0x73, 0x61]); // "namn\nÅsa"
    expect(decodeCsvBytes(latin1)).toBe("namn\nÅsa");
  });

  it("refuses malformed CSV with the line it broke on", () => {
    expect(() => parseCsv('namn;text\nAnna;"aldrig slut\n')).toThrow(/Rad 2: ett citattecken avslutas aldrig/);
    expect(() => parseCsv('namn;text\nAnna;"slut"x\n')).toThrow(CsvFormatError);
    expect(() => parseCsv('namn;text\nAn"na;hej\n')).toThrow(/Rad 2: ett citattecken mitt i ett fält/);
    expect(() => decodeCsvBytes(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toThrow(/inte en textfil/);
  });
});

function list(rows: string[]): string {
  return [HEADER, ...rows].join("\r\n");
}

const good = (i: number) => (i % 2 === 0 ? `Mottagare ${i};m${i}@exempel.se;;;;` : `Mottagare ${i};;Storgatan ${i};123 45;Exempelstad;Egen text ${i}`);

describe("reading a list of recipients", () => {
  it("accepts a good list, e-mail or post per row, in the file's order", () => {
    const result = readRecipientList(bytes(list(Array.from({ length: 20 }, (_, i) => good(i + 1)))));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.recipients).toHaveLength(20);
    expect(result.recipients[0]).toEqual({ row: 2, name: "Mottagare 1", email: null, address: { street: "Storgatan 1", postalCode: "123 45", city: "Exempelstad" }, text: "Egen text 1" });
    expect(result.recipients[1]).toEqual({ row: 3, name: "Mottagare 2", email: "m2@exempel.se", address: null, text: "" });
  });

  it("names every bad row by its line, column and reason", () => {
    const rows = Array.from({ length: 20 }, (_, i) => good(i + 1));
    rows[4] = "Mottagare 5;inte-en-adress;;;;";
    rows[11] = ";;Storgatan 12;12;Exempelstad;";
    const result = readRecipientList(bytes(list(rows)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fileError).toBeNull();
    expect(result.rowErrors).toEqual([
      { row: 6, column: "e-post", message: '"inte-en-adress" är inte en e-postadress.' },
      { row: 13, column: "namn", message: "Namnet saknas." },
      { row: 13, column: "postnummer", message: "Postnumret ska ha fem siffror, till exempel 123 45." },
    ]);
  });

  it("refuses a row without e-mail or address, control characters and too long texts", () => {
    const result = readRecipientList(bytes(list(["Anna;;;;;", "Bo;bo@exempel.se;;;;hej\u0007", `Cia;cia@exempel.se;;;;${"x".repeat(301)}`])));
    expect(result.ok ? [] : result.rowErrors.map((e) => [e.row, e.column])).toEqual([
      [2, "e-post"],
      [3, "text"],
      [4, "text"],
    ]);
  });

  // Issue #30.5: a 200,000-character street and city were stored whole (the web form caps them at 100 and 60).
  it("holds each cell to the web form's field: lengths, one line, and only what the documents can print", () => {
    const rows = [
      `Anna;;${"Storgatan".repeat(22_223).slice(0, 200_000)};123 45;${"Ort".repeat(70)}`,
      `Bo;;Storgatan 1;123 45;Ort;${"x".repeat(301)}`,
      `Cia 😀;cia@exempel.se;;;;`,
      `"Dan\u2028Dansson";dan@exempel.se;;;;`,
      `Eva;eva@exempel.se;;;;"Hej\u2028då"`,
      `${"F".repeat(81)};f@exempel.se;;;;`,
    ];
    const result = readRecipientList(bytes(list(rows)));
    expect(result.ok ? [] : result.rowErrors).toEqual([
      { row: 2, column: "gatuadress", message: "Adressen får vara högst 100 tecken." },
      { row: 2, column: "ort", message: "Orten får vara högst 60 tecken." },
      { row: 3, column: "text", message: "Texten får vara högst 300 tecken." },
      { row: 4, column: "namn", message: "Tecknet ”😀” kan inte skrivas ut på våra kort och brev. Skriv texten utan det." },
      { row: 5, column: "namn", message: "Skriv texten på en rad, utan radbrytningar." },
      { row: 7, column: "namn", message: "Namnet får vara högst 80 tecken." },
    ]);
    // The same rows' good parts are read as the form reads them: a separator in the text is a line break.
    const separated = readRecipientList(bytes(list([`Eva;eva@exempel.se;;;;"Hej\u2028då"`])));
    expect(separated.ok && separated.recipients[0]!.text).toBe("Hej\ndå");
  });

  it("refuses empty, headerless, oversized and malformed files with one clear message", () => {
    const fileError = (input: Uint8Array) => {
      const result = readRecipientList(input);
      return result.ok ? null : result.fileError;
    };
    expect(fileError(new Uint8Array())).toMatch(/Filen är tom/);
    expect(fileError(bytes("förnamn;efternamn\nAnna;Svensson"))).toMatch(/saknar kolumnen "namn"/);
    expect(fileError(bytes(HEADER))).toMatch(/inga mottagare/);
    expect(fileError(new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(65))).toMatch(/för stor\. En lista får vara högst 1 MB/);
    expect(fileError(bytes(`${HEADER}\nAnna;"a@b.se\n`))).toMatch(/kunde inte läsas som CSV/);
    expect(fileError(bytes(list(Array.from({ length: 501 }, (_, i) => good(i + 1)))))).toMatch(/högst 500/);
  });
});

describe("the list order form", () => {
  const now = new Date("2026-11-23T09:00:00Z");
  const form = {
    amount: "250",
    name: "Exempelföretaget AB",
    email: "ekonomi@exempel.se",
    paymentMethod: "invoice",
    street: "Box 1",
    postalCode: "123 45",
    city: "Exempelstad",
    idempotencyKey: "5f1f6c70-6f0d-4d39-9a4f-0b7f6b0f0c11",
    kind: "diploma",
    design: "sigill",
    occasion: "foretagets_tack",
    signature: "Exempelföretaget AB",
    text: "Tack för i år!",
    deliveryDate: "2026-12-18",
  };

  it("makes one item per recipient with the amount each, e-mailed on the morning of the date or posted to arrive by it", () => {
    const parsed = listOrderFormSchema({ minKr: 50, maxKr: 100_000 }, now).parse(form);
    const read = readRecipientList(bytes(list([good(1), good(2)])));
    if (!read.ok) throw new Error("list should be good");
    const items = listOrderItems(parsed.list, parsed.gift.amountOre, read.recipients, now);
    expect(items.map((i) => [i.kind, i.channel, i.dueDate, i.sendAt?.toISOString() ?? null])).toEqual([
      ["diploma", "post", "2026-12-18", null],
      ["diploma", "email", "2026-12-18", "2026-12-18T07:00:00.000Z"],
    ]);
    expect(items[0]!.content).toMatchObject({ text: "Egen text 1", amountOre: 25_000, row: 2, showAmount: false });
    expect(items[1]!.content).toMatchObject({ text: "Tack för i år!", row: 3 });
  });

  it("refuses a design of another kind and a date too soon for the post", () => {
    const result = listOrderFormSchema({ minKr: 50, maxKr: 100_000 }, now).safeParse({ ...form, design: "hjartan", deliveryDate: "2026-11-23" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["design", "deliveryDate"]));
  });
});

describe("reading a Christmas card list (e-mail only, decision 0046)", () => {
  const read = (text: string) => readRecipientList(bytes(text), { emailOnly: true });

  it("takes name and e-mail, a row's own text, and lower-cases the address", () => {
    const result = read("namn;e-post;text\nAnna Andersson;Anna@Kund.se;\nBo Berg;bo@kund.se;God jul, Bo!\n");
    expect(result).toEqual({
      ok: true,
      recipients: [
        { row: 2, name: "Anna Andersson", email: "anna@kund.se", address: null, text: "" },
        { row: 3, name: "Bo Berg", email: "bo@kund.se", address: null, text: "God jul, Bo!" },
      ],
    });
  });

  it("needs the e-mail column and an address on every row, each address once", () => {
    expect(read("namn;gatuadress;postnummer;ort\nAnna;Gatan 1;123 45;Ort\n")).toMatchObject({ ok: false, fileError: expect.stringContaining('saknar kolumnen "e-post"') });
    const result = read("namn;e-post;gatuadress;postnummer;ort\nAnna;anna@kund.se;;;\nBo;;Gatan 1;123 45;Ort\nAnna igen; ANNA@kund.se ;;;\n");
    expect(result).toEqual({
      ok: false,
      fileError: null,
      rowErrors: [
        { row: 3, column: "e-post", message: "E-postadressen saknas. Kortet skickas med e-post." },
        { row: 4, column: "e-post", message: "Samma e-postadress finns redan på rad 2. Varje adress får ett kort." },
      ],
    });
  });

  it("keeps the list orders' limits and text rules", () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => `M ${i};m${i}@kund.se`);
    expect(read(["namn;e-post", ...rows].join("\n"))).toMatchObject({ ok: false, fileError: expect.stringContaining(`högst ${MAX_ROWS}`) });
    expect(readRecipientList(new Uint8Array(MAX_UPLOAD_BYTES + 1), { emailOnly: true })).toMatchObject({ ok: false, fileError: expect.stringContaining("för stor") });
    const long = read(`namn;e-post;text\nAnna;anna@kund.se;${"x".repeat(301)}\nBo;bo@kund.se;Hej\u0007\n`);
    expect(long.ok).toBe(false);
    if (long.ok) return;
    expect(long.rowErrors.map((e) => [e.row, e.column])).toEqual([
      [2, "text"],
      [3, "text"],
    ]);
  });
});
