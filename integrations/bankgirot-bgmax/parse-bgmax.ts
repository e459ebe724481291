import { BGMAX_LAYOUT, RECORD_LENGTH, isRecordType, readField, type FieldSpec } from "./record-layout";
import type { BgMaxDeposit, BgMaxEnd, BgMaxError, BgMaxErrorCode, BgMaxFile, BgMaxHeader, BgMaxPayment } from "./types";

/**
 * Parses a BgMax file (Bankgirot's incoming payments) without throwing: every
 * problem becomes an entry in `errors` with its line number, so finance can be
 * told exactly why a file was refused. A file with any error must not be booked
 * at all (the parsed parts are returned only so that they can be shown).
 *
 * Bytes are decoded as ISO 8859-1, the character set Bankgirot delivers.
 */
export function parseBgMax(input: string | Uint8Array): BgMaxFile {
  const text = typeof input === "string" ? input : Buffer.from(input).toString("latin1");
  return new BgMaxParser(text).parse();
}

interface OpenSection {
  payeeBankgiro: string;
  payeePlusgiro?: string;
  currency: string;
  payments: BgMaxPayment[];
  deductions: BgMaxPayment[];
  recordCount: number;
  netOre: number;
  hadBadAmount: boolean;
}

class BgMaxParser {
  private readonly lines: string[];
  private readonly errors: BgMaxError[] = [];
  private readonly deposits: BgMaxDeposit[] = [];
  private header?: BgMaxHeader;
  private end?: BgMaxEnd;
  private section?: OpenSection;
  /** The payment that TK22–29 attach to; null after a payment we could not read. */
  private current: BgMaxPayment | null | undefined;
  private readonly seen = { payments: 0, deductions: 0, extraReferences: 0, deposits: 0 };
  private lineNo = 0;

  constructor(text: string) {
    const lines = text.split(/\r?\n/);
    // A final newline (or a few blank lines) after TK70 is normal, not data.
    while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
    this.lines = lines;
  }

  parse(): BgMaxFile {
    for (const [index, raw] of this.lines.entries()) {
      this.lineNo = index + 1;
      this.parseLine(raw);
    }
    if (!this.header && this.lines.length === 0) this.error("bad-header", "Filen är tom.");
    if (!this.end) {
      this.lineNo = this.lines.length + 1;
      this.error("truncated", "Slutposten (TK70) saknas – filen är avkortad eller ofullständig.");
    }
    return { header: this.header, deposits: this.deposits, end: this.end, errors: this.errors };
  }

  private parseLine(raw: string): void {
    let line = raw;
    if (line.length !== RECORD_LENGTH) {
      this.error("line-length", `Raden har ${line.length} tecken, men ska ha ${RECORD_LENGTH}.`);
      line = line.padEnd(RECORD_LENGTH, " ");
    }
    const code = line.slice(0, 2);
    if (!isRecordType(code)) {
      this.error("unknown-record", `Okänd posttyp "${code}".`);
      return;
    }
    if (this.end) {
      this.error("trailing-data", `Post ${code} efter slutposten (TK70).`);
      return;
    }
    if (code !== "01" && !this.header) {
      this.error("bad-header", `Filen börjar inte med en startpost (TK01) utan med TK${code}.`);
      this.header = { layoutName: "", version: 0, timestamp: "", test: false };
    }
    switch (code) {
      case "01":
        return this.parseStart(line);
      case "05":
        return this.parseOpening(line);
      case "20":
      case "21":
        return this.parsePayment(line, code);
      case "22":
      case "23":
        return this.parseExtraReference(line, code);
      case "25":
      case "26":
      case "27":
      case "28":
      case "29":
        return this.parsePayerDetail(line, code);
      case "15":
        return this.parseDeposit(line);
      case "70":
        return this.parseEnd(line);
    }
  }

  private parseStart(line: string): void {
    if (this.header) {
      this.error("unexpected-record", "Fler än en startpost (TK01).");
      return;
    }
    const l = BGMAX_LAYOUT["01"];
    const layoutName = readField(line, l.layoutName);
    const version = this.numeric(line, l.version, "versionsnummer");
    const timestamp = readField(line, l.timestamp);
    const marker = readField(line, l.testMarker);
    if (layoutName !== "BGMAX") this.error("bad-header", `Layoutnamnet är "${layoutName}", inte "BGMAX".`);
    if (!/^\d{20}$/.test(timestamp)) this.error("bad-header", "Tidsstämpeln i startposten är ogiltig.");
    if (marker !== "T" && marker !== "P") this.error("bad-header", `Testmarkeringen är "${marker}", ska vara T eller P.`);
    this.header = { layoutName, version: version ?? 0, timestamp, test: marker === "T" };
  }

