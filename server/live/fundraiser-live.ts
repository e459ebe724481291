import type { RequestHandler } from "express";
import type { AppContainer } from "../container";
import { findFundraiserBySlug, fundraiserGiftFacts, pageVisibility } from "#core/fundraisers/fundraiser-service";
import { fundraiserLiveValue, type FundraiserLiveValue } from "#core/fundraisers/fundraiser-wall";
import type { LiveFeed } from "./live-fan-out";
import { pageFeed, pageLive } from "./page-live";

export type { FundraiserLiveValue };

/** The fundraiser at this address as its live stream shows it, or null while visitors are not shown the page. */
export function fundraiserFeed(container: AppContainer, slug: string): LiveFeed<FundraiserLiveValue | null> {
  return pageFeed(`fundraiser:${slug}`, async () => {
    const fundraiser = await findFundraiserBySlug(container.db, slug);
    if (!fundraiser || pageVisibility(fundraiser, { visibleBeforeReview: container.fundraisers.visibleBeforeReview }) !== "visible") return null;
    return fundraiserLiveValue({ showTotal: fundraiser.show_total === 1, goalOre: fundraiser.goal_ore }, await fundraiserGiftFacts(container.db, fundraiser.id));
  });
}

/**
 * GET /insamling/{slug}/live (decision 0050 over 0049): a server-sent event
 * stream of the fundraiser's total, newest gifts and hidden greetings, one key
 * per fundraiser in the shared fan-out – read at most once a second however
 * many watch, on a paid or refunded gift or a greeting hidden or shown
 * (decision 0055), and every few seconds while watched (an offline gift the
 * organiser adds shows at the refresh). The page works without it.
 */
export function fundraiserLive(container: AppContainer): RequestHandler {
  return pageLive(container, (slug) => fundraiserFeed(container, slug), "Insamlingen finns inte.");
}
