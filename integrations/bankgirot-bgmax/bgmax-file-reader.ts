import type { BankPaymentFileReader } from "#core/payments/bank-payment-file-reader";
import { parseBgMax } from "./parse-bgmax";

/**
 * Core's bank file reader (core/payments/bank-payment-file-reader.ts) for
 * Bankgirot's BgMax files: the payments (TK20) of every deposit in file order,
 * each with the payer's OCR reference and Bankgirot's serial number, and the
 * parser's errors. Deductions (TK21, money a payer took back) are not payments
 * to book and are left out.
 */
export const bgMaxFileReader: BankPaymentFileReader = {
  read(content) {
    const parsed = parseBgMax(content);
    return {
      errors: parsed.errors.map(({ line, message }) => ({ line, message })),
      payments: parsed.deposits.flatMap((deposit) =>
        deposit.payments.map((p) => ({ reference: p.reference, amountOre: p.amountOre, name: p.name, serial: p.bgcSerialNumber, line: p.line })),
      ),
    };
  },
};
