import type { FormEvent } from "react";
import type { Consent } from "./consent";
import { CONSENT_FIELDS, CONSENT_SETTINGS_PATH } from "./consent-form";
import { submittedConsent } from "./submitted-consent";

export interface ConsentBannerProps {
  /** The current path and query, so a post without JavaScript can come back here. */
  returnTo: string;
  /**
   * When given (after hydration), the choice is handled in the page instead of
   * posting: store it with `ConsentController.update` and hide the banner.
   */
  onChoose?: (consent: Consent) => void;
}

/**
 * Asks for cookie consent. It is a plain form posting to /cookie-installningar,
 * so it works before and without JavaScript. Fixed to the bottom of the
 * viewport (see consent.css), so showing or hiding it never moves the page.
 * Both choices are equally easy: two buttons of the same weight.
 */
export function ConsentBanner({ returnTo, onChoose }: ConsentBannerProps) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!onChoose) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    onChoose(submittedConsent(new FormData(event.currentTarget), submitter));
  };

  return (
    <section className="consent-banner" aria-labelledby="consent-banner-heading" role="region">
      <div className="consent-banner__inner">
        <h2 id="consent-banner-heading" className="consent-banner__heading">
          Vi använder cookies
        </h2>
        <p className="consent-banner__text">
          Nödvändiga cookies behövs för att webbplatsen ska fungera. Om du godkänner det använder vi även cookies för
          statistik och marknadsföring, så att vi kan förbättra webbplatsen och nå fler som vill stödja forskningen.
        </p>
        <form className="consent-banner__actions" method="post" action={CONSENT_SETTINGS_PATH} onSubmit={onSubmit}>
          <input type="hidden" name={CONSENT_FIELDS.returnTo} value={returnTo} />
          <button type="submit" name={CONSENT_FIELDS.choice} value="all" className="button button--primary">
            Godkänn alla
          </button>
          <button type="submit" name={CONSENT_FIELDS.choice} value="necessary" className="button button--primary">
            Endast nödvändiga
          </button>
          <a className="consent-banner__settings" href={CONSENT_SETTINGS_PATH}>
            Inställningar
          </a>
        </form>
      </div>
    </section>
  );
}
