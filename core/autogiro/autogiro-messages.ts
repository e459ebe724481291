/**
 * The contract between the product side of monthly giving (agreements,
 * mandates, debits) and Bankgirot's autogiro files. Framework-free types only;
 * the format code, the file transfer and the simulator live beside their
 * provider in integrations/bankgirot-autogiro/ (format/ implements
 * AutogiroFormat), and the server injects them.
 *
 * Conventions (read this before calling):
 * - Dates are Swedish calendar dates `YYYY-MM-DD` (core/calendar IsoDate);
 *   files carry them as YYYYMMDD and the parser converts both ways.
 * - Amounts are whole öre (100 kr = 10000). Bankgirot's fields hold at most
 *   12 digits of öre.
 * - Payer number (betalarnummer): 1–16 digits that WE choose per mandate and
 *   that Bankgirot echoes on every answer. Pick something stable and unique
 *   per agreement (e.g. an agreement number); never the personnummer. Events
 *   give it without leading zeros (the files zero-fill it); give it the same way.
 * - Our reference: up to 16 characters (letters incl. ÅÄÖ, digits, space,
 *   - . /) echoed on the payment specification. Use it to find the
 *   debit (e.g. the order reference) – it is the only field that ties a
 *   payment answer to one particular debit.
 * - Bankgirot's files are ISO 8859-1 text with 80-character records. Strings
 *   here are already decoded; AutogiroFileTransfer does the byte encoding.
 */
import type { IsoDate } from "../calendar/swedish-calendar";

export type { IsoDate };

/** Bankgirot's period codes on a payment request (TK82, position 11). */
export type AutogiroInterval =
  | 0 // once
  | 1 // monthly on the given day
  | 2 // quarterly on the given day
  | 3 // half-yearly on the given day
  | 4 // yearly on the given day
  | 5 // monthly on the last banking day
  | 6 // quarterly on the last banking day
  | 7 // half-yearly on the last banking day
  | 8; // yearly on the last banking day

/** The opening record (TK01) of a file we send. */
export interface AutogiroRequestHeader {
  /** Bankgirot customer number (kundnummer), 6 digits – from the site configuration. */
  customerNumber: string;
  /** The charity's bankgiro number (digits, with or without the dash). */
  bankgiro: string;
  /** The date the file is written. */
  writtenOn: IsoDate;
}

/** Who the payer is on a new mandate: a personnummer or an organisation number. */
export type AutogiroPayerIdentity =
  | { kind: "personnummer"; /** 12 digits YYYYMMDDNNNC */ value: string }
  | { kind: "organisationsnummer"; /** 10 digits */ value: string };

export interface AutogiroBankAccount {
  /** Clearing number, 4 digits (Swedbank's 5-digit clearing numbers: give the first 4). */
  clearing: string;
  /** Account number without the clearing number, up to 12 digits. */
  number: string;
}

/** What we send to Bankgirot. Each becomes one record of a request file. */
export type AutogiroRequest =
  /** TK04: register a mandate the donor signed with us (BankID). Answered by AG-MEDAVI (TK73). */
  | {
      kind: "new_mandate";
      payerNumber: string;
      account: AutogiroBankAccount;
      identity: AutogiroPayerIdentity;
    }
  /** TK04 without account/identity: accept a mandate the donor gave in the internet bank (AG-EMEDGIV). */
  | { kind: "accept_digital_mandate"; payerNumber: string }
  /** TK04 with "AV": refuse a digital mandate from the internet bank. */
  | { kind: "reject_digital_mandate"; payerNumber: string }
  /** TK03: cancel (makulera) a mandate. Bankgirot then also cancels its outstanding payments. */
  | { kind: "cancel_mandate"; payerNumber: string }
  /** TK05: move a mandate to a new payer number. */
  | { kind: "change_payer_number"; payerNumber: string; newPayerNumber: string }
  /**
   * TK82 (debit, "debit") or TK32 (credit to the payer, "credit").
   * Must reach Bankgirot by 19:00 on the banking day before `date`
   * (see latestSubmissionFor in core/autogiro/autogiro-calendar.ts).
   * A date that is not a banking day is debited the next banking day.
   * `repetitions` null = until further notice (tills vidare) for interval 1–8;
   * must be null or 1 for interval 0.
   */
  | {
      kind: "payment";
      direction: "debit" | "credit";
      date: IsoDate | "immediately";
      interval: AutogiroInterval;
      repetitions: number | null;
      payerNumber: string;
      amountOre: number;
      reference: string;
    }
  /**
   * TK23/TK24/TK25: cancel payment requests. Without `date`: every payment of the
   * payer (TK23). With `date`: all of the payer's payments that day (TK24). With
   * `date`, `amountOre` and `direction` (and the reference if one was given): exactly
   * one payment (TK25). Answered in the amendment response file.
   */
  | {
      kind: "cancel_payments";
      payerNumber: string;
      date?: IsoDate;
      amountOre?: number;
      direction?: "debit" | "credit";
      reference?: string;
    }
  /**
   * TK28 / TK29: move the payer's payments from `date` to `newDate` (TK28), or
   * only the one with this amount and direction (TK29).
   */
  | {
      kind: "change_payment_date";
      payerNumber: string;
      date: IsoDate;
      newDate: IsoDate;
      amountOre?: number;
      direction?: "debit" | "credit";
      reference?: string;
    };

