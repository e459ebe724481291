import type { RequestHandler } from "express";
import type { AppContainer } from "../container";
import { isSlug } from "#core/memorial/collection-slug";
import { GIFTS_CHANNEL } from "./gift-changes";
import type { LiveFeed } from "./live-fan-out";

/**
 * A page's live value (`total` events): read again when a gift is paid or
 * refunded anywhere, or a greeting hidden (the `gifts` channel), and at the
 * fan-out's refresh while watched; null while visitors are not shown the page.
 */
export function pageFeed<T>(key: string, read: () => Promise<T | null>): LiveFeed<T | null> {
  return { key, channel: GIFTS_CHANNEL, event: "total", read };
}

/**
 * The live stream of a page visitors may or may not be shown – a
 * fundraiser's, a team's (decisions 0050, 0055) – by the page's address.
 * The feed's value is null while the page is not shown, so whether it is
 * shown is read with the value, once a second per page in the shared fan-out,
 * not once per viewer: a viewer arriving while others watch gets the value the
 * fan-out holds, without a read of its own. Only an address whose page is not
 * shown costs a read per request (every request read the page before,
 * decision 0055); it is 404, as is a malformed address, which never reaches
 * the database.
 */
export function pageLive<T>(container: AppContainer, feedFor: (slug: string) => LiveFeed<T | null>, notFound: string): RequestHandler {
  return async (req, res, next) => {
    try {
      const slug = String(req.params.slug ?? "");
      const feed = isSlug(slug) ? feedFor(slug) : undefined;
      // "Not shown" held from an earlier read is read again, so that a page approved, confirmed or shown again a moment ago streams at once.
      if (!feed || (await container.live.fanOut.current(feed, (held) => held !== null)) === null) {
        res.status(404).type("text/plain; charset=utf-8").send(`${notFound}\n`);
        return;
      }
      container.live.fanOut.stream(feed, req, res);
    } catch (error) {
      next(error);
    }
  };
}
