import type { RequestHandler } from "express";
import type { AppContainer } from "./container";
import { isSlug } from "#core/memorial/collection-slug";
import { findFundraiserBySlug, pageVisibility } from "#core/fundraisers/fundraiser-service";
import { parsePictureFileName, pictureBytes } from "#core/fundraisers/fundraiser-pictures";

/**
 * GET /insamling/{slug}/bild/{id}-{variant}.jpg (decision 0053): a
 * fundraiser's uploaded picture, once staff approved it and while the page
 * shows. Served here rather than by a page route: a picture's bytes never
 * change under its address (a new upload has a new random id), so it is
 * cached for a year, where the pages under /insamling are private and never
 * stored. Anything else – an unknown, unapproved or replaced picture, a page
 * that is hidden – is 404.
 */
export const FUNDRAISER_PICTURE_ROUTE = "/insamling/:slug/bild/:file";

export function fundraiserPictures(container: AppContainer): RequestHandler {
  return async (req, res, next) => {
    try {
      const slug = String(req.params.slug ?? "");
      const file = parsePictureFileName(String(req.params.file ?? ""));
      const fundraiser = file && isSlug(slug) ? await findFundraiserBySlug(container.db, slug) : undefined;
      const visible = fundraiser && pageVisibility(fundraiser, { visibleBeforeReview: container.fundraisers.visibleBeforeReview }) === "visible";
      const bytes = visible && file ? await pictureBytes(container.db, fundraiser.id, file.pictureId, file.variant) : null;
      if (!bytes) {
        res.status(404).setHeader("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Bilden finns inte.\n");
        return;
      }
      res.setHeader("Content-Type", "image/jpeg");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("X-Robots-Tag", "noindex");
      res.setHeader("Content-Length", String(bytes.byteLength));
      res.status(200).end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      next(error);
    }
  };
}