/** Every event carries these; `line` is the 1-based line of the record in the file. */
export interface AutogiroEventBase {
  payerNumber: string;
  /**
   * Our reference as echoed by Bankgirot (null when the record has none). Bankgirot
   * may zero-fill it; the format's referencesMatch(sent, echoed)
   * (integrations/bankgirot-autogiro/format) compares with the fill taken into account.
   */
  reference: string | null;
  /** Amount in öre (null for mandate events). */
  amountOre: number | null;
  /** The banking date the event is about (debit date, or the date of the mandate change). */
  bankingDate: IsoDate;
  line: number;
}

/** A Bankgirot code with its Swedish text (from the manual), suitable to show staff and donors. */
export interface AutogiroReason {
  code: string;
  reason: string;
}

export type AutogiroEvent = AutogiroEventBase &
  (
    /** AG-MEDAVI status 32: the mandate is registered; debits may be sent from now. */
    | { kind: "mandate_approved"; account: AutogiroBankAccount | null; identity: string | null; info: AutogiroReason }
    /** AG-MEDAVI: a new mandate (or change) was refused, e.g. 05 wrong account or personal data, 10 already exists. */
    | { kind: "mandate_refused"; status: AutogiroReason; info: AutogiroReason }
    /**
     * AG-MEDAVI: the mandate ended – by us (33 after our TK03), the payer or their bank (02),
     * an unanswered account inquiry (07) or Bankgirot (06, 98, 01).
     * Bankgirot cancels the payer's outstanding payments with it.
     */
    | { kind: "mandate_cancelled"; status: AutogiroReason; info: AutogiroReason; byPayer: boolean }
    /** AG-MEDAVI 11/12: the payer stopped the mandate in their bank, or lifted the stop. */
    | { kind: "mandate_stopped" | "mandate_stop_lifted"; status: AutogiroReason; info: AutogiroReason }
    /** AG-EMEDGIV: the donor gave a mandate in their internet bank; answer with accept/reject_digital_mandate. */
    | {
        kind: "digital_mandate_received";
        account: AutogiroBankAccount | null;
        identity: string | null;
        /** 0 new, 1 first reminder, 2 second reminder. */
        reminder: number;
        information: string | null;
        address: { lines: string[]; postcode: string | null; city: string | null } | null;
      }
    /** Payment specification: the debit (or credit) went through on `bankingDate`. */
    | { kind: "payment_completed"; direction: "debit" | "credit"; interval: AutogiroInterval | null; repetitions: number | null }
    /**
     * Payment specification: the debit did not go through. Codes: 1 insufficient funds,
     * 2 no autogiro connection (account closed, other reason), 9 insufficient funds but
     * Bankgirot tries again (renewed coverage) – `willRetry`.
     */
    | {
        kind: "payment_failed";
        direction: "debit" | "credit";
        status: AutogiroReason;
        willRetry: boolean;
        interval: AutogiroInterval | null;
        repetitions: number | null;
      }
    /** Payment specification TK77: the payer's bank took a debit back (refund); status 01–03. */
    | { kind: "payment_refunded"; refundDate: IsoDate; status: AutogiroReason }
    /**
     * Rejected requests file: a payment request of ours was refused before the debit
     * day, e.g. 01 mandate missing, 02 account closed, 13 date passed.
     * `request` repeats what we sent so it can be matched by reference.
     */
    | {
        kind: "request_rejected";
        status: AutogiroReason;
        request: { direction: "debit" | "credit"; date: IsoDate | "immediately"; interval: AutogiroInterval | null; repetitions: number | null };
      }
    /**
     * Amendment response file: the result of cancel_payments / change_payment_date,
     * or a cancellation Bankgirot made itself (type 03 mandate removed, 11 by the payer).
     * `succeeded` for comment 12 cancelled AND for 14/18 date changed: to tell a
     * cancelled payment from a moved one, look at `type.code` (22–25 and 03/11/21
     * cancel, 26–29 move) or `newDate` (set only for a move).
     */
    | {
        kind: "amendment_result";
        succeeded: boolean;
        type: AutogiroReason;
        status: AutogiroReason;
        direction: "debit" | "credit" | null;
        /** The new payment date of a date change (TK26–29). */
        newDate: IsoDate | null;
      }
  );

