/**
 * A card Mondido stores for a card agreement (decision 0028): `active` while
 * it is the one charged, `replaced` once the donor gave a new card,
 * `expired` once its last valid day has passed. A CHECK constraint in the
 * database (migration 0018); db/check-constraints.test.ts keeps the two equal.
 */
export const STORED_CARD_STATUSES = ["active", "replaced", "expired"] as const;
export type StoredCardStatus = (typeof STORED_CARD_STATUSES)[number];
