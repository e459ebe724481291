import type { Consent } from "./consent";
import { parseConsentForm } from "./consent-form";

interface SubmitterLike {
  name?: string;
  value?: string;
}

/**
 * The consent a submit event asks for, in the browser: the form's fields plus
 * the clicked button's name and value (which `new FormData(form)` leaves out).
 */
export function submittedConsent(
  fields: Iterable<[string, FormDataEntryValue]>,
  submitter: SubmitterLike | null,
): Consent {
  const data = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string") data.append(name, value);
  if (submitter?.name) data.set(submitter.name, submitter.value ?? "");
  return parseConsentForm(data);
}
