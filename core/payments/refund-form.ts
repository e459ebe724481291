import { z } from "zod";

/**
 * The back office's refund forms (decision 0011): one that asks the provider
 * to pay a gift back through its API, and one that records a refund finance
 * made by hand. Both want a reason and a ticked box that says what happens;
 * the provider's also carries the key that makes a form sent twice one refund.
 */
export const REFUND_REASON_MAX_LENGTH = 500;

const reason = z
  .string({ error: "Skriv varför gåvan betalas tillbaka." })
  .trim()
  .min(3, "Skriv varför gåvan betalas tillbaka.")
  .max(REFUND_REASON_MAX_LENGTH, `Skriv högst ${REFUND_REASON_MAX_LENGTH} tecken.`);

export const providerRefundSchema = z.object({
  reason,
  confirm: z.literal("on", { error: "Kryssa i att gåvan ska betalas tillbaka." }),
  key: z.uuid("Formuläret gick inte att skicka. Ladda om sidan och försök igen."),
});

export const manualRefundSchema = z.object({
  reason,
  confirm: z.literal("on", { error: "Kryssa i att pengarna är återbetalda hos betalleverantören." }),
});
