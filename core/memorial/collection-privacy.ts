import type { CollectionStatus } from "./collection-status";

/**
 * What a memorial collection's public page may show, decided in one place:
 * - nothing about the givers (no names, no greetings) when the collection is
 *   closed or the family chose to keep greetings off the page;
 * - otherwise the name (the sheet's signature) and greeting of each paid gift
 *   whose giver allowed it and that the organiser has not hidden;
 * - an amount only beside a shown greeting whose giver chose to show it;
 * - the running total (and the number of gifts) only when the organiser asked
 *   for it – a sum, never anyone's amount.
 * Unpaid, refunded or cancelled gifts count for nothing.
 */
export interface CollectionSettings {
  status: CollectionStatus;
  showGreetings: boolean;
  showTotal: boolean;
}

export interface CollectionGiftFacts {
  giftId: string;
  paid: boolean;
  amountOre: number;
  signature: string;
  greeting: string;
  showOnPage: boolean;
  showAmount: boolean;
  hidden: boolean;
  createdAt: string;
}

export interface PublicGreeting {
  giftId: string;
  name: string;
  greeting: string;
  /** Null unless the giver chose to show it. */
  amountOre: number | null;
}

export interface PublicCollectionView {
  open: boolean;
  greetings: PublicGreeting[];
  /** Null unless the organiser asked for the total. */
  total: { amountOre: number; gifts: number } | null;
}

export function publicCollectionView(settings: CollectionSettings, gifts: readonly CollectionGiftFacts[]): PublicCollectionView {
  const paid = gifts.filter((g) => g.paid);
  const open = settings.status === "open";
  const greetings =
    open && settings.showGreetings
      ? paid
          .filter((g) => g.showOnPage && !g.hidden)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((g) => ({ giftId: g.giftId, name: g.signature, greeting: g.greeting, amountOre: g.showAmount ? g.amountOre : null }))
      : [];
  const total = settings.showTotal ? { amountOre: paid.reduce((sum, g) => sum + g.amountOre, 0), gifts: paid.length } : null;
  return { open, greetings, total };
}

/** What the organiser sees on the manage page: every paid gift, the amount only when its giver chose to show it, and the total. */
export interface ManagedGift {
  giftId: string;
  name: string;
  greeting: string;
  amountOre: number | null;
  /** Whether the giver allowed the page to show it. */
  showOnPage: boolean;
  hidden: boolean;
  createdAt: string;
}

export function managedCollectionGifts(gifts: readonly CollectionGiftFacts[]): { gifts: ManagedGift[]; totalOre: number } {
  const paid = gifts.filter((g) => g.paid).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    gifts: paid.map((g) => ({
      giftId: g.giftId,
      name: g.signature,
      greeting: g.greeting,
      amountOre: g.showAmount ? g.amountOre : null,
      showOnPage: g.showOnPage,
      hidden: g.hidden,
      createdAt: g.createdAt,
    })),
    totalOre: paid.reduce((sum, g) => sum + g.amountOre, 0),
  };
}
