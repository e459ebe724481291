import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Client-side navigation does not make screen readers announce the new page the
 * way a page load does. After each navigation this live region says
 * "Navigated to" (on Swedish pages "Navigerade till") and the page's title or,
 * failing that, its first heading. On a new page the focus goes to its heading,
 * as a page load would start at the top (issue #29: after the gift form the
 * payment and thank-you pages left it on the body) – unless the page has put
 * it somewhere in its content itself.
 */
export function announcementFor(lang: "sv" | "en", title: string): string {
  return `${lang === "en" ? "Navigated to" : "Navigerade till"} ${title}`;
}

export function RouteAnnouncer({ lang }: { lang: "sv" | "en" }) {
  const location = useLocation();
  const [message, setMessage] = useState("");
  const firstRender = useRef(true);
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Navigations that only update the page in place (the search page as the
    // visitor types) say so in their state; the page has its own live region.
    if ((location.state as { announce?: boolean } | null)?.announce === false) return;
    // After this commit's other effects, the new page's <title> and heading are in the document. A
    // timer, not an animation frame: a page in a background tab (the donor in the Swish app on the
    // same device) gets no frames, and would never move its focus or announce itself.
    const newPage = lastPath.current !== location.pathname;
    lastPath.current = location.pathname;
    const timer = setTimeout(() => {
      const h1 = document.querySelector<HTMLElement>("main h1");
      const heading = h1?.textContent?.trim();
      const title = document.title.trim() || heading || location.pathname;
      setMessage(announcementFor(lang, title));
      if (newPage && h1 && !document.querySelector("main")?.contains(document.activeElement)) {
        if (!h1.hasAttribute("tabindex")) h1.setAttribute("tabindex", "-1");
        h1.focus({ preventScroll: true });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [location.key, location.pathname, location.state, lang]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" id="route-announcer">
      {message}
    </div>
  );
}
