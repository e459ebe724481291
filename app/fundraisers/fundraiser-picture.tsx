import type { FundraiserPicture as Picture } from "#core/fundraisers/fundraiser-kinds";

/**
 * The site's own pictures for a personal fundraiser: inline SVG in the
 * charity's colours (no request, sharp on every screen), decorative – the
 * page's title says what it is about.
 */
const RED = "#a3112e";
const ROSE = "#f3d6dc";
const SAND = "#f6f1ee";
const INK = "#4a1020";

export function FundraiserPicture({ picture, size = 96 }: { picture: Picture; size?: number }) {
  return (
    <svg viewBox="0 0 96 96" width={size} height={size} aria-hidden="true" focusable="false" className="fundraiser-picture">
      <rect x="0" y="0" width="96" height="96" rx="12" fill={SAND} />
      {picture === "hjarta" && <path d="M48 78S18 59 18 38c0-10 7-17 15-17 6 0 12 3 15 9 3-6 9-9 15-9 8 0 15 7 15 17 0 21-30 40-30 40z" fill={RED} />}
      {picture === "ballonger" && (
        <g>
          <path d="M34 58l6 26M62 54l-8 30M48 52v32" stroke={INK} strokeWidth="1.5" fill="none" />
          <ellipse cx="32" cy="38" rx="13" ry="16" fill={RED} />
          <ellipse cx="64" cy="34" rx="13" ry="16" fill="#d9687e" />
          <ellipse cx="48" cy="30" rx="12" ry="15" fill={ROSE} stroke={RED} strokeWidth="2" />
          <path d="M27 30c2-4 5-6 8-6" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" fill="none" />
        </g>
      )}
      {picture === "ringar" && (
        <g fill="none" strokeWidth="6">
          <circle cx="38" cy="54" r="18" stroke={RED} />
          <circle cx="58" cy="54" r="18" stroke="#c9a227" />
          <path d="M44 22l4-8 4 8-4 6z" fill={ROSE} stroke={RED} strokeWidth="2" />
        </g>
      )}
      {picture === "lopare" && (
        <g stroke={RED} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" fill="none">
          <circle cx="56" cy="18" r="7" fill={RED} stroke="none" />
          <path d="M52 30l-8 20 12 10 2 18" />
          <path d="M44 50l-14 6-6 14" />
          <path d="M50 34l14 8 10-6" />
          <path d="M50 34l-14 0-8 10" />
          <path d="M12 86h72" stroke={ROSE} strokeWidth="4" />
        </g>
      )}
      {picture === "blomma" && (
        <g>
          <path d="M48 50v34" stroke="#5b6e4e" strokeWidth="4" strokeLinecap="round" />
          <path d="M48 70c-8-2-14-8-14-14 8 0 14 6 14 14z" fill="#5b6e4e" />
          {[0, 72, 144, 216, 288].map((angle) => (
            <ellipse key={angle} cx="48" cy="24" rx="9" ry="14" fill={angle % 144 === 0 ? RED : "#d9687e"} transform={`rotate(${angle} 48 38)`} />
          ))}
          <circle cx="48" cy="38" r="7" fill="#c9a227" />
        </g>
      )}
      {picture === "lungor" && (
        <g>
          <path d="M48 14v30M48 40l-8 8M48 40l8 8" stroke={INK} strokeWidth="4" strokeLinecap="round" fill="none" />
          <path d="M40 30c-12 0-22 18-22 36 0 10 6 14 12 12l10-4c3-1 4-4 4-7V36c0-4-2-6-4-6z" fill={RED} />
          <path d="M56 30c12 0 22 18 22 36 0 10-6 14-12 12l-10-4c-3-1-4-4-4-7V36c0-4 2-6 4-6z" fill="#d9687e" />
        </g>
      )}
    </svg>
  );
}
