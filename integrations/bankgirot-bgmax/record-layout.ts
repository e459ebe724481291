/**
 * Field positions of the BgMax records (Bankgirot, "Bankgiro Inbetalningar,
 * BgMax, Technical manual"). Positions are 1-based and inclusive, as the
 * manual prints them, so this table can be checked against it line by line.
 *
 * Verified against Bankgirot's example file "avtal om OCR-kontroll, checksiffra
 * och längd" (all TK01, 05, 15, 20, 21, 22, 26, 27 street/postcode, 29 and 70
 * fields below were checked by slicing that file). Marked *unverified*: fields
 * the example leaves blank, so only memory of the manual backs them.
 */
export interface FieldSpec {
  from: number;
  to: number;
  /** N = digits, right-aligned zero-filled; A = text, left-aligned blank-filled. */
  kind: "N" | "A";
}

const f = (from: number, to: number, kind: "N" | "A"): FieldSpec => ({ from, to, kind });

/** Shared by TK20, TK21, TK22 and TK23, which have the same layout up to position 70. */
const paymentLike = {
  bankgiro: f(3, 12, "N"),
  reference: f(13, 37, "A"),
  amount: f(38, 55, "N"),
  referenceCode: f(56, 56, "N"),
  channelCode: f(57, 57, "N"),
  bgcSerialNumber: f(58, 69, "A"),
  imageMarker: f(70, 70, "N"),
} as const;

export const BGMAX_LAYOUT = {
  "01": {
    layoutName: f(3, 22, "A"),
    version: f(23, 24, "N"),
    timestamp: f(25, 44, "N"), // YYYYMMDDHHMMSS + microseconds, Swedish local time
    testMarker: f(45, 45, "A"), // T = test, P = production
  },
  "05": {
    payeeBankgiro: f(3, 12, "N"),
    payeePlusgiro: f(13, 22, "N"), // blank when absent
    currency: f(23, 25, "A"),
  },
  "20": paymentLike,
  "21": { ...paymentLike, deductionCode: f(71, 71, "N") },
  "22": paymentLike,
  "23": paymentLike,
  "25": { text: f(3, 52, "A") }, // length 50 unverified (example texts are short)
  "26": { name: f(3, 37, "A"), extraName: f(38, 72, "A") }, // extraName unverified
  "27": { address: f(3, 37, "A"), postcode: f(38, 46, "A") },
  "28": { town: f(3, 37, "A"), country: f(38, 72, "A"), countryCode: f(73, 74, "A") }, // country fields unverified
  "29": { orgNumber: f(3, 14, "N") },
  "15": {
    account: f(3, 37, "N"),
    paymentDate: f(38, 45, "N"),
    depositSerialNumber: f(46, 50, "N"),
    depositAmount: f(51, 68, "N"),
    currency: f(69, 71, "A"),
    paymentCount: f(72, 79, "N"),
    depositType: f(80, 80, "A"), // blank in the example; K/D/S values unverified
  },
  "70": {
    paymentCount: f(3, 10, "N"),
    deductionCount: f(11, 18, "N"),
    extraReferenceCount: f(19, 26, "N"),
    depositCount: f(27, 34, "N"),
  },
} as const;

export type RecordType = keyof typeof BGMAX_LAYOUT;

export const RECORD_LENGTH = 80;

export function isRecordType(code: string): code is RecordType {
  return Object.hasOwn(BGMAX_LAYOUT, code);
}

/** Reads a field; text fields are trimmed because both alignments occur (see reference). */
export function readField(line: string, spec: FieldSpec): string {
  return line.slice(spec.from - 1, spec.to).trim();
}

export function fieldWidth(spec: FieldSpec): number {
  return spec.to - spec.from + 1;
}

/**
 * Reference codes in TK20/21 (which kind of reference the payer gave).
 * Values per the manual; only 2 (OCR) and 3 (see extra references) matter to
 * our matching. 4 and 5 unverified.
 */
export const REFERENCE_CODES = {
  0: "none",
  1: "none",
  2: "ocr",
  3: "several-references",
  4: "text",
  5: "wrong-reference",
} as const;

/** Payment channel codes in TK20/21. Values unverified except 2 (seen in the example). */
export const CHANNEL_CODES = {
  1: "bank-electronic",
  2: "bank-electronic-lb",
  3: "paper-form",
  4: "autogiro",
} as const;