  private parseOpening(line: string): void {
    if (this.section) this.error("unexpected-record", "Ny öppningspost (TK05) innan insättningsposten (TK15) för föregående insättning.");
    const l = BGMAX_LAYOUT["05"];
    const plusgiro = readField(line, l.payeePlusgiro);
    this.section = {
      payeeBankgiro: stripZeros(readField(line, l.payeeBankgiro)),
      ...(plusgiro ? { payeePlusgiro: stripZeros(plusgiro) } : {}),
      currency: readField(line, l.currency),
      payments: [],
      deductions: [],
      recordCount: 0,
      netOre: 0,
      hadBadAmount: false,
    };
    this.current = undefined;
  }

  private parsePayment(line: string, code: "20" | "21"): void {
    if (code === "20") this.seen.payments++;
    else this.seen.deductions++;
    const section = this.section;
    if (!section) {
      this.error("unexpected-record", `Betalningspost (TK${code}) utanför en insättning (saknar TK05).`);
      this.current = null;
      return;
    }
    section.recordCount++;
    const l = BGMAX_LAYOUT[code];
    const amountOre = this.numeric(line, l.amount, "belopp");
    if (amountOre === undefined) {
      section.hadBadAmount = true;
      this.current = null;
      return;
    }
    const payment: BgMaxPayment = {
      kind: code === "20" ? "payment" : "deduction",
      senderBankgiro: stripZeros(readField(line, l.bankgiro)),
      reference: readField(line, l.reference),
      amountOre,
      referenceCode: this.numeric(line, l.referenceCode, "referenskod") ?? 0,
      channelCode: this.numeric(line, l.channelCode, "betalningskanalkod") ?? 0,
      bgcSerialNumber: readField(line, l.bgcSerialNumber),
      imageMarker: readField(line, l.imageMarker) === "1",
      extraReferences: [],
      informationTexts: [],
      line: this.lineNo,
    };
    if (code === "21") {
      payment.deductionCode = this.numeric(line, BGMAX_LAYOUT["21"].deductionCode, "avdragskod") ?? 0;
      section.deductions.push(payment);
      section.netOre -= amountOre;
    } else {
      section.payments.push(payment);
      section.netOre += amountOre;
    }
    this.current = payment;
  }

  private parseExtraReference(line: string, code: "22" | "23"): void {
    this.seen.extraReferences++;
    const payment = this.requireCurrent(code);
    const l = BGMAX_LAYOUT[code];
    const amountOre = this.numeric(line, l.amount, "belopp");
    if (!payment || amountOre === undefined) return;
    payment.extraReferences.push({
      reference: readField(line, l.reference),
      amountOre,
      referenceCode: this.numeric(line, l.referenceCode, "referenskod") ?? 0,
      negative: code === "23",
    });
  }

  private parsePayerDetail(line: string, code: "25" | "26" | "27" | "28" | "29"): void {
    const payment = this.requireCurrent(code);
    if (!payment) return;
    switch (code) {
      case "25":
        payment.informationTexts.push(readField(line, BGMAX_LAYOUT["25"].text));
        return;
      case "26": {
        const l = BGMAX_LAYOUT["26"];
        setIfPresent(payment, "name", readField(line, l.name));
        setIfPresent(payment, "extraName", readField(line, l.extraName));
        return;
      }
      case "27": {
        const l = BGMAX_LAYOUT["27"];
        payment.address = { ...payment.address };
        setIfPresent(payment.address, "street", readField(line, l.address));
        setIfPresent(payment.address, "postcode", readField(line, l.postcode));
        return;
      }
      case "28": {
        const l = BGMAX_LAYOUT["28"];
        payment.address = { ...payment.address };
        setIfPresent(payment.address, "town", readField(line, l.town));
        setIfPresent(payment.address, "country", readField(line, l.country));
        setIfPresent(payment.address, "countryCode", readField(line, l.countryCode));
        return;
      }
      case "29":
        setIfPresent(payment, "orgNumber", stripZeros(readField(line, BGMAX_LAYOUT["29"].orgNumber)));
        return;
    }
  }

