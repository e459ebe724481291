import { createOcrReference } from "#core/bankgiro/ocr-reference";
import { writeBgMaxFile, type BgMaxFileInput } from "./write-bgmax";

/**
 * The demo's BgMax files: one payment day on our bankgiro with invoice
 * payments by OCR reference. The files under samples/ are exactly these
 * (a test keeps them in step), encoded ISO 8859-1 like Bankgirot's.
 * Names, bankgiro and account numbers are fictional.
 */
const ocr = (seq: number) => createOcrReference(seq, { withLengthDigit: true });

export const SAMPLE_PAYEE_BANKGIRO = "9912346";

export const sampleBgMaxInput: BgMaxFileInput = {
  timestamp: "20260115063012000000",
  test: true,
  deposits: [
    {
      payeeBankgiro: SAMPLE_PAYEE_BANKGIRO,
      account: "58410000010098",
      date: "2026-01-14",
      serialNumber: "00001",
      payments: [
        {
          senderBankgiro: "3783511",
          reference: ocr(10001),
          amountOre: 50_000,
          channelCode: 1,
          bgcSerialNumber: "000000000101",
          name: "Åsa Lindström",
          address: { street: "Storgatan 2", postcode: "12345", town: "Storåker" },
        },
        {
          senderBankgiro: "9701233",
          reference: ocr(10002),
          amountOre: 20_000,
          channelCode: 1,
          bgcSerialNumber: "000000000102",
          name: "Göran Öberg",
        },
        {
          senderBankgiro: "1234567",
          reference: ocr(10003),
          amountOre: 100_000,
          channelCode: 3,
          bgcSerialNumber: "000000000103",
          name: "Föreningen Hjärtvänner",
          orgNumber: "8020001234",
          informationTexts: ["Insamling på 60-årsfest"],
        },
      ],
    },
    {
      payeeBankgiro: SAMPLE_PAYEE_BANKGIRO,
      account: "58410000010098",
      date: "2026-01-14",
      serialNumber: "00002",
      payments: [
        {
          senderBankgiro: "3783511",
          reference: ocr(10004),
          amountOre: 30_000,
          channelCode: 1,
          bgcSerialNumber: "000000000104",
        },
        {
          // A payer who typed an invoice number we never issued: check digit fails.
          senderBankgiro: "7654321",
          reference: "1000499",
          amountOre: 15_000,
          channelCode: 1,
          bgcSerialNumber: "000000000105",
          name: "Karl Nilsson",
        },
      ],
    },
  ],
};

export function sampleValidBgMax(): string {
  return writeBgMaxFile(sampleBgMaxInput);
}

/** Cut off after the first deposit: the transfer broke, TK70 never came. */
export function sampleTruncatedBgMax(): string {
  const lines = sampleValidBgMax().split("\n");
  const firstDepositEnd = lines.findIndex((line) => line.startsWith("15"));
  return lines.slice(0, firstDepositEnd + 3).join("\n") + "\n";
}

/** Totals and counts that do not add up, as a damaged or hand-edited file would. */
export function sampleWrongTotalsBgMax(): string {
  const [first, second] = sampleBgMaxInput.deposits;
  return writeBgMaxFile({
    ...sampleBgMaxInput,
    deposits: [{ ...first!, totalOreOverride: 170_001 }, { ...second!, paymentCountOverride: 3 }],
    endOverride: { paymentCount: 6 },
  });
}