export type AutogiroEventKind = AutogiroEvent["kind"];

/**
 * Which layout a file has. Response files exist in a current and an older
 * layout ("…-old"); both are still delivered by Bankgirot.
 */
export type AutogiroLayout =
  | "request" // our own request file (TK01 … TK03/04/05/23–29/32/82)
  | "mandate-advice" // AG-MEDAVI
  | "mandate-advice-old"
  | "digital-mandates" // AG-EMEDGIV
  | "payment-specification" // BET. SPEC & STOPP TK
  | "payment-specification-old"
  | "rejected-requests" // AVVISADE BET UPPDR
  | "rejected-requests-old" // FELLISTA REG.KONTRL
  | "amendment-responses" // MAKULERING/ÄNDRING
  | "amendment-responses-old"; // MAK/ÄNDRINGSLISTA

/** One raw record as `autogiro:inspect` prints it: the two-digit type and its named fields. */
export interface AutogiroRecord {
  type: string;
  line: number;
  [field: string]: string | number | null;
}

export interface AutogiroRawFile {
  layout: AutogiroLayout;
  records: AutogiroRecord[];
}

export interface AutogiroInterpretedFile {
  layout: AutogiroLayout;
  /** The date Bankgirot wrote the file (from its opening record). */
  writtenOn: IsoDate;
  /** The charity's bankgiro number in the file (digits only, leading zeros removed). */
  bankgiro: string;
  events: AutogiroEvent[];
}

/**
 * A broken file is refused as a whole: nothing of it may be acted on.
 * `line` is 1-based (0 for the file as a whole).
 */
export class AutogiroFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
    this.name = "AutogiroFileError";
  }
}

/** The format functions (implemented in integrations/bankgirot-autogiro/format/). */
export interface AutogiroFormat {
  writeRequestFile(header: AutogiroRequestHeader, requests: readonly AutogiroRequest[]): string;
  /** Raw records for inspection; throws AutogiroFileError. */
  readAutogiroFile(text: string): AutogiroRawFile;
  /** Throws AutogiroFileError; never returns a partial result. */
  interpretAutogiroFile(text: string): AutogiroInterpretedFile;
}

export interface AutogiroTransferredFile {
  fileName: string;
  text: string;
}

/**
 * The connection to Bankgirot: an outbox we write request files to and an
 * inbox Bankgirot's answers arrive in (a bank's file transfer in production,
 * the simulator in development and tests). Implemented in
 * integrations/bankgirot-autogiro/file-transfer.ts over a directory pair.
 *
 * Process a received file (interpret, book its events in one transaction),
 * then `archive` it; a file that throws AutogiroFileError should be left for
 * staff (it stays in the inbox and is listed again next time).
 */
export interface AutogiroFileTransfer {
  /** Writes a request file to the outbox (ISO 8859-1, CRLF); the name must be unique. */
  send(fileName: string, text: string): Promise<void>;
  /** Files waiting in the inbox, oldest name first. */
  receive(): Promise<AutogiroTransferredFile[]>;
  /** Moves a processed inbox file to the archive so it is not received again. */
  archive(fileName: string): Promise<void>;
}
