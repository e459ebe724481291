import { useEffect, useRef } from "react";

/**
 * The list of everything wrong with a submitted form, at its top, with links
 * to the fields. It takes focus when it appears so that keyboard and screen
 * reader users land on it (GOV.UK/WCAG error-summary pattern).
 */
export function ErrorSummary({ errors, labels }: { errors: Record<string, string>; labels?: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  const signature = entries.map(([k, v]) => `${k}:${v}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-rubrik">
      <h2 id="error-summary-rubrik">Det finns {entries.length === 1 ? "ett fel" : `${entries.length} fel`} i formuläret</h2>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`}>{labels?.[field] ? `${labels[field]}: ${message}` : message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function fieldId(field: string): string {
  return `falt-${field}`;
}

export function errorId(field: string): string {
  return `fel-${field}`;
}
