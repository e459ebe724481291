import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Client-side navigation does not make screen readers announce the new page the
 * way a page load does. After each navigation this live region says
 * "Navigated to" (on Swedish pages "Navigerade till") and the page's title or,
 * failing that, its first heading.
 */
export function announcementFor(lang: "sv" | "en", title: string): string {
  return `${lang === "en" ? "Navigated to" : "Navigerade till"} ${title}`;
}

export function RouteAnnouncer({ lang }: { lang: "sv" | "en" }) {
  const location = useLocation();
  const [message, setMessage] = useState("");
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Navigations that only update the page in place (the search page as the
    // visitor types) say so in their state; the page has its own live region.
    if ((location.state as { announce?: boolean } | null)?.announce === false) return;
    // Wait a frame so the new page's <title> and heading are in the document.
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector("main h1")?.textContent?.trim();
      const title = document.title.trim() || heading || location.pathname;
      setMessage(announcementFor(lang, title));
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, location.state, lang]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" id="route-announcer">
      {message}
    </div>
  );
}
