import { useEffect } from "react";
import { useClientShell, useConsent } from "../client/client-shell-context";
import { mayTrack } from "../tracking/may-track";
import type { Purchase } from "../tracking/data-layer";
import { ANALYTICS_KEY_FOR_GIFT_TYPE, type GiftType } from "#core/gifts/gift-types";

/**
 * Sends the tag manager's `purchase` event once a gift is paid. Whether it may
 * be sent at all is decided in one place, `mayTrack` in the tracking module,
 * from the visitor's cookie consent.
 */
export interface PurchaseFacts {
  transactionId: string;
  amountOre: number;
  /** The gift's type as stored; tracked under its analytics key (core/gifts/gift-types.ts maps each type once). */
  giftType: GiftType;
}

export function purchaseEvent(facts: PurchaseFacts): Purchase {
  const total = facts.amountOre / 100;
  const key = ANALYTICS_KEY_FOR_GIFT_TYPE[facts.giftType];
  return {
    transactionId: facts.transactionId,
    transactionTotal: total,
    transactionProducts: [{ sku: key, name: key, category: key, price: total, quantity: 1 }],
  };
}

const TRACKED_KEY = "hl:purchase-tracked";

/** A reload of the thank-you page must not count the same gift twice. */
function alreadyTracked(storage: Storage, transactionId: string): boolean {
  try {
    return storage.getItem(`${TRACKED_KEY}:${transactionId}`) !== null;
  } catch {
    return false;
  }
}

function markTracked(storage: Storage, transactionId: string): void {
  try {
    storage.setItem(`${TRACKED_KEY}:${transactionId}`, "1");
  } catch {
    // Without storage a reload may count the gift again; better than never counting it.
  }
}

export function usePurchaseTracking(facts: PurchaseFacts): void {
  const shell = useClientShell();
  // Consent given on this page (through the banner) still counts the gift.
  const allowed = mayTrack(useConsent());
  useEffect(() => {
    if (!allowed || !shell || alreadyTracked(window.sessionStorage, facts.transactionId)) return;
    let cancelled = false;
    void shell
      .services()
      .then((services) => services?.tracking())
      .then((tracking) => {
        if (cancelled || !tracking) return;
        if (tracking.dataLayer.purchase(purchaseEvent(facts))) markTracked(window.sessionStorage, facts.transactionId);
      });
    return () => {
      cancelled = true;
    };
    // One event per order: the order reference is stable, so re-renders do not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, shell, facts.transactionId]);
}
