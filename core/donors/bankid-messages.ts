import type { BankIdErrorCode, CollectStatus } from "./bankid-relying-party";

/**
 * BankID's recommended user messages ("RFA" = Recommended Feedback Action),
 * worded as on developers.bankid.com (UI resources → user messages). BankID
 * asks relying parties to use these texts so that users meet the same words
 * everywhere; change them only when BankID does.
 *
 * Older versions of the guidelines (v3.x) worded some of them differently,
 * e.g. RFA6 "Åtgärden avbruten." and a longer RFA8; the current texts are used
 * here. All wording lives in this one table.
 */
export const RFA = {
  RFA1: "Starta BankID-appen.",
  RFA2: "Du verkar inte ha BankID-appen. Installera den och skaffa ett BankID.",
  RFA3: "Åtgärden avbröts. Försök igen.",
  RFA4: "En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.",
  RFA5: "Något gick fel. Försök igen.",
  RFA6: "Åtgärden avbröts.",
  RFA8: "BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Försök sedan igen.",
  RFA9: "Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.",
  RFA13: "Försöker starta BankID-appen.",
  RFA15A:
    "Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här datorn. Om du har ett BankID på kort, sätt in kortet i kortläsaren.",
  RFA15B: "Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här enheten.",
  RFA16: "Ditt BankID är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.",
  RFA17A: "Du verkar inte ha BankID-appen. Installera den och skaffa ett BankID hos din bank.",
  RFA17B: "Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden.",
  RFA19: "Vill du använda BankID på den här datorn eller ett Mobilt BankID?",
  RFA20: "Vill du använda BankID på den här enheten eller på en annan enhet?",
  RFA21: "En identifiering eller underskrift pågår.",
  RFA22: "Något gick fel. Försök igen.",
  RFA23: "Fotografera och läs av din ID-handling med BankID-appen.",
} as const;

export type RfaCode = keyof typeof RFA;

export interface BankIdUserMessage {
  code: RfaCode;
  text: string;
}

/**
 * The message to show while collecting. `sameDevice` is true when we opened
 * the app with the autostart link, false when the user scans the QR code.
 * Returns null for "complete": the site then shows its own next step.
 * Unknown hint codes get BankID's fallbacks (RFA21 pending, RFA22 failed),
 * as BankID may add codes without notice.
 */
export function bankIdUserMessage(status: CollectStatus, hintCode: string | undefined, sameDevice: boolean): BankIdUserMessage | null {
  if (status === "complete") return null;
  const code = status === "pending" ? pendingCode(hintCode, sameDevice) : failedCode(hintCode, sameDevice);
  return { code, text: RFA[code] };
}

function pendingCode(hintCode: string | undefined, sameDevice: boolean): RfaCode {
  switch (hintCode) {
    case "outstandingTransaction":
      return sameDevice ? "RFA13" : "RFA1";
    case "noClient":
      return "RFA1";
    case "started":
      // Our donors use the phone app; RFA15A is the desktop-with-card variant.
      return "RFA15B";
    case "userMrtd":
      return "RFA23";
    case "userSign":
      return "RFA9";
    // userCallConfirm belongs to phone-call orders, which we do not start.
    default:
      return "RFA21";
  }
}

function failedCode(hintCode: string | undefined, sameDevice: boolean): RfaCode {
  switch (hintCode) {
    case "expiredTransaction":
      return "RFA8";
    case "certificateErr":
      return "RFA16";
    case "userCancel":
      return "RFA6";
    case "cancelled":
      return "RFA3";
    case "startFailed":
      return sameDevice ? "RFA17A" : "RFA17B";
    default:
      return "RFA22";
  }
}

/** The message for an error answer from /auth, /sign or /collect, per BankID's error table. */
export function bankIdErrorMessage(errorCode: BankIdErrorCode | "unexpectedResponse"): BankIdUserMessage {
  const code: RfaCode =
    errorCode === "alreadyInProgress"
      ? "RFA4"
      : errorCode === "internalError" || errorCode === "maintenance" || errorCode === "requestTimeout"
        ? "RFA5"
        : "RFA22";
  return { code, text: RFA[code] };
}
