import { useEffect, useState } from "react";
import type { WallEntry } from "#core/fundraisers/fundraiser-wall";

interface LiveView {
  total: { amountOre: number; gifts: number; percent: number | null } | null;
  wall: WallEntry[];
}

/**
 * The fundraiser page's total and donor wall, kept current by its server-sent
 * event stream (`/insamling/{slug}/live`, server/live/fundraiser-live.ts):
 * each `total` event replaces the total and puts the newest gifts first on
 * the wall. The browser's EventSource reconnects by itself; a page without
 * JavaScript or EventSource shows what it loaded.
 */
export function useLiveFundraiser(url: string, loaded: LiveView): LiveView {
  const [live, setLive] = useState<{ total: LiveView["total"]; latest: WallEntry[] } | null>(null);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    source.addEventListener("total", (event) => {
      try {
        setLive(JSON.parse((event as MessageEvent<string>).data) as { total: LiveView["total"]; latest: WallEntry[] });
      } catch {
        // A message we cannot read leaves the page as it is.
      }
    });
    return () => source.close();
  }, [url]);
  // New page data (after a gift form's post) starts from what the loader read.
  useEffect(() => setLive(null), [loaded.total, loaded.wall]);
  if (!live) return loaded;
  const ids = new Set(live.latest.map((entry) => entry.id));
  return { total: live.total, wall: [...live.latest, ...loaded.wall.filter((entry) => !ids.has(entry.id))] };
}
