import { useEffect } from "react";

/**
 * Sends the tag manager's `purchase` event once a gift is paid. Whether it may
 * be sent at all is decided in one place, `mayTrack` in the tracking module,
 * from the visitor's cookie consent.
 */
export interface PurchaseFacts {
  transactionId: string;
  amountOre: number;
  giftType: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function purchaseEvent(facts: PurchaseFacts) {
  const total = facts.amountOre / 100;
  return {
    event: "purchase",
    transactionId: facts.transactionId,
    transactionTotal: total,
    transactionProducts: [{ sku: facts.giftType, name: facts.giftType, category: "gift", price: total, quantity: 1 }],
  };
}

export function usePurchaseTracking(facts: PurchaseFacts, mayTrack: () => boolean = consentAllowsTracking): void {
  useEffect(() => {
    if (!mayTrack()) return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(purchaseEvent(facts));
    // One event per order: the order reference is stable, so re-renders do not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facts.transactionId]);
}

/** Until the consent module is wired: tracking only with statistics and marketing consent in the consent cookie. */
function consentAllowsTracking(): boolean {
  const match = /(?:^|;\s*)hl_consent=([^;]*)/.exec(document.cookie);
  if (!match?.[1]) return false;
  try {
    const consent = JSON.parse(decodeURIComponent(match[1])) as { statistics?: boolean; marketing?: boolean };
    return consent.statistics === true && consent.marketing === true;
  } catch {
    return false;
  }
}
