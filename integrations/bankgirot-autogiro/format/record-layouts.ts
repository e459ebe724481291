/**
 * Bankgirot's autogiro record layouts as tables: for every layout, which
 * transaction codes (TK) may occur and where each field sits in the
 * 80-character record (1-based start and length, as the technical manual
 * writes them). Learnt from Bankgirot's technical manual for Autogiro and its
 * example files (as quoted in the public repository byrokrat/autogiro);
 * the code is our own.
 */
import type { AutogiroLayout } from "#core/autogiro/autogiro-messages";

export const RECORD_LENGTH = 80;

export type FieldKind =
  /** Digits; blank is allowed (read as ""). */
  | "digits"
  /** Digits, never blank. */
  | "number"
  /** YYYYMMDD; blank or zeros read as null. */
  | "date"
  /** YYYYMMDD, or GENAST (immediately) on a payment request. */
  | "date-or-genast"
  /**
   * A date Bankgirot echoes back from our request (amendment responses, rejected
   * requests): it may be the very invalid date the answer is about (e.g. 20080631
   * with comment 01 "Felaktig betalningsdag"), so an impossible date is kept as its
   * eight digits instead of refusing the file.
   */
  | "echoed-date"
  /** YYMMDD; blank or zeros read as null. */
  | "short-date"
  /** Öre, digits; read as a number. */
  | "amount"
  /** Free text, trimmed. */
  | "text";

export interface FieldSpec {
  name: string;
  start: number;
  length: number;
  kind: FieldKind;
}

export interface RecordSpec {
  /** What the record is, for the inspector's readers. */
  description: string;
  fields: FieldSpec[];
  /** Fixed text that must stand at a position (e.g. the layout name). */
  literals?: { start: number; text: string }[];
}

const f = (name: string, start: number, length: number, kind: FieldKind): FieldSpec => ({ name, start, length, kind });

// ---- Our request file (to Bankgirot) -------------------------------------------------

const REQUEST_OPENING: RecordSpec = {
  description: "opening (TK01)",
  fields: [f("writtenOn", 3, 8, "date"), f("customerNumber", 63, 6, "number"), f("bankgiro", 69, 10, "number")],
  literals: [{ start: 11, text: "AUTOGIRO" }],
};

const PAYMENT_REQUEST = (description: string): RecordSpec => ({
  description,
  fields: [
    f("date", 3, 8, "date-or-genast"),
    f("interval", 11, 1, "digits"),
    f("repetitions", 12, 3, "digits"),
    f("payerNumber", 16, 16, "number"),
    f("amountOre", 32, 12, "amount"),
    f("bankgiro", 44, 10, "number"),
    f("reference", 54, 16, "text"),
  ],
});

const AMENDMENT_REQUEST = (description: string): RecordSpec => ({
  description,
  fields: [
    f("bankgiro", 3, 10, "number"),
    f("payerNumber", 13, 16, "digits"),
    f("date", 29, 8, "date"),
    f("amountOre", 37, 12, "amount"),
    f("direction", 49, 2, "digits"),
    f("newDate", 51, 8, "date"),
    f("reference", 59, 16, "text"),
  ],
});

export const REQUEST_RECORDS: Record<string, RecordSpec> = {
  "01": REQUEST_OPENING,
  "03": { description: "cancel mandate", fields: [f("bankgiro", 3, 10, "number"), f("payerNumber", 13, 16, "number")] },
  "04": {
    description: "new mandate / answer to a digital mandate",
    fields: [
      f("bankgiro", 3, 10, "number"),
      f("payerNumber", 13, 16, "number"),
      f("account", 29, 16, "digits"),
      f("identity", 45, 12, "digits"),
      f("refusal", 77, 2, "text"),
    ],
  },
  "05": {
    description: "change payer number",
    fields: [
      f("bankgiro", 3, 10, "number"),
      f("payerNumber", 13, 16, "number"),
      f("newBankgiro", 29, 10, "number"),
      f("newPayerNumber", 39, 16, "number"),
    ],
  },
  "82": PAYMENT_REQUEST("payment request: debit"),
  "32": PAYMENT_REQUEST("payment request: credit"),
  "23": AMENDMENT_REQUEST("cancel all payments of a payer"),
  "24": AMENDMENT_REQUEST("cancel a payer's payments on a date"),
  "25": AMENDMENT_REQUEST("cancel one payment"),
  "26": AMENDMENT_REQUEST("move all payments to a new date"),
  "27": AMENDMENT_REQUEST("move all payments on a date to a new date"),
  "28": AMENDMENT_REQUEST("move a payer's payments on a date to a new date"),
  "29": AMENDMENT_REQUEST("move one payment to a new date"),
};

