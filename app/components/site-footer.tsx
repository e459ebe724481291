import { Link } from "react-router";
import type { LayoutData } from "../site.server";
import { formatSwishNumber } from "#core/site/swish-number";

/** The footer's id: the root layout holds the first paint until it is parsed (see app/root.tsx). */
export const SITE_FOOTER_ID = "sidfot";

export function SiteFooter({ data, lang }: { data: LayoutData | undefined; lang: "sv" | "en" }) {
  if (!data) return null;
  const { site, footerNavigation } = data;
  return (
    <footer className="site-footer" id={SITE_FOOTER_ID}>
      <div className="site-footer__inner">
        <section aria-labelledby="footer-kontakt">
          <h2 id="footer-kontakt">{site.name}</h2>
          <p>
            {lang === "en" ? "Organisation number" : "Organisationsnummer"} {site.orgNumber}
            <br />
            Bankgiro {site.bankgiro}
            <br />
            Swish {formatSwishNumber(site.swishNumber)}
          </p>
          <p>
            <a href={`mailto:${site.email}`}>{site.email}</a>
            <br />
            {site.phone}
            <br />
            {site.postalAddress}
          </p>
        </section>
        <nav aria-label={lang === "en" ? "More information" : "Mer information"}>
          <ul>
            {footerNavigation.map((item) => (
              <li key={item.path}>
                <Link to={item.path}>{item.title}</Link>
              </li>
            ))}
            <li>
              <Link to="/mina-sidor">{lang === "en" ? "My pages" : "Mina sidor"}</Link>
            </li>
            <li>
              {/* Consent must be as easy to change as to give: the settings are one click from every page. */}
              <Link to="/cookie-installningar" lang="sv">
                Cookie-inställningar
              </Link>
            </li>
            <li>
              <Link to={lang === "en" ? "/" : "/en/about"} lang={lang === "en" ? "sv" : "en"}>
                {lang === "en" ? "På svenska" : "In English"}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__note">
        {lang === "en"
          ? "This is a demonstration site for a fictional charity."
          : "Det här är en demonstrationswebbplats för en fiktiv organisation."}
      </p>
    </footer>
  );
}
