import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import "./pagination.css";

/** Spec (search): pages shown on either side of the current one. */
export const PAGINATION_PADDING = 3;

/** The 0-based page numbers to link: up to `padding` on either side of the current page, within 0…pageCount-1. */
export function pageNumbers(current: number, pageCount: number, padding = PAGINATION_PADDING): number[] {
  if (pageCount <= 0) return [];
  const last = pageCount - 1;
  const centre = Math.min(Math.max(current, 0), last);
  const pages: number[] = [];
  for (let p = Math.max(0, centre - padding); p <= Math.min(last, centre + padding); p++) pages.push(p);
  return pages;
}

/**
 * Links to the pages of a long list (search results, a donor's gifts): the
 * previous and next page and up to three on either side, each a plain link
 * that works without JavaScript, at least 44 px square for a finger.
 */
export function Pagination({
  page,
  pageCount,
  href,
  label,
  listId,
  previous = (
    <>
      Föregående <span className="visually-hidden">sida</span>
    </>
  ),
  next = (
    <>
      Nästa <span className="visually-hidden">sida</span>
    </>
  ),
}: {
  /** 0-based. */
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** What the navigation is called for a screen reader, e.g. "Sidor med sökresultat". */
  label: string;
  /**
   * The id of the list's focusable element. After moving to another page it
   * is scrolled into view and focused: the visitor does not stay at the
   * bottom where they clicked (scroll positions are kept per path), and a
   * screen reader reads the list's new name ("21–40 av 47").
   */
  listId?: string;
  /** The link to the page before, "Föregående sida" unless said. */
  previous?: ReactNode;
  next?: ReactNode;
}) {
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    const list = listId ? document.getElementById(listId) : null;
    list?.scrollIntoView({ block: "start" });
    list?.focus({ preventScroll: true });
  }, [page, listId]);
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 0 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className="pagination__step">
              {previous}
            </Link>
          </li>
        )}
        {pageNumbers(page, pageCount).map((p) => (
          <li key={p}>
            {p === page ? (
              <span className="pagination__current" aria-current="page">
                <span className="visually-hidden">Sida </span>
                {p + 1}
              </span>
            ) : (
              <Link to={href(p)} aria-label={`Sida ${p + 1}`}>
                {p + 1}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount - 1 && (
          <li>
            <Link to={href(page + 1)} rel="next" className="pagination__step">
              {next}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