// ---- Answers from Bankgirot ------------------------------------------------------------

/** Opening of the current layouts: "01AUTOGIRO", date at 25, layout name at 43–64. */
const NEW_OPENING = (name: string): RecordSpec => ({
  description: "opening (TK01)",
  fields: [f("writtenOn", 25, 8, "date"), f("customerNumber", 65, 6, "number"), f("bankgiro", 71, 10, "number")],
  literals: [
    { start: 1, text: "01AUTOGIRO" },
    { start: 43, text: name },
  ],
});

/** Opening of the older layouts: "01" + date + "AUTOGIRO9900" + name at 23. */
const OLD_OPENING = (name: string): RecordSpec => ({
  description: "opening (TK01)",
  fields: [f("writtenOn", 3, 8, "date"), f("customerNumber", 63, 6, "number"), f("bankgiro", 69, 10, "number")],
  literals: [{ start: 11, text: `AUTOGIRO9900${name}` }],
});

const MANDATE_ADVICE: RecordSpec = {
  description: "mandate advice (TK73)",
  fields: [
    f("bankgiro", 3, 10, "number"),
    f("payerNumber", 13, 16, "number"),
    f("account", 29, 16, "digits"),
    f("identity", 45, 12, "digits"),
    f("info", 62, 2, "digits"),
    f("status", 64, 2, "number"),
    f("date", 66, 8, "date"),
    f("validFrom", 74, 6, "short-date"),
  ],
};

const MANDATE_CLOSING: RecordSpec = {
  description: "closing (TK09)",
  fields: [f("writtenOn", 3, 8, "date"), f("recordCount", 15, 7, "number")],
  literals: [{ start: 11, text: "9900" }],
};

const PAYMENT_SPEC_RECORD = (description: string): RecordSpec => ({
  description,
  fields: [
    f("date", 3, 8, "date"),
    f("interval", 11, 1, "digits"),
    f("repetitions", 12, 3, "digits"),
    f("payerNumber", 16, 16, "number"),
    f("amountOre", 32, 12, "amount"),
    f("bankgiro", 44, 10, "number"),
    f("reference", 54, 16, "text"),
    f("status", 80, 1, "digits"),
  ],
});

const PAYMENT_SPEC_SECTION = (description: string): RecordSpec => ({
  description,
  fields: [
    f("account", 3, 35, "digits"),
    f("date", 38, 8, "date"),
    f("serialNumber", 46, 5, "number"),
    f("amountOre", 51, 18, "amount"),
    f("recordCount", 72, 8, "number"),
  ],
});

const REJECTED_REQUEST = (description: string): RecordSpec => ({
  description,
  fields: [
    f("date", 3, 8, "echoed-date"),
    f("interval", 11, 1, "digits"),
    f("repetitions", 12, 3, "digits"),
    f("payerNumber", 15, 16, "number"),
    f("amountOre", 31, 12, "amount"),
    f("reference", 43, 16, "text"),
    f("comment", 59, 2, "number"),
  ],
});

const REJECTED_CLOSING: RecordSpec = {
  description: "closing (TK09)",
  fields: [
    f("writtenOn", 3, 8, "date"),
    f("creditCount", 15, 6, "number"),
    f("creditAmountOre", 21, 12, "amount"),
    f("debitCount", 33, 6, "number"),
    f("debitAmountOre", 39, 12, "amount"),
  ],
  literals: [{ start: 11, text: "9900" }],
};

const AMENDMENT_RESPONSE = (description: string): RecordSpec => ({
  description,
  fields: [
    f("date", 3, 8, "echoed-date"),
    f("payerNumber", 11, 16, "digits"),
    f("direction", 27, 2, "digits"),
    f("amountOre", 29, 12, "amount"),
    f("newDate", 49, 8, "echoed-date"),
    f("reference", 57, 16, "text"),
    f("comment", 73, 2, "number"),
  ],
});

