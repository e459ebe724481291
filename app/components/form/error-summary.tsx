import { useEffect, useRef } from "react";
import type { SummaryError } from "./use-site-form";

/**
 * The list of everything wrong with a submitted form, at its top, with links
 * to the fields (GOV.UK/WCAG error-summary pattern). It takes focus when it
 * appears and again whenever `focusKey` changes – `useSiteForm` counts failed
 * submits – so a second failed submit with the same errors lands here too.
 * Typing in a field changes the list but never moves focus.
 */
export function ErrorSummary({ id, errors, focusKey = 0 }: { id: string; errors: SummaryError[]; focusKey?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    if (shownRef.current) ref.current?.focus();
  }, [focusKey]);
  if (!shown) return null;
  return (
    <div className="error-summary" id={id} ref={ref} tabIndex={-1} role="alert" aria-labelledby={`${id}-rubrik`}>
      <h2 id={`${id}-rubrik`}>Det finns {errors.length === 1 ? "ett fel" : `${errors.length} fel`} i formuläret</h2>
      <ul>
        {errors.map((error) => (
          <li key={error.name}>
            <a href={`#${error.target}`}>{error.text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
