import { useId } from "react";
import { formatSek } from "#core/site/format";

/**
 * The total against the goal: a `progressbar` whose value text says both in
 * words (a screen reader hears "2 500 kr av 10 000 kr"), with the same text
 * visible beside it. Without a goal, the total alone. `compact` (the list
 * of fundraisers) leaves out the number of gifts.
 */
export function FundraiserProgress({
  amountOre,
  goalOre,
  gifts,
  percent,
  compact = false,
}: {
  amountOre: number;
  goalOre: number | null;
  gifts: number;
  percent: number | null;
  compact?: boolean;
}) {
  const id = useId();
  const givers = compact ? "" : ` · ${gifts === 1 ? "en gåva" : `${gifts} gåvor`}`;
  if (goalOre === null || percent === null) {
    return (
      <p className="fundraiser-progress__text" data-fundraiser-total="" aria-live={compact ? undefined : "polite"}>
        <strong>{formatSek(amountOre)}</strong> insamlat{givers}
      </p>
    );
  }
  return (
    <div className="fundraiser-progress" data-fundraiser-total="">
      <p className="fundraiser-progress__text" id={id} aria-live={compact ? undefined : "polite"}>
        <strong>{formatSek(amountOre)}</strong> av målet {formatSek(goalOre)}
        {givers}
      </p>
      <div
        className="fundraiser-progress__bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={goalOre / 100}
        aria-valuenow={Math.min(amountOre, goalOre) / 100}
        aria-valuetext={`${formatSek(amountOre)} av ${formatSek(goalOre)}`}
      >
        {/* SVG attributes, not a style attribute: the Content-Security-Policy allows no inline styles. */}
        <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect x="0" y="0" width="100" height="10" className="fundraiser-progress__track" />
          <rect x="0" y="0" width={percent} height="10" className="fundraiser-progress__fill" />
        </svg>
      </div>
      {!compact && <p className="fundraiser-progress__percent">{percent} % av målet</p>}
    </div>
  );
}