/** The closing of the older payment specification, the amendment responses (both layouts). */
const AMOUNT_COUNT_CLOSING: RecordSpec = {
  description: "closing (TK09)",
  fields: [
    f("writtenOn", 3, 8, "date"),
    f("creditAmountOre", 29, 12, "amount"),
    f("creditCount", 41, 6, "number"),
    f("debitCount", 47, 6, "number"),
    f("debitAmountOre", 57, 12, "amount"),
  ],
  literals: [{ start: 11, text: "9900" }],
};

const AMENDMENT_RECORDS: Record<string, RecordSpec> = Object.fromEntries(
  [
    ["03", "cancelled: mandate removed"],
    ["11", "cancelled by the payer or the payer's bank"],
    ["21", "cancelled: the payee's agreement ended"],
    ["22", "cancel all payments on a date"],
    ["23", "cancel all payments of a payer"],
    ["24", "cancel a payer's payments on a date"],
    ["25", "cancel one payment"],
    ["26", "move all payments to a new date"],
    ["27", "move all payments on a date to a new date"],
    ["28", "move a payer's payments on a date to a new date"],
    ["29", "move one payment to a new date"],
  ].map(([code, description]) => [code!, AMENDMENT_RESPONSE(description!)]),
);

export interface LayoutSpec {
  layout: AutogiroLayout;
  /** The Swedish name Bankgirot gives the file, for messages. */
  title: string;
  records: Record<string, RecordSpec>;
  /** The record type that closes the file (none for our request files). */
  closing: string | null;
}

