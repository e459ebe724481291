import { data, redirect } from "react-router";
import type { Route } from "./+types/cookie-settings";
import { containerContext } from "../context";
import { siteSettingsContext } from "../site-settings-context.server";
import { CONSENT_COOKIE, consentCookieHeader, consentFromCookieHeader, isSecureUrl } from "../consent/consent-cookie";
import { isSameOriginPost, safeReturnTo } from "../consent/consent-form";
import { ConsentSettingsForm } from "../consent/consent-settings-form";
import { consentSettingsSchema } from "../consent/consent-settings-schema";
import { NECESSARY_ONLY, trackingAllowed } from "../consent/consent";
import { parseForm } from "../components/form/parse-form";
import {
  ANALYTICS_COOKIE_MAX_AGE_SECONDS,
  TRACKING_COOKIES,
  trackingCookieRemovalHeaders,
} from "../consent/tracking-cookies";
import { useClientShell, useConsent } from "../client/client-shell-context";
import "./cookie-settings.css";

const SAVED_PARAM = "sparat";

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: page ? `Cookie-inställningar – ${page.siteName}` : "Cookie-inställningar" },
    {
      name: "description",
      content:
        "Välj vilka cookies vi får använda: nödvändiga, statistik och marknadsföring. Du kan ändra dig när du vill.",
    },
    { name: "robots", content: "noindex" },
  ];
}

/** Rendered per request (never pre-rendered): it shows the visitor's own choice from their cookie. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    consent: consentFromCookieHeader(request.headers.get("Cookie")),
    saved: url.searchParams.has(SAVED_PARAM),
    siteName: context.get(siteSettingsContext).site.shortName,
  };
}

/**
 * The banner and the settings form post here; this is what makes consent
 * work without JavaScript. Withdrawing expires the tracking cookies in the
 * same response, so they are gone before the next page loads.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOriginPost(request.headers, new URL(request.url).origin)) {
    throw data("Förfrågan kommer inte från vår webbplats.", { status: 403 });
  }
  const submission = parseForm(await request.formData(), consentSettingsSchema);
  // Nothing in the post can be wrong (decision 0011); one that cannot be read at all grants nothing.
  const { consent, returnTo } = submission.status === "success" ? submission.value : { consent: NECESSARY_ONLY, returnTo: null };
  const secure = isSecureUrl(context.get(containerContext).config.publicUrl);
  const headers = new Headers();
  headers.append("Set-Cookie", consentCookieHeader(consent, { secure }));
  if (!trackingAllowed(consent)) {
    for (const header of trackingCookieRemovalHeaders({ secure })) headers.append("Set-Cookie", header);
  }
  return redirect(safeReturnTo(returnTo, `/cookie-installningar?${SAVED_PARAM}=1`), {
    status: 303,
    headers,
  });
}

const DAYS = Math.round(ANALYTICS_COOKIE_MAX_AGE_SECONDS / 86_400);

export default function CookieSettings({ loaderData }: Route.ComponentProps) {
  const shell = useClientShell();
  // After hydration the cookie in the browser is the truth (it changes without a reload).
  const browserConsent = useConsent();
  const consent = browserConsent === undefined ? loaderData.consent : browserConsent;

  return (
    <article className="page page--narrow cookie-settings-page">
      <h1>Cookie-inställningar</h1>
      <p className="lead">
        Här bestämmer du vilka cookies vi får använda på webbplatsen. Du kan ändra dig när du vill; ändringen gäller
        direkt.
      </p>
      <ConsentSettingsForm
        consent={consent}
        saved={loaderData.saved}
        onSave={shell ? shell.consent.choose : undefined}
      />

      <section className="prose" aria-labelledby="cookies-vi-anvander">
        <h2 id="cookies-vi-anvander">Cookies vi använder</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Tabell över cookies">
          <table>
            <caption className="visually-hidden">Cookies på webbplatsen</caption>
            <thead>
              <tr>
                <th scope="col">Namn</th>
                <th scope="col">Kategori</th>
                <th scope="col">Syfte</th>
                <th scope="col">Lagras</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <code>{CONSENT_COOKIE}</code>
                </td>
                <td>Nödvändig</td>
                <td>Kommer ihåg dina val på den här sidan.</td>
                <td>{DAYS} dagar</td>
              </tr>
              <tr>
                <td>
                  <code>{TRACKING_COOKIES.session}</code>
                </td>
                <td>Statistik och marknadsföring</td>
                <td>Känner igen ett besök så att vi kan se hur webbplatsen används.</td>
                <td>Tills du stänger webbläsaren</td>
              </tr>
              <tr>
                <td>
                  <code>{TRACKING_COOKIES.identity}</code>, <code>{TRACKING_COOKIES.timestamp}</code>
                </td>
                <td>Statistik och marknadsföring</td>
                <td>Känner igen en återkommande besökare och när den första gången kom hit.</td>
                <td>{DAYS} dagar</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Om du godkänner statistik och marknadsföring kan även vårt verktyg för webbanalys och vår chatt sätta egna
          cookies. Drar du tillbaka ditt samtycke tar vi bort våra cookies och stänger chatten.
        </p>
      </section>
    </article>
  );
}
