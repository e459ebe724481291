import { type FormEvent, useState } from "react";
import { getInputProps } from "@conform-to/react";
import type { Consent } from "./consent";
import { CONSENT_FIELDS, CONSENT_SETTINGS_PATH } from "./consent-form";
import { consentSettingsSchema } from "./consent-settings-schema";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";

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

const on = (granted: boolean | undefined) => (granted ? "on" : undefined);

/**
 * The settings on /cookie-installningar: a plain form posting there, enhanced
 * with JavaScript. Built like every form (decision 0011) – form id "consent"
 * gives the fields their ids – with nothing to check before sending: any
 * combination of ticks is a valid answer.
 */
export function ConsentSettingsForm({ consent, returnTo, saved = false, onSave }: ConsentSettingsFormProps) {
  const [savedHere, setSavedHere] = useState(false);
  const { fields, formProps } = useSiteForm<Record<"statistics" | "marketing", string | undefined>, unknown>({
    id: "consent",
    defaultValue: { statistics: on(consent?.statistics), marketing: on(consent?.marketing) },
    labels: {},
  });
  const checkbox = (field: typeof fields.statistics) => {
    const { key, ...props } = getInputProps(field, { type: "checkbox", ariaDescribedBy: field.descriptionId });
    return <input key={key} {...props} />;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!onSave) return;
    event.preventDefault();
    // The action's own reading of the post, here in the page.
    const submission = parseForm(new FormData(event.currentTarget), consentSettingsSchema);
    if (submission.status === "success") onSave(submission.value.consent);
    setSavedHere(true);
  };

  return (
    <form className="consent-settings" method="post" action={CONSENT_SETTINGS_PATH} {...formProps} onSubmit={onSubmit}>
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
          {checkbox(fields.statistics)}
          <label htmlFor={fields.statistics.id}>Statistik</label>
          <p id={fields.statistics.descriptionId} className="consent-settings__description">
            Hjälper oss att förstå hur webbplatsen används så att vi kan göra den bättre.
          </p>
        </div>

        <div className="consent-settings__option">
          {checkbox(fields.marketing)}
          <label htmlFor={fields.marketing.id}>Marknadsföring</label>
          <p id={fields.marketing.descriptionId} className="consent-settings__description">
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
