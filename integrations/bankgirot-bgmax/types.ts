/**
 * The parsed shape of a BgMax file. Amounts are integer öre, as in the file and
 * everywhere else in our code. Optional payer details come from TK26–29, which
 * Bankgirot only sends when the payee's agreement includes them.
 */
export interface BgMaxHeader {
  layoutName: string;
  version: number;
  /** The file's timestamp as written, YYYYMMDDHHMMSSffffff in Swedish local time. */
  timestamp: string;
  test: boolean;
}

export interface BgMaxExtraReference {
  reference: string;
  amountOre: number;
  referenceCode: number;
  /** TK23: the amount is to be subtracted (e.g. a credit note reference). */
  negative: boolean;
}

export interface BgMaxAddress {
  street?: string;
  postcode?: string;
  town?: string;
  country?: string;
  countryCode?: string;
}

export interface BgMaxPayment {
  /** "payment" for TK20, "deduction" for TK21 (money the payer took back). */
  kind: "payment" | "deduction";
  senderBankgiro: string;
  reference: string;
  amountOre: number;
  referenceCode: number;
  channelCode: number;
  bgcSerialNumber: string;
  imageMarker: boolean;
  deductionCode?: number;
  extraReferences: BgMaxExtraReference[];
  informationTexts: string[];
  name?: string;
  extraName?: string;
  address?: BgMaxAddress;
  orgNumber?: string;
  /** Line number (1-based) of the TK20/TK21 record, for error reports. */
  line: number;
}

export interface BgMaxDeposit {
  payeeBankgiro: string;
  payeePlusgiro?: string;
  currency: string;
  account: string;
  /** Deposit (payment) date, YYYY-MM-DD. */
  date: string;
  serialNumber: string;
  totalOre: number;
  /** Count of TK20 + TK21 records as stated in TK15. */
  paymentCount: number;
  depositType: string;
  payments: BgMaxPayment[];
  deductions: BgMaxPayment[];
}

export interface BgMaxEnd {
  paymentCount: number;
  deductionCount: number;
  extraReferenceCount: number;
  depositCount: number;
}

export type BgMaxErrorCode =
  | "line-length"
  | "unknown-record"
  | "unexpected-record"
  | "bad-header"
  | "not-numeric"
  | "truncated"
  | "deposit-count-mismatch"
  | "deposit-total-mismatch"
  | "end-count-mismatch"
  | "trailing-data";

export interface BgMaxError {
  /** 1-based line number; the line after the last one for a truncated file. */
  line: number;
  code: BgMaxErrorCode;
  /** Swedish, because finance staff read these when a file is refused. */
  message: string;
}

export interface BgMaxFile {
  header?: BgMaxHeader;
  deposits: BgMaxDeposit[];
  end?: BgMaxEnd;
  errors: BgMaxError[];
}
