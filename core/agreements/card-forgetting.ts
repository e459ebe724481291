import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import type { StoredCardGateway } from "./card-debits";

/**
 * Cards we will never charge again are deleted at Mondido (decision 0035): a
 * card the donor replaced with a new one, and the card of an agreement that
 * has ended (the donor stopped giving, or asked to be erased). Keeping a way
 * to charge someone's card without a reason to is a risk to them and nothing
 * to us. (An expired card stays while its agreement runs: the agreement waits
 * for the donor's new card, and Mondido cannot charge the old one anyway.)
 *
 * One periodic sweep rather than a step in each of those changes: it finds
 * every such card, whichever way it stopped being used – also the ones from
 * before this sweep existed – and a failure (Mondido unreachable) is simply
 * tried again next round. A card is left while any charge of it is open
 * (created or sent, answer unknown): that charge's answer must be readable,
 * and no agreement that still runs can start charging a card it has left.
 *
 * Deleting is idempotent: a crash between Mondido's answer and our write is
 * met next round by "no such card", which counts as deleted. Afterwards the
 * row keeps what the donor's history shows (the masked number) and loses the
 * token; `removed_at` says when.
 */
export const FORGET_CARDS_PER_ROUND = 100;

export interface CardForgettingDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  gateway: Pick<StoredCardGateway, "deleteStoredCard">;
}

/** The stored cards no running agreement charges and no open charge uses, not yet deleted. */
export async function cardsToForget(db: Kysely<DB>, limit = FORGET_CARDS_PER_ROUND) {
  return db
    .selectFrom("stored_cards as sc")
    .select(["sc.id", "sc.provider_card_id"])
    .where("sc.removed_at", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("agreements as a")
            .select("a.id")
            .whereRef("a.card_subscription_ref", "=", "sc.id")
            .where("a.status", "in", ["pending", "active", "paused"]),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("card_charges as cc")
            .innerJoin("payments as p", "p.id", "cc.payment_id")
            .select("cc.payment_id")
            .whereRef("cc.stored_card_id", "=", "sc.id")
            .where("p.status", "in", ["created", "pending"]),
        ),
      ),
    )
    .orderBy("sc.updated_at")
    .limit(limit)
    .execute();
}

/** Deletes the cards no longer used at Mondido, one at a time; returns how many were deleted this round. */
export async function forgetUnusedStoredCards(deps: CardForgettingDeps): Promise<number> {
  let forgotten = 0;
  for (const card of await cardsToForget(deps.db)) {
    try {
      await deps.gateway.deleteStoredCard(card.provider_card_id);
    } catch (error) {
      // Left for the next round; the others are still tried.
      deps.logger.warn({ err: error, storedCardId: card.id }, "stored card could not be deleted at the card provider; tried again later");
      continue;
    }
    const now = deps.clock.now().toISOString();
    await deps.db.updateTable("stored_cards").set({ token: "", removed_at: now, updated_at: now }).where("id", "=", card.id).where("removed_at", "is", null).execute();
    forgotten += 1;
  }
  if (forgotten > 0) deps.logger.info({ forgotten }, "stored cards no longer used deleted at the card provider");
  return forgotten;
}
