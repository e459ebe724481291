import { readableDetails } from "./readable-details";

/** An entry's or event's details as short "Label: value" lines in a table cell (nothing when there are none). */
export function DetailLines({ details }: { details: string | null }) {
  const lines = readableDetails(details);
  if (lines.length === 0) return null;
  return (
    <ul className="admin-details">
      {lines.map((line, i) => (
        <li key={i}>
          <span className="admin-details__label">{line.label}:</span> {line.value}
        </li>
      ))}
    </ul>
  );
}
