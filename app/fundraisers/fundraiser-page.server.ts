import { data, type RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { isSlug } from "#core/memorial/collection-slug";
import { findFundraiserBySlug, fundraiserGiftFacts, fundraiserPath, pageVisibility, takesGifts, type FundraiserRow } from "#core/fundraisers/fundraiser-service";
import { donorWall, fundraiserTotals, liveTotal, WALL_SHOWN } from "#core/fundraisers/fundraiser-wall";
import { FUNDRAISER_KIND_LABELS } from "#core/fundraisers/fundraiser-kinds";
import { fundraiserUpdates } from "#core/fundraisers/fundraiser-organiser";
import { picturePath, publicFundraiserPicture } from "#core/fundraisers/fundraiser-pictures";
import { findTeamById, teamPath, teamVisibility } from "#core/fundraisers/fundraiser-team-rules";

/** A personal fundraiser by its address, or 404 (a malformed address never reaches the database). */
export async function fundraiserFor(context: Readonly<RouterContextProvider>, slug: string): Promise<FundraiserRow> {
  const container = context.get(containerContext);
  const found = isSlug(slug) ? await findFundraiserBySlug(container.db, slug) : undefined;
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** What the public page shows: the page's facts, whether it takes gifts, its total and its donor wall (core/fundraisers/fundraiser-wall.ts). */
export async function publicFundraiserView(context: Readonly<RouterContextProvider>, fundraiser: FundraiserRow) {
  const container = context.get(containerContext);
  const options = { visibleBeforeReview: container.fundraisers.visibleBeforeReview };
  const visibility = pageVisibility(fundraiser, options);
  const facts = visibility === "visible" ? await fundraiserGiftFacts(container.db, fundraiser.id) : [];
  const totals = fundraiserTotals(facts);
  const showTotal = fundraiser.show_total === 1;
  const path = fundraiserPath(fundraiser.slug);
  // An uploaded picture once staff approved it (decision 0053); otherwise the site's own picture the organiser chose.
  const photo = visibility === "visible" ? await publicFundraiserPicture(container.db, fundraiser.id) : null;
  const team = visibility === "visible" && fundraiser.team_id ? await findTeamById(container.db, fundraiser.team_id) : undefined;
  return {
    visibility,
    open: takesGifts(fundraiser, container.clock.now(), options),
    fundraiser: {
      slug: fundraiser.slug,
      path: fundraiserPath(fundraiser.slug),
      url: `${container.config.publicUrl}${fundraiserPath(fundraiser.slug)}`,
      kind: fundraiser.kind,
      kindLabel: FUNDRAISER_KIND_LABELS[fundraiser.kind],
      title: fundraiser.title,
      message: fundraiser.message ?? "",
      picture: fundraiser.picture,
      photo: photo
        ? {
            id: photo.id,
            alt: photo.altText,
            src: picturePath(path, photo.id, "large"),
            srcSet: `${picturePath(path, photo.id, "medium")} ${photo.medium.width}w, ${picturePath(path, photo.id, "large")} ${photo.large.width}w`,
            width: photo.large.width,
            height: photo.large.height,
            share: picturePath(path, photo.id, "share"),
          }
        : null,
      organiserName: fundraiser.organiser_name,
      goalOre: fundraiser.goal_ore,
      endsOn: fundraiser.ends_on,
      status: fundraiser.status,
      review: fundraiser.review,
    },
    total: showTotal ? liveTotal(totals, fundraiser.goal_ore) : null,
    wall: donorWall(facts).slice(0, WALL_SHOWN),
    updates: visibility === "visible" ? (await fundraiserUpdates(container.db, fundraiser.id)).slice(0, 20) : [],
    giftCount: totals.gifts,
    // The team it is part of, when the team's page is shown (decision 0052).
    team: team && teamVisibility(team, options) === "visible" ? { name: team.name, path: teamPath(team.slug) } : null,
  };
}
