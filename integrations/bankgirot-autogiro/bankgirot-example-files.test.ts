/**
 * Every autogiro layout against Bankgirot's own example files (fixtures/,
 * ISO 8859-1, trailing spaces trimmed). The expected values were read off the
 * example files by hand, independently of the layout tables.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AutogiroFileError } from "#core/autogiro";
import { decodeAutogiroBytes, interpretAutogiroFile, readAutogiroFile, referencesMatch } from "./format";

const fixture = (name: string) => decodeAutogiroBytes(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const events = (name: string) => interpretAutogiroFile(fixture(name)).events;

describe("Bankgirot's example files", () => {
  it("every example file is read, none refused, each in the layout its name says", () => {
    const layouts = Object.fromEntries(
      readdirSync(new URL("./fixtures/", import.meta.url))
        .filter((name) => name.endsWith(".txt"))
        .map((name) => [name, readAutogiroFile(fixture(name)).layout]),
    );
    expect(Object.keys(layouts)).toHaveLength(21);
    expect(new Set(Object.values(layouts))).toEqual(
      new Set([
        "request",
        "mandate-advice",
        "mandate-advice-old",
        "digital-mandates",
        "payment-specification",
        "payment-specification-old",
        "rejected-requests",
        "rejected-requests-old",
        "amendment-responses",
        "amendment-responses-old",
      ]),
    );
  });

  it("request files: mandates, payments and amendments", () => {
    const mandates = readAutogiroFile(fixture("autogiro_exempelfil_medgivandeunderlag_sv.txt"));
    expect(mandates.records[0]).toMatchObject({ type: "01", writtenOn: "2008-06-11", customerNumber: "471117", bankgiro: "0009912346" });
    expect(mandates.records.map((r) => r.type).join(",")).toBe("01,04,04,04,04,04,04,04,04,03,03,05,05,05");
    expect(mandates.records[1]).toMatchObject({ payerNumber: "0000000000000101", account: "3300001212121212", identity: "191212121212", refusal: "" });
    expect(mandates.records[7]).toMatchObject({ payerNumber: "0000000000000106", refusal: "AV" });
    expect(mandates.records[11]).toMatchObject({ payerNumber: "0000000000000111", newBankgiro: "0009912346", newPayerNumber: "0000000000000121" });

    const payments = readAutogiroFile(fixture("autogiro_exempelfil-betalningsunderlag_sv.txt")).records;
    expect(payments[3]).toMatchObject({ type: "82", date: "2008-06-30", interval: "5", repetitions: "006", amountOre: 110_000, reference: "MÅNAD-2008" });
    expect(payments[5]).toMatchObject({ type: "82", date: "GENAST", interval: "0", payerNumber: "0000000003331022", amountOre: 35_000, reference: "KUNDNR5" });
    expect(payments[6]).toMatchObject({ type: "32", amountOre: 12_500, reference: "UTBETALN" });

    const amendments = readAutogiroFile(fixture("autogiro_exempelfilermakulerings-andringsunderlag_sv.txt")).records;
    expect(amendments.slice(1).map((r) => r.type).join(",")).toBe("23,23,23,24,24,25,25,25,25,26,27,28,28,29,29,29,29");
    expect(amendments[6]).toMatchObject({ type: "25", date: "2008-06-16", amountOre: 27_500, direction: "82", newDate: null, reference: "UTBETALN1" });
    expect(amendments[10]).toMatchObject({ type: "26", payerNumber: "", date: null, newDate: "2008-06-30" });
    expect(amendments[14]).toMatchObject({ type: "29", date: "2008-06-12", amountOre: 17_500, direction: "82", newDate: "2008-06-23" });
  });

  it("AG-MEDAVI, current layout", () => {
    const file = interpretAutogiroFile(fixture("autogiro_exempelfiler_medgivandeavisering_sv.txt"));
    expect(file).toMatchObject({ layout: "mandate-advice", writtenOn: "2008-06-11", bankgiro: "9912346" });
    expect(file.events.map((e) => `${e.kind}:${e.payerNumber}`)).toEqual([
      "mandate_approved:103",
      "mandate_cancelled:2222101",
      "mandate_cancelled:103",
      "mandate_cancelled:2222101",
      "mandate_cancelled:102",
      "mandate_refused:3331022",
      "mandate_approved:101",
      "mandate_refused:7771014",
      "mandate_approved:104",
      "mandate_cancelled:105",
    ]);
    expect(file.events[0]).toMatchObject({ account: { clearing: "5001", number: "1000020" }, identity: "196803050000", info: { code: "04" } });
    expect(file.events[3]).toMatchObject({ byPayer: true, status: { code: "02" }, info: { code: "46" } });
    expect(file.events[4]).toMatchObject({ status: { code: "07", reason: "Makulerat/borttaget på grund av obesvarad kontoförfrågan." } });
    expect(file.events[5]).toMatchObject({ status: { code: "29", reason: "Mottagarens bankgironummer är felaktigt." } });
    expect(file.events[8]).toMatchObject({ identity: "5556000521" });
  });

  it("AG-MEDAVI, older layout (also a record without date)", () => {
    const file = interpretAutogiroFile(fixture("autogiro_gl_exempelfil_medgivandeavisering_fran-bankgirot-medgivanden-kontonummer_exemeplfil_sv.txt"));
    expect(file).toMatchObject({ layout: "mandate-advice-old", writtenOn: "2004-01-18", bankgiro: "9912346" });
    expect(file.events.map((e) => e.kind)).toEqual([
      "mandate_refused",
      "mandate_approved",
      "mandate_approved",
      "mandate_approved",
      "mandate_approved",
      "mandate_refused",
      "mandate_cancelled",
    ]);
    expect(file.events[0]).toMatchObject({ payerNumber: "23344", status: { code: "10" }, bankingDate: "2004-10-18" });
    expect(file.events[6]).toMatchObject({ payerNumber: "195809010000", status: { code: "33" } });
    const short = interpretAutogiroFile(fixture("autogiro_gl_medgivandeavisering_fran-bankgirot-medgivanden-bankgironummer_exempelfil_sv.txt"));
    expect(short.events[1]).toMatchObject({ kind: "mandate_refused", payerNumber: "2221001", bankingDate: "2004-11-08", status: { code: "10" } });
    expect(short.events[0]).toMatchObject({ kind: "mandate_approved", account: null });
  });

  it("AG-EMEDGIV: mandates given in the internet bank, with message and address", () => {
    const list = events("autogiro_exempelfil_nya_medgivanden_via_internetbank_sv.txt");
    expect(list).toHaveLength(4);
    expect(list[0]).toMatchObject({
      kind: "digital_mandate_received",
      payerNumber: "111",
      account: { clearing: "8901", number: "3232323232" },
      identity: "5556000521",
      reminder: 0,
      information: "JAG ÖNSKAR BETALA MÅNADSVIS",
      address: { lines: ["ANDERS JOHANSSON", "C/O ANNA NILSSON", "LUGNA GATAN 5"], postcode: "12838", city: "SKARPNÄCK" },
    });
    expect(list[2]).toMatchObject({ payerNumber: "113", reminder: 1, address: { lines: ["JOHN ANDERSSON", "8601 EAST ORCHARD ROAD", "ACAMPO CA 95220"], postcode: "00000", city: "USA" } });
  });

  it("BET. SPEC & STOPP TK, current layout: completed, failed, retried, credits and refunds", () => {
    const list = events("autogiro_exempelfil_bet-spec-o-tk_sv.txt");
    expect(list.map((e) => e.kind)).toEqual([
      ...Array(5).fill("payment_completed"),
      "payment_failed",
      "payment_failed",
      "payment_failed",
      ...Array(3).fill("payment_completed"),
      "payment_failed",
      "payment_refunded",
      "payment_refunded",
    ]);
    expect(list[1]).toMatchObject({ direction: "debit", payerNumber: "102", amountOre: 300_000, bankingDate: "2009-11-10", interval: 5, repetitions: 6 });
    expect(list[5]).toMatchObject({ payerNumber: "106", status: { code: "1", reason: "Täckning saknas, betalningen har inte genomförts." }, willRetry: false });
    expect(list[6]).toMatchObject({ payerNumber: "107", status: { code: "2" } });
    expect(list[7]).toMatchObject({ payerNumber: "2222101", status: { code: "9" }, willRetry: true });
    expect(list[8]).toMatchObject({ direction: "credit", amountOre: 100_000 });
    expect(list[12]).toMatchObject({ payerNumber: "114", amountOre: 20_000, bankingDate: "2009-11-03", refundDate: "2009-11-10", status: { code: "02", reason: "Medgivandet har återkallats." } });
    expect(referencesMatch("RIDLEKTION", list[0]!.reference)).toBe(true);
    expect(referencesMatch("FAKTNR156", list[1]!.reference)).toBe(true);
    expect(referencesMatch("FAKTNR157", list[1]!.reference)).toBe(false);
  });

  it("payment specification, older layout: a blank status is a completed payment", () => {
    const file = interpretAutogiroFile(
      fixture("autogiro_gl_betalningsspec-stoppadebetalningar-tackningskontroll_fran-bankgirot-medgivanden-bankgironummer_exempelfil_sv.txt"),
    );
    expect(file.layout).toBe("payment-specification-old");
    const completed = file.events.filter((e) => e.kind === "payment_completed");
    expect(completed).toHaveLength(11);
    expect(completed.reduce((sum, e) => sum + e.amountOre!, 0)).toBe(376_400);
    expect(file.events.filter((e) => e.kind === "payment_failed").map((e) => [e.payerNumber, e.kind === "payment_failed" && e.status.code])).toEqual([
      ["1014", "1"],
      ["1013", "1"],
      ["1014", "2"],
      ["1015", "9"],
    ]);
  });

  it("rejected payment requests, current and older layout", () => {
    const list = events("autogiro_exempelfilavvisade_betalningsuppdrag_sv.txt");
    expect(list.map((e) => (e.kind === "request_rejected" ? `${e.request.direction}:${e.status.code}` : e.kind))).toEqual([
      "debit:02",
      "debit:06",
      "debit:08",
      "credit:01",
      "credit:12",
      "credit:10",
      "credit:13",
      "credit:01",
    ]);
    expect(list[0]).toMatchObject({ payerNumber: "3333", amountOre: 7_500, reference: "RIDLEKTION", status: { reason: "Utgår: kontot är inte godkänt eller är avslutat." } });
    expect(list[6]).toMatchObject({ bankingDate: "2008-06-03", status: { reason: "Passerat betalningsdatum." } });
    const old = events("autogiro_gl_avvisadebetaln_fran-bankgirot-medgivanden-bankgironummer_exempelfil_sv.txt");
    expect(old.map((e) => [e.payerNumber, e.amountOre, e.kind === "request_rejected" && e.status.code])).toEqual([
      ["2222101", 50_000, "01"],
      ["3333102", 20_000, "01"],
      ["4444103", 10_000, "03"],
      ["5555104", 15_000, "07"],
    ]);
  });

  it("amendment responses, current layout: an impossible echoed date is kept, not refused", () => {
    const list = events("autogiro_exempelfilermakuleringar_andringar-av-betalningar_sv.txt");
    expect(list).toHaveLength(18);
    const done = list.filter((e) => e.kind === "amendment_result" && e.succeeded);
    expect(done).toHaveLength(10);
    expect(list[3]).toMatchObject({ kind: "amendment_result", succeeded: false, type: { code: "24" }, status: { code: "01", reason: "Felaktig betalningsdag." } });
    expect(readAutogiroFile(fixture("autogiro_exempelfilermakuleringar_andringar-av-betalningar_sv.txt")).records[4]).toMatchObject({ date: "20080631" });
    expect(list[14]).toMatchObject({ payerNumber: "107", succeeded: true, direction: "debit", amountOre: 50_000, bankingDate: "2008-06-12", newDate: "2008-06-16" });
  });

  it("amendment responses, older layout", () => {
    const file = interpretAutogiroFile(fixture("autogiro_gl_exempelfil_makulering-andring_fran-bankgirot-medgivanden-kontonummer_exempelfil_sv.txt"));
    expect(file.layout).toBe("amendment-responses-old");
    expect(file.events.map((e) => e.kind === "amendment_result" && [e.type.code, e.status.code, e.succeeded])).toEqual([
      ["23", "12", true],
      ["25", "12", true],
      ["03", "12", true],
      ["29", "14", true],
    ]);
  });

  it("reads the same file with its trailing spaces restored, with LF endings, or re-saved as UTF-8", () => {
    const name = "autogiro_exempelfil_bet-spec-o-tk_sv.txt";
    const padded = fixture(name)
      .split("\r\n")
      .map((line) => (line === "" ? line : line.padEnd(80, " ")))
      .join("\r\n");
    expect(events(name)).toEqual(interpretAutogiroFile(padded).events);
    expect(interpretAutogiroFile(padded.replaceAll("\r\n", "\n")).events).toEqual(events(name));
    const utf8 = new TextEncoder().encode(fixture("autogiro_exempelfil_nya_medgivanden_via_internetbank_sv.txt"));
    expect(interpretAutogiroFile(decodeAutogiroBytes(utf8)).events).toEqual(events("autogiro_exempelfil_nya_medgivanden_via_internetbank_sv.txt"));
  });
});

describe("Bankgirot's example files, broken on purpose: every layout's totals are checked", () => {
  const lines = (name: string) => fixture(name).split("\r\n").filter((line) => line !== "");
  const refusal = (text: string) => {
    try {
      readAutogiroFile(text);
    } catch (error) {
      if (!(error instanceof AutogiroFileError)) throw error;
      return `${error.line}: ${error.reason}`;
    }
    return "accepted";
  };
  const changed = (name: string, line: number, from: string, to: string) => {
    const all = lines(name);
    expect(all[line - 1]).toContain(from);
    all[line - 1] = all[line - 1]!.replace(from, to);
    return all.join("\r\n");
  };
  const without = (name: string, line: number) => lines(name).filter((_, index) => index !== line - 1).join("\r\n");

  it("payment specification: a debit's amount no longer adds up to its deposit (TK15)", () => {
    expect(refusal(changed("autogiro_exempelfil_bet-spec-o-tk_sv.txt", 3, "000000300000", "000000300100"))).toBe(
      "2: TK15 anger 5 poster på 1500000 öre, men avsnittet har 5 genomförda på 1500100 öre.",
    );
  });

  it("payment specification: a debit before any deposit record", () => {
    const all = lines("autogiro_exempelfil_bet-spec-o-tk_sv.txt");
    expect(refusal([all[0]!, all[2]!, all[1]!, ...all.slice(3)].join("\r\n"))).toBe("2: TK82 måste stå efter TK15.");
  });

  it("older payment specification, rejected requests, amendment responses: the closing sums", () => {
    expect(refusal(changed("autogiro_gl_betalningsspec-stoppadebetalningar-tackningskontroll_fran-bankgirot-medgivanden-bankgironummer_exempelfil_sv.txt", 2, "000000024300", "000000024400"))).toBe(
      "17: Slutpostens summa dragningar (öre) (547500) stämmer inte med filens poster (547600).",
    );
    expect(refusal(changed("autogiro_exempelfilavvisade_betalningsuppdrag_sv.txt", 2, "000000007500", "000000007600"))).toBe(
      "10: Slutpostens summa dragningar (öre) (87551) stämmer inte med filens poster (87651).",
    );
    expect(refusal(changed("autogiro_gl_exempelfil_makulering-andring_fran-bankgirot-medgivanden-kontonummer_exempelfil_sv.txt", 2, "000000020000", "000000020001"))).toBe(
      "6: Slutpostens summa för dragningar (öre) (95000) stämmer inte med filens poster (95001).",
    );
  });

  it("mandate advice and digital mandates: the closing counts", () => {
    expect(refusal(without("autogiro_gl_exempelfil_medgivandeavisering_fran-bankgirot-medgivanden-kontonummer_exemeplfil_sv.txt", 3))).toBe(
      "8: Slutpostens antal medgivandeposter (7) stämmer inte med filens poster (6).",
    );
    expect(refusal(without("autogiro_gl_medgivanden_via_internetbanken_exempelfil_fran-bankgirot.txt", 3))).toBe(
      "6: Slutpostens antal poster (5) stämmer inte med filens poster (4).",
    );
    expect(refusal(without("autogiro_gl_medgivanden_via_internetbanken_exempelfil_fran-bankgirot.txt", 2))).toBe(
      "2: TK53 måste följa ett medgivande (TK52).",
    );
  });

  it("a request file whose sections belong to two customer numbers", () => {
    const all = lines("autogiro_exempelfil-betalningsunderlag_sv.txt");
    const other = all[0]!.replace("471117", "222222");
    expect(refusal([...all, other, all[1]!].join("\r\n"))).toBe(
      "11: Kundnumret 222222 stämmer inte med den första öppningspostens 471117.",
    );
  });
});
