import { lazy, Suspense, useEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type MouseEvent } from "react";
import { Form, useLocation } from "react-router";

/**
 * The search box in the header, behind a "Sök" disclosure (a native
 * <details>, so it opens without JavaScript) because the header has no room
 * for a box next to the menu. Inside is a plain GET form to /sok: it works
 * without JavaScript and on pre-rendered pages (it needs no request data).
 * The suggestions combobox is loaded only when the box gets focus, so it
 * costs nothing on the many pages where nobody searches.
 */
const SearchSuggestions = lazy(() => import("./search-suggestions"));

/** What the combobox sets on the input (role, ARIA state and key handling); empty until it loads. */
export type ComboboxInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "role" | "aria-expanded" | "aria-controls" | "aria-autocomplete" | "aria-activedescendant" | "onKeyDown" | "onInput" | "onBlur"
>;

export const HEADER_SEARCH_INPUT_ID = "sidhuvud-sok";

export function HeaderSearch({ lang }: { lang: "sv" | "en" }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [enhance, setEnhance] = useState(false);
  const [comboboxProps, setComboboxProps] = useState<ComboboxInputProps>({});
  const location = useLocation();
  const en = lang === "en";

  // A search (or any navigation) is where the visitor wanted to go: fold the box away.
  useEffect(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, [location.key]);

  // Opened by hand rather than by the browser, so the box has focus before the
  // next key arrives (the native toggle event comes a task later).
  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    const details = detailsRef.current;
    if (!details) return;
    event.preventDefault();
    details.open = !details.open;
    if (details.open) inputRef.current?.focus();
  };

  const onToggle = () => {
    const details = detailsRef.current;
    if (!details?.open) return;
    // One header panel at a time: the search box and the mobile menu share the space below the bar.
    details
      .closest("header")
      ?.querySelectorAll<HTMLDetailsElement>("details[open]")
      .forEach((other) => {
        if (other !== details) other.open = false;
      });
    if (document.activeElement !== inputRef.current) inputRef.current?.focus();
  };

  // Escape in an empty box (the suggestions list already closed) folds the panel and returns to its button.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.isDefaultPrevented() || !detailsRef.current?.open) return;
    detailsRef.current.open = false;
    detailsRef.current.querySelector("summary")?.focus();
  };

  return (
    <details className="header-search" ref={detailsRef} onToggle={onToggle} onKeyDown={onKeyDown}>
      <summary className="header-search__toggle" onClick={onSummaryClick}>
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className="header-search__toggle-text">{en ? "Search" : "Sök"}</span>
      </summary>
      <div className="header-search__panel">
        <Form method="get" action="/sok" role="search" aria-label={en ? "Site search" : "Sök på webbplatsen"} className="header-search__form">
          <label htmlFor={HEADER_SEARCH_INPUT_ID} className="header-search__label">
            {en ? "Search the site" : "Sök på webbplatsen"}
          </label>
          <div className="header-search__row">
            <input
              ref={inputRef}
              id={HEADER_SEARCH_INPUT_ID}
              className="header-search__input"
              type="search"
              name="query"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={200}
              onFocus={() => setEnhance(true)}
              {...comboboxProps}
            />
            <button type="submit" className="button button--primary header-search__submit">
              {en ? "Search" : "Sök"}
            </button>
            {enhance && (
              <Suspense fallback={null}>
                <SearchSuggestions inputRef={inputRef} onInputProps={setComboboxProps} lang={lang} />
              </Suspense>
            )}
          </div>
        </Form>
      </div>
    </details>
  );
}
