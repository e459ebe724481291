import { plainText } from "./plain-text";

/**
 * One definition per kind of field a person fills in, wherever it arrives –
 * a web form, the JSON API or a row of an uploaded list (decision 0040): the
 * same length, the same printable characters, the same Swedish words. A
 * field's minimum (and whether it is needed at all) depends on the form and
 * stays with it.
 */
export const PERSON_NAME_MAX = 100;
export const STREET_MAX = 100;
export const CITY_MAX = 60;
export const EMAIL_MAX = 254;

/** One line: no line breaks, nothing the documents cannot print. */
export const oneLineText = (max: number, tooLong: string) => plainText({ max, tooLong });
/** Several lines (a greeting, a message): line breaks kept as \n. */
export const multiLineText = (max: number, tooLong: string) => plainText({ multiLine: true, max, tooLong });

export const nameText = (max: number = PERSON_NAME_MAX) => oneLineText(max, `Namnet får vara högst ${max} tecken.`);
export const streetText = () => oneLineText(STREET_MAX, `Adressen får vara högst ${STREET_MAX} tecken.`);
export const cityText = () => oneLineText(CITY_MAX, `Orten får vara högst ${CITY_MAX} tecken.`);
