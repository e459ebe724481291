import { z } from "zod";
import { isValidPersonnummer, normalisePersonnummer } from "../identity/personnummer";
import { cityText, EMAIL_MAX, nameText, streetText } from "../text/text-fields";
import { formatNumber } from "../site/format";

/**
 * The one-off gift form: one schema, used by the page (to validate as the donor
 * types), by the server action and by the JSON API, so that all three say the
 * same thing in the same words.
 */
export interface GiftLimits {
  minKr: number;
  maxKr: number;
}

export const PRESET_AMOUNTS_KR = [100, 250, 500, 1000] as const;

/** How a one-off gift can be paid (bank = open-banking payment through Brite). */
export const GIFT_PAYMENT_METHODS = ["swish", "card", "invoice", "bank"] as const;
export type GiftPaymentMethod = (typeof GIFT_PAYMENT_METHODS)[number];
export const OTHER_AMOUNT = "annat";

/** Swish aliases are the phone number with country code and no leading zero: 0701234567 → 46701234567. */
export function phoneToSwishAlias(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  let alias: string;
  if (/^\+46\d{7,12}$/.test(digits)) alias = digits.slice(1);
  else if (/^0046\d{7,12}$/.test(digits)) alias = digits.slice(2);
  else if (/^07\d{8}$/.test(digits)) alias = `46${digits.slice(1)}`;
  else if (/^46\d{8,11}$/.test(digits)) alias = digits;
  else return null;
  return /^46[1-9]\d{6,12}$/.test(alias) ? alias : null;
}

const formatKr = formatNumber;

/**
 * The fields every gift form shares (amount, donor, payment), its checks and
 * what it becomes, as three pieces, so that a form for another gift type
 * (memorial gift, greeting card…) adds its own fields to the same ones and
 * says the same things about them: `z.object({ ...giftFields, ...own })`,
 * `checkGift` in its refinement and `giftData` in its transform.
 */
export const giftFields = {
  amount: z.string({ error: "Välj ett belopp." }).min(1, "Välj ett belopp."),
  customAmount: z.string().optional().default(""),
  // Names and addresses are printed on receipts, invoices and sheets: the shared field rules (core/text/text-fields.ts).
  name: nameText().pipe(z.string().min(2, "Skriv ditt namn.")),
  email: z
    .string()
    .trim()
    .min(1, "Skriv din e-postadress, så att vi kan skicka kvittot.")
    .max(EMAIL_MAX, "E-postadressen är för lång.")
    .pipe(z.email("Skriv en e-postadress som namn@exempel.se.")),
  personnummer: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || isValidPersonnummer(v), "Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN.")
    // Stored, matched with BankID and reported to Skatteverket in one form only: 12 digits, however it was typed.
    .transform((v) => (v === "" ? "" : (normalisePersonnummer(v) ?? v))),
  newsletter: z.string().optional(),
  paymentMethod: z.enum(GIFT_PAYMENT_METHODS, { error: "Välj hur du vill betala." }),
  swishDevice: z.enum(["this", "other"], { error: "Välj hur du vill använda Swish." }).default("this"),
  swishPhone: z.string().trim().optional().default(""),
  /** Postal address: needed only when the donor wants an invoice. */
  street: streetText().optional().default(""),
  postalCode: z.string().trim().optional().default(""),
  city: cityText().optional().default(""),
  /** "Visa mitt förnamn och ort på insamlingssidan": off unless ticked; the place is what the giver types for it. */
  showName: z.string().optional(),
  publicPlace: cityText().optional().default(""),
  /** Honeypot: people never see it; bots fill it in. */
  website: z.string().optional().default(""),
  idempotencyKey: z.uuid("Formuläret har gått ut. Ladda om sidan och försök igen."),
};

type GiftFieldValues = z.output<z.ZodObject<typeof giftFields>>;

export function checkGift(value: GiftFieldValues, ctx: z.RefinementCtx, limits: GiftLimits): void {
  const kr = amountKr(value.amount, value.customAmount);
  if (value.amount === OTHER_AMOUNT && value.customAmount.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["customAmount"], message: "Skriv hur mycket du vill ge." });
  } else if (kr === null || kr < limits.minKr || kr > limits.maxKr) {
    const message = `Ange ett belopp mellan ${formatKr(limits.minKr)} och ${formatKr(limits.maxKr)} kronor i hela kronor.`;
    ctx.addIssue({ code: "custom", path: [value.amount === OTHER_AMOUNT ? "customAmount" : "amount"], message });
  }
  if (value.paymentMethod === "invoice") checkInvoiceAddress(value, ctx);
  if (value.paymentMethod === "swish" && value.swishDevice === "other" && value.swishPhone !== "" && !phoneToSwishAlias(value.swishPhone)) {
    ctx.addIssue({
      code: "custom",
      path: ["swishPhone"],
      message: "Skriv mobilnumret som är kopplat till Swish, till exempel 070-123 45 67.",
    });
  }
}

