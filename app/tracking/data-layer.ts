import type { FailureEventName } from "#core/tracking/failure-events";
import { type ConsentSource, mayTrack } from "./may-track";

/** The tag manager's `window.dataLayer` (an array, or GTM's replacement with a push method). */
export interface DataLayerTarget {
  push(entry: DataLayerEntry): unknown;
}
export type DataLayerEntry = Record<string, unknown>;

export interface GAEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
  nonInteraction?: boolean;
}

export interface VirtualPageView {
  page: string;
  title: string;
}

export interface PurchaseProduct {
  sku: string;
  name: string;
  /** A gift-type key from core/tracking/analytics-keys, as a rule. */
  category?: string;
  price: number;
  quantity: number;
}

export interface Purchase {
  transactionId: string;
  /** SEK. */
  transactionTotal: number;
  transactionProducts: PurchaseProduct[];
}

export interface EcommerceEvent {
  event: string;
  action: string;
}

export const DATA_LAYER_EVENTS = {
  gaEvent: "GAEvent",
  virtualPageView: "virtualPageView",
  purchase: "purchase",
  routeChange: "route-change",
} as const;

export interface DataLayer {
  /** Each method returns whether the entry was pushed (false without consent). */
  gaEvent(event: GAEvent): boolean;
  virtualPageView(view: VirtualPageView): boolean;
  purchase(purchase: Purchase): boolean;
  ecommerce(event: EcommerceEvent): boolean;
  routeChange(page: string): boolean;
  /** A failed call, under its failure event name (spec section 8). */
  failure(name: FailureEventName, label?: string): boolean;
}

export interface DataLayerOptions {
  /** e.g. `() => (window.dataLayer ??= [])`; looked up on every push. */
  target: () => DataLayerTarget | undefined;
  consent: ConsentSource;
}

/** Pushes to the tag manager's data layer, each push gated by `mayTrack`. */
export function createDataLayer(options: DataLayerOptions): DataLayer {
  const push = (entry: DataLayerEntry): boolean => {
    if (!mayTrack(options.consent())) return false;
    const target = options.target();
    if (!target) return false;
    target.push(withoutUndefined(entry));
    return true;
  };
  return {
    gaEvent: (e) =>
      push({
        event: DATA_LAYER_EVENTS.gaEvent,
        category: e.category,
        action: e.action,
        label: e.label,
        value: e.value,
        nonInteraction: e.nonInteraction ?? false,
      }),
    virtualPageView: (v) => push({ event: DATA_LAYER_EVENTS.virtualPageView, page: v.page, title: v.title }),
    purchase: (p) =>
      push({
        event: DATA_LAYER_EVENTS.purchase,
        transactionId: p.transactionId,
        transactionTotal: p.transactionTotal,
        transactionProducts: p.transactionProducts.map((product) => ({ ...product })),
      }),
    ecommerce: (e) => push({ event: e.event, action: e.action }),
    routeChange: (page) => push({ event: DATA_LAYER_EVENTS.routeChange, page }),
    failure: (name, label) => push({ event: name, label, nonInteraction: true }),
  };
}

function withoutUndefined(entry: DataLayerEntry): DataLayerEntry {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
}