export const LAYOUTS: Record<AutogiroLayout, LayoutSpec> = {
  request: { layout: "request", title: "betalningsmottagarens underlag", records: REQUEST_RECORDS, closing: null },
  "mandate-advice": {
    layout: "mandate-advice",
    title: "medgivandeavisering (AG-MEDAVI)",
    records: { "01": NEW_OPENING("  AG-MEDAVI"), "73": MANDATE_ADVICE, "09": MANDATE_CLOSING },
    closing: "09",
  },
  "mandate-advice-old": {
    layout: "mandate-advice-old",
    title: "medgivandeavisering (AG-MEDAVI, äldre layout)",
    records: {
      "01": {
        description: "opening (TK01)",
        fields: [f("writtenOn", 3, 8, "date"), f("bankgiro", 15, 10, "number")],
        literals: [
          { start: 11, text: "9900" },
          { start: 25, text: "AG-MEDAVI" },
        ],
      },
      "73": MANDATE_ADVICE,
      "09": MANDATE_CLOSING,
    },
    closing: "09",
  },
  "digital-mandates": {
    layout: "digital-mandates",
    title: "medgivanden via internetbanken (AG-EMEDGIV)",
    records: {
      "51": {
        description: "opening (TK51)",
        fields: [f("writtenOn", 3, 8, "date"), f("bankgiro", 15, 10, "number")],
        literals: [
          { start: 11, text: "9900" },
          { start: 25, text: "AG-EMEDGIV" },
        ],
      },
      "52": {
        description: "digital mandate (TK52)",
        fields: [
          f("bankgiro", 3, 10, "number"),
          f("payerNumber", 13, 16, "number"),
          f("account", 29, 16, "digits"),
          f("identity", 45, 12, "digits"),
          f("reminder", 62, 1, "number"),
        ],
      },
      "53": { description: "information from the payer (TK53)", fields: [f("information", 3, 36, "text")] },
      "54": { description: "name and address (TK54)", fields: [f("addressLine1", 3, 36, "text"), f("addressLine2", 39, 36, "text")] },
      "55": { description: "address (TK55)", fields: [f("addressLine3", 3, 36, "text"), f("addressLine4", 39, 36, "text")] },
      "56": { description: "postcode and city (TK56)", fields: [f("postcode", 3, 5, "digits"), f("city", 8, 36, "text")] },
      "59": {
        description: "closing (TK59)",
        fields: [f("writtenOn", 3, 8, "date"), f("recordCount", 15, 7, "number")],
        literals: [{ start: 11, text: "9900" }],
      },
    },
    closing: "59",
  },
  "payment-specification": {
    layout: "payment-specification",
    title: "betalningsspecifikation (BET. SPEC & STOPP TK)",
    records: {
      "01": {
        description: "opening (TK01)",
        fields: [f("writtenOn", 25, 8, "date"), f("writtenAt", 33, 12, "digits"), f("customerNumber", 65, 6, "number"), f("bankgiro", 71, 10, "number")],
        literals: [
          { start: 1, text: "01AUTOGIRO" },
          { start: 45, text: "BET. SPEC & STOPP TK" },
        ],
      },
      "15": PAYMENT_SPEC_SECTION("incoming payments: deposit (TK15)"),
      "82": PAYMENT_SPEC_RECORD("debit (TK82)"),
      "16": PAYMENT_SPEC_SECTION("outgoing payments: withdrawal (TK16)"),
      "32": PAYMENT_SPEC_RECORD("credit (TK32)"),
      "17": PAYMENT_SPEC_SECTION("refunds (TK17)"),
      "77": {
        description: "refund (TK77)",
        fields: [
          f("date", 3, 8, "date"),
          f("interval", 11, 1, "digits"),
          f("repetitions", 12, 3, "digits"),
          f("payerNumber", 16, 16, "number"),
          f("amountOre", 32, 12, "amount"),
          f("bankgiro", 44, 10, "number"),
          f("reference", 54, 16, "text"),
          f("refundDate", 70, 8, "date"),
          f("status", 78, 2, "number"),
        ],
      },
      "09": {
        description: "closing (TK09)",
        fields: [
          f("writtenOn", 3, 8, "date"),
          f("debitSections", 15, 6, "number"),
          f("debitCount", 21, 12, "number"),
          f("creditSections", 33, 6, "number"),
          f("creditCount", 39, 12, "number"),
          f("refundSections", 51, 6, "number"),
          f("refundCount", 57, 12, "number"),
        ],
        literals: [{ start: 11, text: "9900" }],
      },
    },
    closing: "09",
  },
  "payment-specification-old": {
    layout: "payment-specification-old",
    title: "betalningsspecifikation (äldre layout)",
    records: {
      "01": OLD_OPENING(""),
      "82": PAYMENT_SPEC_RECORD("debit (TK82)"),
      "32": PAYMENT_SPEC_RECORD("credit (TK32)"),
      "09": AMOUNT_COUNT_CLOSING,
    },
    closing: "09",
  },
  "rejected-requests": {
    layout: "rejected-requests",
    title: "avvisade betalningsuppdrag (AVVISADE BET UPPDR)",
    records: {
      "01": NEW_OPENING("  AVVISADE BET UPPDR  "),
      "82": REJECTED_REQUEST("rejected debit request"),
      "32": REJECTED_REQUEST("rejected credit request"),
      "09": REJECTED_CLOSING,
    },
    closing: "09",
  },
  "rejected-requests-old": {
    layout: "rejected-requests-old",
    title: "avvisade betalningsuppdrag (FELLISTA REG.KONTRL, äldre layout)",
    records: {
      "01": OLD_OPENING("FELLISTA REG.KONTRL"),
      "82": REJECTED_REQUEST("rejected debit request"),
      "32": REJECTED_REQUEST("rejected credit request"),
      "09": REJECTED_CLOSING,
    },
    closing: "09",
  },
  "amendment-responses": {
    layout: "amendment-responses",
    title: "makuleringar och ändringar (MAKULERING/ÄNDRING)",
    records: { "01": NEW_OPENING("  MAKULERING/ÄNDRING  "), ...AMENDMENT_RECORDS, "09": AMOUNT_COUNT_CLOSING },
    closing: "09",
  },
  "amendment-responses-old": {
    layout: "amendment-responses-old",
    title: "makuleringar och ändringar (MAK/ÄNDRINGSLISTA, äldre layout)",
    records: { "01": OLD_OPENING("MAK/ÄNDRINGSLISTA"), ...AMENDMENT_RECORDS, "09": AMOUNT_COUNT_CLOSING },
    closing: "09",
  },
};
