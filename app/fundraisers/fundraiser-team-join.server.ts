import type { RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { isSlug } from "#core/memorial/collection-slug";
import { joinableTeam, TeamJoinError } from "#core/fundraisers/fundraiser-team-rules";

/** The team a fundraiser started from its link (/insamling?lag={slug}) will join, or why it cannot (decision 0052). */
export async function joiningTeam(context: Readonly<RouterContextProvider>, slug: string | null) {
  if (slug === null || slug === "") return null;
  const container = context.get(containerContext);
  try {
    if (!isSlug(slug)) throw new TeamJoinError("Vi hittar inget lag med den adressen. Kontrollera länken du fick.");
    const team = await joinableTeam(container.db, slug, { visibleBeforeReview: container.fundraisers.visibleBeforeReview });
    return { joinable: true as const, slug: team.slug, name: team.name };
  } catch (error) {
    if (error instanceof TeamJoinError) return { joinable: false as const, message: `${error.message} Du kan ändå starta en egen insamling här.` };
    throw error;
  }
}
