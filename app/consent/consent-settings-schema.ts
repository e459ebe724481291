import { z } from "zod";
import { consentFromFields } from "./consent-form";

/**
 * What a post to /cookie-installningar asks for (decision 0011): the settings
 * form's two checkboxes, or the banner's `choice=all|necessary` buttons, and
 * where to go afterwards. Nothing in it can be wrong – a tampered or empty
 * form grants no more than was ticked – so the form shows no errors; the
 * schema is the one reading of the post, in the action and in the browser.
 */
const field = z.unknown().optional();

export const consentSettingsSchema = z
  .object({ choice: field, statistics: field, marketing: field, returnTo: field })
  .transform((value) => ({
    consent: consentFromFields(value.choice, value.statistics, value.marketing),
    /** Where the banner was; the action keeps it on this site with `safeReturnTo`. */
    returnTo: typeof value.returnTo === "string" ? value.returnTo : null,
  }));
