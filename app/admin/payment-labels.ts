/** Payment statuses as finance reads them. */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  created: "Skapad",
  pending: "Väntar",
  paid: "Betald",
  declined: "Nekad",
  failed: "Misslyckad",
  cancelled: "Avbruten",
  expired: "Utgången",
  refunded: "Återbetald",
};

export const EVENT_SOURCE_LABELS: Record<string, string> = {
  api: "Webbplatsen",
  callback: "Betalleverantören",
  poll: "Kontroll",
  reconcile: "Avstämning",
  donor: "Givaren",
  import: "Bankfil",
  staff: "Personal",
  seed: "Demodata",
};

/** Why a BgMax line matched no invoice (core/bankgiro/match-payments), in finance's words. */
export const UNMATCHED_REASONS: Record<string, string> = {
  "missing-reference": "Ingen OCR-referens",
  "invalid-check-digit": "Fel kontrollsiffra i OCR",
  "unknown-reference": "Okänd OCR-referens",
};