  private parseDeposit(line: string): void {
    this.seen.deposits++;
    const section = this.section;
    this.section = undefined;
    this.current = undefined;
    if (!section) {
      this.error("unexpected-record", "Insättningspost (TK15) utan öppningspost (TK05).");
      return;
    }
    const l = BGMAX_LAYOUT["15"];
    const totalOre = this.numeric(line, l.depositAmount, "insättningsbelopp");
    const paymentCount = this.numeric(line, l.paymentCount, "antal betalningar");
    const date = readField(line, l.paymentDate);
    if (!/^\d{8}$/.test(date)) this.error("not-numeric", `Betalningsdagen "${date}" är inte ett datum (ÅÅÅÅMMDD).`);
    if (paymentCount !== undefined && paymentCount !== section.recordCount) {
      this.error(
        "deposit-count-mismatch",
        `Insättningsposten anger ${paymentCount} betalningar men insättningen innehåller ${section.recordCount}.`,
      );
    }
    // A bad amount already has its own error; a second "wrong total" would only confuse.
    if (totalOre !== undefined && !section.hadBadAmount && totalOre !== section.netOre) {
      this.error(
        "deposit-total-mismatch",
        `Insättningsposten anger summan ${totalOre} öre men betalningarna (minus avdrag) blir ${section.netOre} öre.`,
      );
    }
    this.deposits.push({
      payeeBankgiro: section.payeeBankgiro,
      ...(section.payeePlusgiro ? { payeePlusgiro: section.payeePlusgiro } : {}),
      currency: section.currency,
      account: stripZeros(readField(line, l.account)),
      date: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
      serialNumber: readField(line, l.depositSerialNumber),
      totalOre: totalOre ?? 0,
      paymentCount: paymentCount ?? 0,
      depositType: readField(line, l.depositType),
      payments: section.payments,
      deductions: section.deductions,
    });
  }

  private parseEnd(line: string): void {
    if (this.section) this.error("truncated", "Slutposten (TK70) kommer innan insättningsposten (TK15) för sista insättningen.");
    const l = BGMAX_LAYOUT["70"];
    const end: BgMaxEnd = {
      paymentCount: this.numeric(line, l.paymentCount, "antal betalningsposter") ?? 0,
      deductionCount: this.numeric(line, l.deductionCount, "antal avdragsposter") ?? 0,
      extraReferenceCount: this.numeric(line, l.extraReferenceCount, "antal extra referensposter") ?? 0,
      depositCount: this.numeric(line, l.depositCount, "antal insättningsposter") ?? 0,
    };
    const checks: [number, number, string][] = [
      [end.paymentCount, this.seen.payments, "betalningsposter (TK20)"],
      [end.deductionCount, this.seen.deductions, "avdragsposter (TK21)"],
      [end.extraReferenceCount, this.seen.extraReferences, "extra referensposter (TK22/23)"],
      [end.depositCount, this.seen.deposits, "insättningsposter (TK15)"],
    ];
    for (const [stated, counted, label] of checks) {
      if (stated !== counted) {
        this.error("end-count-mismatch", `Slutposten anger ${stated} ${label} men filen innehåller ${counted}.`);
      }
    }
    this.end = end;
  }

  private requireCurrent(code: string): BgMaxPayment | undefined {
    if (this.current === undefined) {
      this.error("unexpected-record", `Post TK${code} hör inte till någon betalning.`);
      return undefined;
    }
    return this.current ?? undefined;
  }

  private numeric(line: string, spec: FieldSpec, label: string): number | undefined {
    const raw = line.slice(spec.from - 1, spec.to);
    if (!/^\d+$/.test(raw)) {
      this.error("not-numeric", `Fältet ${label} (position ${spec.from}–${spec.to}) är inte numeriskt: "${raw.trim()}".`);
      return undefined;
    }
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) {
      this.error("not-numeric", `Fältet ${label} (position ${spec.from}–${spec.to}) är för stort.`);
      return undefined;
    }
    return value;
  }

  private error(code: BgMaxErrorCode, message: string): void {
    this.errors.push({ line: this.lineNo, code, message });
  }
}

function stripZeros(digits: string): string {
  return digits.replace(/^0+(?=.)/, "");
}

function setIfPresent<T extends object, K extends keyof T>(target: T, key: K, value: string): void {
  if (value) (target as Record<K, unknown>)[key] = value;
}
