import { z } from "zod";
import { cityText, EMAIL_MAX, nameText, streetText } from "../text/text-fields";

/**
 * What a donor may change about themselves: on My details (logged in with
 * BankID), on the My data page (token link) and through POST /api/MyData/Update.
 * One schema for all three, so that they accept and reject the same things in
 * the same words. Input is form-shaped (strings, checkboxes "on"); the JSON API
 * converts its booleans first (see `detailsFormFromJson`).
 */
export const CONTACT_CHANNELS = ["contactEmail", "contactPost", "contactPhone", "newsletter"] as const;


export const donorDetailsSchema = z
  .object({
    // Printed on receipts and letters: the shared field rules (core/text/text-fields.ts).
    givenName: nameText().pipe(z.string().min(1, "Skriv ditt förnamn.")),
    surname: nameText().pipe(z.string().min(1, "Skriv ditt efternamn.")),
    street: streetText().optional().default(""),
    postalCode: z.string().trim().max(10, "Skriv postnumret med fem siffror, till exempel 114 51.").optional().default(""),
    city: cityText().optional().default(""),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX, "E-postadressen är för lång.")
      .optional()
      .default("")
      .refine((v) => v === "" || z.email().safeParse(v).success, "Skriv en e-postadress som namn@exempel.se."),
    phone: z
      .string()
      .trim()
      .max(30, "Telefonnumret är för långt.")
      .optional()
      .default("")
      .refine((v) => v === "" || /^\+?[\d\s-]{7,20}$/.test(v), "Skriv telefonnumret med siffror, till exempel 070-123 45 67."),
    contactEmail: z.string().optional(),
    contactPost: z.string().optional(),
    contactPhone: z.string().optional(),
    newsletter: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const address = [value.street, value.postalCode, value.city];
    if (address.some((part) => part !== "")) {
      if (value.street === "") ctx.addIssue({ code: "custom", path: ["street"], message: "Skriv gatuadressen, eller töm alla adressfälten." });
      if (!/^\d{3}\s?\d{2}$/.test(value.postalCode)) {
        ctx.addIssue({ code: "custom", path: ["postalCode"], message: "Skriv postnumret med fem siffror, till exempel 114 51." });
      }
      if (value.city === "") ctx.addIssue({ code: "custom", path: ["city"], message: "Skriv orten, eller töm alla adressfälten." });
    }
    if (value.contactEmail === "on" && value.email === "") {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Skriv din e-postadress om vi får kontakta dig via e-post." });
    }
    if (value.newsletter === "on" && value.email === "") {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Skriv din e-postadress om du vill ha nyhetsbrevet." });
    }
    if (value.contactPhone === "on" && value.phone === "") {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Skriv ditt telefonnummer om vi får kontakta dig via telefon." });
    }
  })
  .transform((value) => {
    const digits = value.postalCode.replace(/\s/g, "");
    const hasAddress = value.street !== "";
    return {
      givenName: value.givenName,
      surname: value.surname,
      address: hasAddress ? { street: value.street, postalCode: `${digits.slice(0, 3)} ${digits.slice(3)}`, city: value.city } : null,
      email: value.email === "" ? null : value.email.toLowerCase(),
      phone: value.phone === "" ? null : value.phone,
      contactEmail: value.contactEmail === "on",
      contactPost: value.contactPost === "on",
      contactPhone: value.contactPhone === "on",
      newsletter: value.newsletter === "on",
    };
  });

export type DonorDetails = z.output<typeof donorDetailsSchema>;

/** The JSON API's shape (booleans, nested address) turned into the form's. Unknown keys are dropped. */
export const donorDetailsJsonSchema = z.object({
  givenName: z.string().max(200),
  surname: z.string().max(200),
  address: z
    .object({ street: z.string().max(300), postalCode: z.string().max(20), city: z.string().max(200) })
    .nullable()
    .optional(),
  email: z.string().max(300).nullable().optional(),
  phone: z.string().max(50).nullable().optional(),
  contactPreferences: z
    .object({ email: z.boolean(), post: z.boolean(), phone: z.boolean(), newsletter: z.boolean() })
    .partial()
    .optional(),
});

export function detailsFormFromJson(json: z.output<typeof donorDetailsJsonSchema>): Record<string, string | undefined> {
  const on = (v: boolean | undefined) => (v ? "on" : undefined);
  return {
    givenName: json.givenName,
    surname: json.surname,
    street: json.address?.street ?? "",
    postalCode: json.address?.postalCode ?? "",
    city: json.address?.city ?? "",
    email: json.email ?? "",
    phone: json.phone ?? "",
    contactEmail: on(json.contactPreferences?.email),
    contactPost: on(json.contactPreferences?.post),
    contactPhone: on(json.contactPreferences?.phone),
    newsletter: on(json.contactPreferences?.newsletter),
  };
}

export const DETAILS_FIELD_LABELS: Record<string, string> = {
  givenName: "Förnamn",
  surname: "Efternamn",
  street: "Gatuadress",
  postalCode: "Postnummer",
  city: "Ort",
  email: "E-post",
  phone: "Telefon",
  form: "Formuläret",
};
