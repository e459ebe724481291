import { Link, NavLink } from "react-router";
import type { LayoutData } from "../site.server";
import { HeaderSearch } from "./header-search";

interface Props {
  data: LayoutData | undefined;
  lang: "sv" | "en";
}

/**
 * The header: brand, main navigation and the gift button. On narrow screens the
 * navigation folds into a <details> menu inside a 56 px bar, which opens and
 * closes without JavaScript.
 */
export function SiteHeader({ data, lang }: Props) {
  const name = data?.site.shortName ?? "Hjärtslag & Andetag";
  const items = data?.mainNavigation ?? [];
  const giveLabel = lang === "en" ? "Donate" : "Ge en gåva";
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__brand" aria-label={`${name}, ${lang === "en" ? "home" : "startsida"}`}>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32" focusable="false">
            <path
              fill="currentColor"
              d="M16 29s-11-6.6-11-15a6.5 6.5 0 0 1 11-4.7A6.5 6.5 0 0 1 27 14c0 8.4-11 15-11 15z"
            />
          </svg>
          <span>{name}</span>
        </Link>
        <nav className="site-nav site-nav--desktop" aria-label={lang === "en" ? "Main" : "Huvudmeny"}>
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} prefetch="intent">
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <HeaderSearch lang={lang} />
          {/* On a computer too, not only in the phone's menu and the footer (issue #29). */}
          <NavLink to="/mina-sidor" className="site-header__mine">
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" focusable="false">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{lang === "en" ? "My pages" : "Mina sidor"}</span>
          </NavLink>
          <Link to="/ge-en-gava" className="button button--primary site-header__give">
            {giveLabel}
          </Link>
        </div>
        <details className="site-nav--mobile">
          <summary>{lang === "en" ? "Menu" : "Meny"}</summary>
          <nav aria-label={lang === "en" ? "Main (mobile)" : "Huvudmeny (mobil)"}>
            <ul>
              {items.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path}>{item.title}</NavLink>
                </li>
              ))}
              <li>
                <NavLink to="/sok">{lang === "en" ? "Search" : "Sök"}</NavLink>
              </li>
              <li>
                <NavLink to="/mina-sidor">{lang === "en" ? "My pages" : "Mina sidor"}</NavLink>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
