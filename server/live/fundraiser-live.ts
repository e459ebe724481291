import type { RequestHandler } from "express";
import type { AppContainer } from "../container";
import { isSlug } from "#core/memorial/collection-slug";
import { findFundraiserBySlug, fundraiserGiftFacts, pageVisibility } from "#core/fundraisers/fundraiser-service";
import { donorWall, fundraiserTotals, goalPercent, type WallEntry } from "#core/fundraisers/fundraiser-wall";
import { GIFTS_CHANNEL } from "./gift-changes";
import type { LiveFeed } from "./live-fan-out";

/** What the page's live stream sends: the total (null when the organiser hides it) and the newest gifts of the donor wall. */
export interface FundraiserLiveValue {
  total: { amountOre: number; gifts: number; percent: number | null } | null;
  latest: WallEntry[];
}

const LATEST = 10;

/**
 * GET /insamling/{slug}/live (decision 0050 over 0049): a server-sent event
 * stream of the fundraiser's total and newest gifts, one key per fundraiser
 * in the shared fan-out – read at most once a second however many watch, on a
 * paid or refunded gift, and every few seconds while watched (an offline gift
 * the organiser adds shows at the refresh). The page works without it.
 */
export function fundraiserLive(container: AppContainer): RequestHandler {
  return async (req, res, next) => {
    try {
      const slug = String(req.params.slug ?? "");
      const fundraiser = isSlug(slug) ? await findFundraiserBySlug(container.db, slug) : undefined;
      if (!fundraiser || pageVisibility(fundraiser, { visibleBeforeReview: container.fundraisers.visibleBeforeReview }) !== "visible") {
        res.status(404).type("text/plain; charset=utf-8").send("Insamlingen finns inte.\n");
        return;
      }
      const feed: LiveFeed<FundraiserLiveValue> = {
        key: `fundraiser:${fundraiser.id}`,
        channel: GIFTS_CHANNEL,
        event: "total",
        read: async () => {
          const facts = await fundraiserGiftFacts(container.db, fundraiser.id);
          const totals = fundraiserTotals(facts);
          return {
            total: fundraiser.show_total === 1 ? { amountOre: totals.amountOre, gifts: totals.gifts, percent: goalPercent(totals.amountOre, fundraiser.goal_ore) } : null,
            latest: donorWall(facts).slice(0, LATEST),
          };
        },
      };
      container.live.fanOut.stream(feed, req, res);
    } catch (error) {
      next(error);
    }
  };
}
