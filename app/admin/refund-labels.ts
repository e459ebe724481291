/**
 * What a provider's refusal of a refund means, in finance's words. Codes are
 * Swish's (RF…, FF…, RP…) and Mondido's error names; anything else is shown
 * with its code so that the provider's support can be asked about it.
 */
const REFUSALS: Record<string, string> = {
  RF02: "Swish hittar inte den ursprungliga betalningen, eller så är den äldre än 13 månader. Betala tillbaka med en banköverföring.",
  RF03: "Swish-numret stämmer inte med numret som tog emot betalningen.",
  RF07: "Swish nekade återbetalningen.",
  RF08: "Beloppet är större än det som återstår av betalningen. Den kan redan vara återbetald, helt eller delvis, i Swish Företag.",
  FF10: "Bankens system svarade med fel. Försök igen om en stund.",
  PA02: "Beloppet är inte giltigt för Swish.",
  AM02: "Beloppet är för stort för Swish.",
  AM06: "Beloppet är för litet för Swish.",
  RP03: "Swish godtog inte adressen för svar. Kontakta den som sköter webbplatsen.",
  "errors.refund.amount_too_high": "Beloppet är större än det som återstår av kortbetalningen. Den kan redan vara återbetald i Mondidos portal.",
  "errors.transaction.not_found": "Mondido hittar ingen godkänd kortbetalning för den här gåvan.",
  "errors.transaction.not_approved": "Kortbetalningen är inte godkänd hos Mondido och kan inte återbetalas.",
  "errors.unauthorized": "Mondido godtog inte våra inloggningsuppgifter. Kontakta den som sköter webbplatsen.",
};

export function refundRefusalText(provider: string, code: string | null): string {
  const known = code ? REFUSALS[code] : undefined;
  return known ?? `${provider} nekade återbetalningen${code ? ` (kod ${code})` : ""}.`;
}

/**
 * Why a refund form was not carried out because of the payment's state, not
 * its fields: the gift is already paid back, a refund of it is under way, or
 * the payment was never paid (issue #30: a second refund of a refunded
 * payment answered as if it had been made).
 */
export function refundNotPossibleText(state: { paymentStatus: string; liveRefundStatus?: string }): string {
  if (state.paymentStatus === "refunded" || state.liveRefundStatus === "confirmed") return "Gåvan är redan återbetald. Ingen ny återbetalning har gjorts.";
  if (state.liveRefundStatus) return "En återbetalning av gåvan pågår redan. Ingen ny har begärts – ladda om sidan och se hur det går med den.";
  return "Bara en betald betalning kan återbetalas. Ladda om sidan och se dess status.";
}

/** The provider's name as staff know it, in the payment page's sentences. */
export const REFUND_PROVIDER_LABELS: Record<string, string> = { HLFSwish: "Swish", Mondido: "Mondido" };

/** Payment events that are not a status change, as the event table names them. */
export const PAYMENT_EVENT_LABELS: Record<string, string> = {
  "refund-requested": "Återbetalning begärd",
  "refund-refused": "Återbetalning nekad",
};
