import type { PaymentStatus, ProviderName } from "./payment-status";

/**
 * What a donor is told about a payment, in Swedish. Provider error codes are
 * translated into what happened and what to do next; nothing technical leaks.
 */
export interface PaymentMessage {
  title: string;
  body: string;
  /** Whether starting a new attempt makes sense. */
  canRetry: boolean;
}

const SWISH_ERRORS: Record<string, string> = {
  RP06: "Du har redan en pågående Swish-betalning. Avsluta den i Swish-appen och försök sedan igen.",
  ACMT03: "Mobilnumret är inte kopplat till Swish. Kontrollera numret eller välj att betala på den här enheten.",
  ACMT01: "Mobilnumret är inte kopplat till Swish. Kontrollera numret eller välj att betala på den här enheten.",
  BE18: "Mobilnumret kan inte användas för Swish. Kontrollera numret och försök igen.",
  AM02: "Beloppet är större än vad Swish tillåter. Välj ett lägre belopp eller ett annat sätt att betala.",
  AM06: "Beloppet är för litet för Swish.",
  RF07: "Betalningen godkändes inte i Swish. Inga pengar har dragits.",
  BANKIDCL: "Du avbröt legitimeringen med BankID. Inga pengar har dragits.",
  FF10: "Banken kunde inte genomföra betalningen just nu. Inga pengar har dragits. Försök igen om en stund.",
  TM01: "Betalningen startades inte i Swish-appen i tid. Inga pengar har dragits.",
  DS24: "Svaret från banken dröjde, så betalningen avbröts. Kontrollera i din bank att inga pengar dragits innan du försöker igen.",
};

/**
 * What to do while a payment waits, in the words of its own method: an open
 * invoice is paid with its OCR number, not in the Swish app (issue #30).
 */
const WAITING_BODIES: Readonly<Record<ProviderName, string>> = {
  HLFSwish: "Öppna Swish-appen och godkänn betalningen.",
  Mondido: "Betala med ditt kort i kortfönstret.",
  Brite: "Godkänn betalningen i din bank.",
  Invoice: "Betala fakturan till vårt bankgiro med OCR-numret på den. Det kan ta några bankdagar innan betalningen syns här.",
  Drip: "Betalningen dras från ditt konto med autogiro.",
};

/** What the payment pays for: a gift, or a membership fee, which the site says is not a gift. */
export type PaymentPurpose = "gift" | "membership";

export function paymentMessage(
  status: PaymentStatus,
  errorCode: string | null,
  purpose: PaymentPurpose = "gift",
  provider: ProviderName = "HLFSwish",
): PaymentMessage {
  const detail = errorCode ? SWISH_ERRORS[errorCode] : undefined;
  switch (status) {
    case "created":
    case "pending":
      return { title: "Väntar på din betalning", body: WAITING_BODIES[provider], canRetry: false };
    case "paid":
      return purpose === "membership"
        ? { title: "Välkommen som medlem!", body: "Medlemsavgiften är betald.", canRetry: false }
        : { title: "Tack för din gåva!", body: "Betalningen är klar.", canRetry: false };
    case "declined":
      return { title: "Betalningen genomfördes inte", body: detail ?? "Betalningen godkändes inte. Inga pengar har dragits.", canRetry: true };
    case "cancelled":
      return { title: "Betalningen avbröts", body: "Du avbröt betalningen. Inga pengar har dragits.", canRetry: true };
    case "expired":
      return {
        title: "Tiden för betalningen gick ut",
        body: detail ?? "Betalningen godkändes inte i tid. Inga pengar har dragits.",
        canRetry: true,
      };
    case "failed":
      return {
        title: "Betalningen kunde inte genomföras",
        body: detail ?? "Något gick fel hos betalningstjänsten. Inga pengar har dragits. Försök igen om en stund.",
        canRetry: true,
      };
    case "refunded":
      return {
        title: purpose === "membership" ? "Medlemsavgiften har betalats tillbaka" : "Gåvan har betalats tillbaka",
        body: "Pengarna har förts tillbaka till dig. Hör av dig till oss om du har frågor.",
        canRetry: false,
      };
  }
}
