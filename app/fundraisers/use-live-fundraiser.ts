import { useEffect, useState } from "react";
import { liveMembers, liveWall, type FundraiserLiveValue, type LiveTotal, type TeamLiveValue, type WallEntry } from "#core/fundraisers/fundraiser-wall";
import type { TeamMember } from "#core/fundraisers/fundraiser-teams";

/**
 * The last value of a page's live stream (server-sent `total` events,
 * server/live/page-live.ts), or null until one comes – and again once the
 * page's data is loaded anew (`loaded`: the loader's data, whose identity
 * changes with each load). A null value (the page is no longer shown) leaves
 * the page as it is. The browser's EventSource reconnects by itself; a page
 * without JavaScript or EventSource shows what it loaded.
 */
export function useLiveValue<T>(url: string, loaded: unknown): T | null {
  const [live, setLive] = useState<T | null>(null);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    source.addEventListener("total", (event) => {
      try {
        const value = JSON.parse((event as MessageEvent<string>).data) as T | null;
        if (value !== null) setLive(value);
      } catch {
        // A message we cannot read leaves the page as it is.
      }
    });
    return () => source.close();
  }, [url]);
  useEffect(() => setLive(null), [loaded]);
  return live;
}

interface FundraiserView {
  total: LiveTotal | null;
  wall: WallEntry[];
}

/**
 * The fundraiser page's total and donor wall, kept current by its stream
 * (`/insamling/{slug}/live`, server/live/fundraiser-live.ts): each value
 * replaces the total, puts the newest gifts first on the wall, and turns a
 * gift whose greeting was hidden into "Anonym" wherever it stands.
 */
export function useLiveFundraiser(url: string, shown: FundraiserView, loaded: unknown): FundraiserView {
  const live = useLiveValue<FundraiserLiveValue>(url, loaded);
  return live ? { total: live.total, wall: liveWall(shown.wall, live) } : shown;
}

/**
 * The team page's total and member list (`loaded`: as its loader read them),
 * kept current by its stream (`/insamling/lag/{slug}/live`,
 * server/live/team-live.ts, decision 0055) without a reload: each member's
 * figures in place, in the order the page loaded (`liveMembers`). A team too
 * large for the stream's list keeps the list it loaded.
 */
export function useLiveTeam(url: string, loaded: LiveTotal & { members: TeamMember[] }): { total: LiveTotal; members: TeamMember[] } {
  const live = useLiveValue<TeamLiveValue>(url, loaded);
  return { total: live?.total ?? loaded, members: live?.members ? liveMembers(loaded.members, live.members) : loaded.members };
}
