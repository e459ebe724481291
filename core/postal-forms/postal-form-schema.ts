import { z } from "zod";
import { characterCount, normaliseText, textProblem } from "../text/plain-text";
import { CITY_MAX, EMAIL_MAX, PERSON_NAME_MAX, STREET_MAX } from "../text/text-fields";
import { normalisePostalCode, POSTAL_CODE } from "../gift-documents/gift-document-form";
import { POSTAL_FORM_KINDS } from "./postal-form-kinds";

/**
 * The body of POST /api/PostalForm: which form, and the name and Swedish
 * postal address it goes to, flat – the same four fields GET /api/donor/{id}
 * pre-fills – with an optional e-mail address for a confirmation. Strict: a
 * field we do not know is refused by name rather than ignored, so a caller
 * who misspells `postalCode` learns it at once.
 */
const MAX_NAME = PERSON_NAME_MAX;
const MAX_STREET = STREET_MAX;
const MAX_CITY = CITY_MAX;
const MAX_EMAIL = EMAIL_MAX;

/** A line of free text, 2 to `max` characters, printable by the shared rules (core/text/text-fields.ts): it is printed on an envelope. */
function line(missing: string, max: number, tooLong: string) {
  return z
    .string({ error: missing })
    .transform((value) => normaliseText(value))
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .refine((value) => characterCount(value) <= max, tooLong)
    .refine((value) => characterCount(value) >= 2, missing);
}

const kinds = POSTAL_FORM_KINDS.join(", ");

export const postalFormRequestSchema = z.strictObject(
  {
    kind: z.enum(POSTAL_FORM_KINDS, { error: `Välj vilken blankett du vill ha: ${kinds}.` }),
    name: line("Skriv namnet blanketten ska skickas till.", MAX_NAME, `Namnet får vara högst ${MAX_NAME} tecken.`),
    street: line("Skriv gatuadressen (eller boxadressen).", MAX_STREET, `Adressen får vara högst ${MAX_STREET} tecken.`),
    postalCode: z
      .string({ error: "Skriv postnumret med fem siffror, till exempel 123 45." })
      .trim()
      .regex(POSTAL_CODE, "Skriv postnumret med fem siffror, till exempel 123 45.")
      .transform(normalisePostalCode),
    city: line("Skriv orten.", MAX_CITY, `Orten får vara högst ${MAX_CITY} tecken.`),
    // A form sends an empty field when there is no address; that is no address, not a wrong one.
    email: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z
        .string({ error: "Skriv e-postadressen som text, eller utelämna den." })
        .trim()
        .max(MAX_EMAIL, "E-postadressen är för lång.")
        .pipe(z.email("Skriv en e-postadress som namn@exempel.se."))
        .optional(),
    ),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? "Okänt fält. Ta bort det och försök igen." : issue.code === "invalid_type" ? "Skicka uppgifterna som ett JSON-objekt." : undefined,
  },
);

export type PostalFormRequest = z.output<typeof postalFormRequestSchema>;

/**
 * The page's form (/bestall-blankett): the API's fields with the API's rules,
 * a plain question for a form not chosen (the API's message names its codes,
 * which mean nothing to a person), and the honeypot every public form has.
 * Not strict: a browser sends only the form's own fields, and a stray one
 * (a button's name) is no reason to refuse an older person's order.
 */
export const postalFormPageSchema = z.object({
  ...postalFormRequestSchema.shape,
  kind: z.enum(POSTAL_FORM_KINDS, { error: "Välj vilken blankett du vill ha." }),
  // Hidden from people; a robot fills it in.
  website: z.string().optional().default(""),
});

/** What the page's form asks for: the API's request, and whether a robot sent it (then nothing is stored). */
export function postalFormPageRequest(value: z.output<typeof postalFormPageSchema>): { request: PostalFormRequest; isBot: boolean } {
  const { website, ...request } = value;
  return { request, isBot: website.trim() !== "" };
}

/**
 * Field messages keyed by the field's name; an unknown field is reported
 * under its own name, so the caller sees which one to drop.
 */
export function postalFormFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= issue.message;
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    fields[key] ??= issue.message;
  }
  return fields;
}
