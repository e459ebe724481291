import { z } from "zod";
import type { MondidoTransaction } from "./transaction";

/**
 * A card Mondido stored for us in its hosted window (`store_card=true`).
 * Field names are those of Mondido's own SDKs (Mondido/net-sdk
 * `Payment/StoredCard.cs`, Mondido/ruby-sdk `spec/stubs/stored_card.json`):
 * `id`, `token`, `card_number` (masked), `card_type`, `expires`, `status`.
 * A transaction made in the window with `store_card` carries the card as
 * `stored_card` (net-sdk `Payment/Transaction.cs`).
 */
export const mondidoStoredCardSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  token: z.string().min(1),
  card_number: z.string().nullish(),
  card_type: z.string().nullish(),
  /** ISO time of the card's end, e.g. "2015-09-30T23:59:59Z". */
  expires: z.string().nullish(),
  status: z.string().nullish(),
});

export type MondidoStoredCard = z.infer<typeof mondidoStoredCardSchema>;

/** The card a window transaction stored, if it stored one. */
export function storedCardOf(transaction: MondidoTransaction): MondidoStoredCard | undefined {
  const parsed = mondidoStoredCardSchema.safeParse((transaction as Record<string, unknown>).stored_card);
  return parsed.success ? parsed.data : undefined;
}

/** The card's last valid day (YYYY-MM-DD) from Mondido's `expires`, or null when it is missing or unreadable. */
export function lastValidDay(card: Pick<MondidoStoredCard, "expires">): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(card.expires ?? "");
  return match ? match[1]! : null;
}
