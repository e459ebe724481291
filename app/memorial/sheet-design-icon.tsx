import type { MemorialSheetDesign } from "#core/memorial/sheet-designs";

/**
 * A small picture of each memorial sheet design for its radio card: inline
 * SVG (no request, sharp on every screen), decorative – the card's label
 * names the design.
 */
export function SheetDesignIcon({ design }: { design: MemorialSheetDesign }) {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false" className="sheet-design__icon">
      <rect x="1" y="1" width="62" height="62" rx="8" fill="#f6f1ee" />
      {design === "lilja" && (
        <g fill="none" stroke="#5b6e4e" strokeWidth="2.5" strokeLinecap="round">
          <path d="M32 54V30" />
          <path d="M32 42c-6-2-10-6-11-11" />
          <path d="M32 30c-7-2-11-9-9-17 4 2 7 6 9 10 2-4 5-8 9-10 2 8-2 15-9 17z" fill="#ffffff" />
        </g>
      )}
      {design === "ljus" && (
        <g>
          <rect x="24" y="30" width="16" height="24" rx="2" fill="#ffffff" stroke="#8a6d3b" strokeWidth="2" />
          <path d="M32 12c5 6 6 10 0 16-6-6-5-10 0-16z" fill="#e9a23b" />
          <path d="M32 20c2 3 2 5 0 7-2-2-2-4 0-7z" fill="#fff3c4" />
        </g>
      )}
      {design === "duva" && (
        <path
          d="M12 40c8 0 14-4 18-10l-6-10c8 2 12 6 14 10 4-4 10-6 16-4-4 2-6 4-7 8-3 8-12 12-22 12l-4 6-2-6c-3 0-5-2-7-6z"
          fill="#ffffff"
          stroke="#1d4f73"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      )}
      {design === "hjarta" && (
        <path d="M32 52S12 39 12 25c0-7 5-11 10-11 4 0 8 2 10 6 2-4 6-6 10-6 5 0 10 4 10 11 0 14-20 27-20 27z" fill="#a3112e" />
      )}
    </svg>
  );
}
