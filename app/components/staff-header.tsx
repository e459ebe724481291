import type { LayoutData } from "../site.server";

/**
 * The back office's header: the charity's mark and "Administration", and a
 * way back to the public site. No donor navigation, search, gift button,
 * footer or consent banner: staff work here all day, and the back office sets
 * only the cookies it needs (decision 0020).
 */
export function StaffHeader({ data }: { data: LayoutData | undefined }) {
  const name = data?.site.shortName ?? "Hjärtslag & Andetag";
  return (
    <header className="site-header staff-header">
      <div className="site-header__bar">
        <a href="/admin" className="site-header__brand" aria-label={`Administration, ${name}`}>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32" focusable="false">
            <path fill="currentColor" d="M16 29s-11-6.6-11-15a6.5 6.5 0 0 1 11-4.7A6.5 6.5 0 0 1 27 14c0 8.4-11 15-11 15z" />
          </svg>
          <span>
            Administration <span className="staff-header__name">{name}</span>
          </span>
        </a>
        <div className="site-header__actions">
          <a href="/">Till webbplatsen</a>
        </div>
      </div>
    </header>
  );
}