/** The address an invoice is sent to: every field there, the postal code five digits. */
export function checkInvoiceAddress(value: { street: string; postalCode: string; city: string }, ctx: z.RefinementCtx): void {
  if (value.street.length < 2) ctx.addIssue({ code: "custom", path: ["street"], message: "Skriv gatuadressen som fakturan ska skickas till." });
  if (!/^\d{3}\s?\d{2}$/.test(value.postalCode)) ctx.addIssue({ code: "custom", path: ["postalCode"], message: "Skriv postnumret med fem siffror, till exempel 123 45." });
  if (value.city.length < 2) ctx.addIssue({ code: "custom", path: ["city"], message: "Skriv orten." });
}

/** "123 45", however the five digits were typed. */
export function formatPostalCode(postalCode: string): string {
  return postalCode.replace(/^(\d{3})\s?(\d{2})$/, "$1 $2");
}

export function giftData(value: GiftFieldValues) {
  return {
    amountOre: (amountKr(value.amount, value.customAmount) ?? 0) * 100,
    name: value.name,
    email: value.email.toLowerCase(),
    personnummer: value.personnummer === "" ? null : value.personnummer,
    newsletter: value.newsletter === "on" || value.newsletter === "true",
    paymentMethod: value.paymentMethod,
    swishPayerAlias:
      value.paymentMethod === "swish" && value.swishDevice === "other" && value.swishPhone ? phoneToSwishAlias(value.swishPhone) : null,
    address:
      value.paymentMethod === "invoice"
        ? { street: value.street, postalCode: formatPostalCode(value.postalCode), city: value.city }
        : null,
    publicMention: publicMentionOf(value),
    swishDevice: value.swishDevice,
    isBot: value.website.trim() !== "",
    idempotencyKey: value.idempotencyKey,
  };
}

/**
 * The amount a link chose (`/ge-en-gava?belopp=500`, the gala's one-tap
 * amounts): its preset when it is one, else "Annat belopp" filled in; nothing
 * when it is not whole kronor within the limits.
 */
export function amountChosenByLink(value: string | null, limits: GiftLimits): { amount: string; customAmount: string } | null {
  if (value === null || !/^\d{1,7}$/.test(value)) return null;
  const kr = Number(value);
  if (kr < limits.minKr || kr > limits.maxKr) return null;
  return (PRESET_AMOUNTS_KR as readonly number[]).includes(kr) ? { amount: String(kr), customAmount: "" } : { amount: OTHER_AMOUNT, customAmount: String(kr) };
}

/** What the live pages may show of a giver who ticked the box: the first word of the name, and the place if typed. */
export function publicMentionOf(value: { name: string; showName?: string | undefined; publicPlace: string }): { firstName: string; place: string | null } | null {
  if (value.showName !== "on" && value.showName !== "true") return null;
  const firstName = value.name.trim().split(/\s+/)[0]?.slice(0, 60) ?? "";
  if (firstName === "") return null;
  return { firstName, place: value.publicPlace.trim() === "" ? null : value.publicPlace.trim() };
}

export function giftFormSchema(limits: GiftLimits) {
  return z
    .object(giftFields)
    .superRefine((value, ctx) => checkGift(value, ctx, limits))
    .transform(giftData);
}

/**
 * "Hämta namn och adress" on the gift form: the look-up needs only the
 * personnummer; the rest of the form may still be empty.
 */
export const donorLookupSchema = z.object({
  personnummer: z
    .string({ error: "Skriv ditt personnummer, så hämtar vi ditt namn och din adress." })
    .trim()
    .min(1, { error: "Skriv ditt personnummer, så hämtar vi ditt namn och din adress.", abort: true })
    .refine((v) => isValidPersonnummer(v), "Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN."),
});

export type GiftFormInput = z.input<ReturnType<typeof giftFormSchema>>;
export type GiftFormData = z.output<ReturnType<typeof giftFormSchema>>;

/** Whole kronor from the chosen preset or the free amount ("1 000", "1000 kr"); null when it is not a whole number. */
export function amountKr(amount: string, customAmount: string): number | null {
  const raw = amount === OTHER_AMOUNT ? customAmount : amount;
  const cleaned = raw.replace(/\s|kr|:-/gi, "");
  if (!/^\d{1,9}$/.test(cleaned)) return null;
  return Number.parseInt(cleaned, 10);
}

export type FieldErrors = Record<string, string>;

/** First message per field, keyed by field name, for the error summary and inline messages. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
