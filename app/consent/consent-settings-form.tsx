import { type FormEvent, useState } from "react";
import type { Consent } from "./consent";
import { CONSENT_FIELDS, CONSENT_SETTINGS_PATH } from "./consent-form";
import { submittedConsent } from "./submitted-consent";

export interface ConsentSettingsFormProps {
  /** The stored consent, or null when none is given yet (then nothing optional is ticked). */
  consent: Consent | null;
  /** Where a post without JavaScript should return to after saving. */
  returnTo?: string;
  /** True when the page was loaded right after a plain-form save (the action redirected back). */
  saved?: boolean;
  /** When given (after hydration), saving happens in the page and a confirmation is announced. */
  onSave?: (consent: Consent) => void;
}

/** The settings on /cookie-installningar: a plain form posting there, enhanced with JavaScript. */
export function ConsentSettingsForm({ consent, returnTo, saved = false, onSave }: ConsentSettingsFormProps) {
  const [savedHere, setSavedHere] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSave) return;
    event.preventDefault();
    onSave(submittedConsent(new FormData(event.currentTarget), null));
    setSavedHere(true);
  };

  return (
    <form className="consent-settings" method="post" action={CONSENT_SETTINGS_PATH} onSubmit={onSubmit}>
      <input type="hidden" name={CONSENT_FIELDS.choice} value="custom" />
      {returnTo && <input type="hidden" name={CONSENT_FIELDS.returnTo} value={returnTo} />}
      <fieldset className="consent-settings__fieldset">
        <legend className="consent-settings__legend">Välj vilka cookies vi får använda</legend>

        <div className="consent-settings__option">
          <input
            type="checkbox"
            id="consent-necessary"
            checked
            disabled
            aria-describedby="consent-necessary-description"
          />
          <label htmlFor="consent-necessary">Nödvändiga (alltid på)</label>
          <p id="consent-necessary-description" className="consent-settings__description">
            Behövs för att webbplatsen ska fungera, till exempel för att komma ihåg dina val och genomföra en gåva.
          </p>
        </div>

        <div className="consent-settings__option">
          <input
            type="checkbox"
            id="consent-statistics"
            name={CONSENT_FIELDS.statistics}
            value="on"
            defaultChecked={consent?.statistics ?? false}
            aria-describedby="consent-statistics-description"
          />
          <label htmlFor="consent-statistics">Statistik</label>
          <p id="consent-statistics-description" className="consent-settings__description">
            Hjälper oss att förstå hur webbplatsen används så att vi kan göra den bättre.
          </p>
        </div>

        <div className="consent-settings__option">
          <input
            type="checkbox"
            id="consent-marketing"
            name={CONSENT_FIELDS.marketing}
            value="on"
            defaultChecked={consent?.marketing ?? false}
            aria-describedby="consent-marketing-description"
          />
          <label htmlFor="consent-marketing">Marknadsföring</label>
          <p id="consent-marketing-description" className="consent-settings__description">
            Gör det möjligt att visa relevanta budskap om vårt arbete och följa upp våra kampanjer.
          </p>
        </div>
      </fieldset>
      <p className="consent-settings__note">
        Vi följer upp besök på webbplatsen först när du har godkänt både statistik och marknadsföring.
      </p>
      <button type="submit" className="button button--primary">
        Spara inställningar
      </button>
      <p className="consent-settings__status" role="status" aria-live="polite">
        {saved || savedHere ? "Dina val är sparade." : ""}
      </p>
    </form>
  );
}
