/**
 * A bank's file of incoming payments, read into core's own terms: the payments
 * to match against open invoices, or the errors that refuse the file. Core
 * knows no file layout; the reader for Bankgirot's BgMax files is in
 * integrations/bankgirot-bgmax/ and the container hands it to importBankFile.
 */
export interface ImportedPaymentLine {
  /** The OCR reference the payer gave ("" when none). */
  reference: string;
  amountOre: number;
  /** The payer's name, when the bank sends it. */
  name?: string;
  /** The bank's serial number for the payment: how finance finds it in the bank's own records. */
  serial: string;
  /** 1-based line of the payment in the file. */
  line: number;
}

export interface BankPaymentFile {
  /** Every incoming payment of the file, in file order (money taken back is not a payment and is left out). */
  payments: ImportedPaymentLine[];
  /** Why the file is broken, in words finance can act on, by 1-based line. Any error: book nothing. */
  errors: { line: number; message: string }[];
}

export interface BankPaymentFileReader {
  /** Never throws: a broken file comes back with its errors. */
  read(content: Uint8Array): BankPaymentFile;
}
