import { z } from "zod";
import { amountKr, checkInvoiceAddress, formatPostalCode, giftFields, OTHER_AMOUNT, type GiftFormData } from "../gifts/gift-form";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacters } from "../text/plain-text";
import { formatNumber } from "../site/format";
import { parseOrganisationsnummer } from "./organisationsnummer";
import type { CardChoices } from "../cards/card-choices";
import { checkChristmasCard, christmasCardChoice, christmasCardFields } from "./company-christmas";

/**
 * The company gift form (/foretag/ge-en-gava) and `POST /api/CompanyGift/Add`:
 * one schema for the page, its action and the API, as for private gifts
 * (core/gifts/gift-form.ts, whose name, e-mail and address rules it reuses).
 * The organisationsnummer is normalised to ten digits here, where it enters.
 */
export interface CompanyGiftLimits {
  /** COMPANY_GIFT_MIN_KR: 2 000 kr by default, the law's smallest gift for the company tax reduction. */
  minKr: number;
  /** COMPANY_LOGO_MAX_KB, in bytes: the largest logo file the page takes. */
  logoMaxBytes: number;
}

/** Larger gifts are agreed with the charity in person (and an invoice this large is checked by hand anyway). */
export const COMPANY_GIFT_MAX_KR = 5_000_000;

export const COMPANY_PAYMENT_METHODS = ["invoice", "card", "swish"] as const;
export type CompanyPaymentMethod = (typeof COMPANY_PAYMENT_METHODS)[number];

/** The longest company name the form takes; documents are laid out for it (the certificate, the yearly statement). */
export const COMPANY_NAME_MAX = 100;

export const ORGANISATIONSNUMMER_MESSAGE = "Organisationsnumret stämmer inte. Skriv det med tio siffror, till exempel 556677-8899.";

const printable = (value: string) => !hasForbiddenCharacters(value);

export const companyGiftFields = {
  organisationsnummer: z
    .string({ error: "Skriv företagets organisationsnummer." })
    .trim()
    .min(1, { error: "Skriv företagets organisationsnummer.", abort: true })
    .refine((v) => parseOrganisationsnummer(v) !== null, ORGANISATIONSNUMMER_MESSAGE),
  companyName: z
    .string({ error: "Skriv företagets namn." })
    .trim()
    .min(2, "Skriv företagets namn.")
    .max(COMPANY_NAME_MAX, `Företagsnamnet får vara högst ${COMPANY_NAME_MAX} tecken.`)
    .refine(printable, CONTROL_CHARACTER_MESSAGE),
  contactName: giftFields.name,
  email: giftFields.email,
  street: giftFields.street,
  postalCode: giftFields.postalCode,
  city: giftFields.city,
  companyReference: z
    .string()
    .trim()
    .max(50, "Referensen får vara högst 50 tecken.")
    .refine(printable, CONTROL_CHARACTER_MESSAGE)
    .optional()
    .default(""),
  amount: z.string({ error: "Skriv hur mycket företaget vill ge." }).trim().min(1, "Skriv hur mycket företaget vill ge."),
  paymentMethod: z.enum(COMPANY_PAYMENT_METHODS, { error: "Välj hur företaget vill betala." }),
  website: giftFields.website,
  idempotencyKey: giftFields.idempotencyKey,
};

export function minimumMessage(limits: CompanyGiftLimits): string {
  return `Skattereduktion för företag gäller gåvor på minst ${formatNumber(limits.minKr)} kr. Skriv ett belopp mellan ${formatNumber(limits.minKr)} och ${formatNumber(COMPANY_GIFT_MAX_KR)} kronor i hela kronor.`;
}

export interface CompanyDetails {
  /** Ten digits. */
  organisationsnummer: string;
  name: string;
  contactName: string;
  reference: string | null;
}

export interface CompanyGiftData {
  company: CompanyDetails;
  /** The shared gift fields, as every gift goes to payment (core/gifts/give-gift.ts). */
  gift: GiftFormData;
}

type CompanyGiftValues = z.output<z.ZodObject<typeof companyGiftFields>>;

/** The amount within the limits and the invoice address; shared by the API's schema and the page's (company-christmas.ts adds the card). */
export function checkCompanyGift(value: CompanyGiftValues, ctx: z.RefinementCtx, limits: CompanyGiftLimits): void {
  const kr = amountKr(OTHER_AMOUNT, value.amount);
  if (kr === null || kr < limits.minKr || kr > COMPANY_GIFT_MAX_KR) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: minimumMessage(limits) });
  }
  // Every company gives its address: the invoice goes there, and so will the year's statement.
  checkInvoiceAddress(value, ctx);
}

export function companyGiftData(value: CompanyGiftValues): CompanyGiftData {
  return {
    company: {
      organisationsnummer: parseOrganisationsnummer(value.organisationsnummer)?.digits ?? "",
      name: value.companyName,
      contactName: value.contactName,
      reference: value.companyReference === "" ? null : value.companyReference,
    },
    gift: {
      amountOre: (amountKr(OTHER_AMOUNT, value.amount) ?? 0) * 100,
      // The company is the giver: its name is on the invoice and the receipt; the contact person is in company_gifts.
      name: value.companyName,
      email: value.email.toLowerCase(),
      // Never a person's: a company gift carries no personnummer (decision 0045).
      personnummer: null,
      // A company is not named on the live pages: the form has no such choice.
      publicMention: null,
      newsletter: false,
      paymentMethod: value.paymentMethod,
      swishPayerAlias: null,
      address: { street: value.street, postalCode: formatPostalCode(value.postalCode), city: value.city },
      swishDevice: "this",
      isBot: value.website.trim() !== "",
      idempotencyKey: value.idempotencyKey,
    },
  };
}

export function companyGiftSchema(limits: CompanyGiftLimits) {
  return z
    .object(companyGiftFields)
    .superRefine((value, ctx) => checkCompanyGift(value, ctx, limits))
    .transform(companyGiftData);
}

/**
 * The page's schema (/foretag/ge-en-gava): the API's fields and the Christmas
 * card's (the logo and the list are files, read beside it in the action).
 */
export function companyGiftPageSchema(limits: CompanyGiftLimits, cards: CardChoices, now: Date) {
  return z
    .object({ ...companyGiftFields, ...christmasCardFields })
    .superRefine((value, ctx) => {
      checkCompanyGift(value, ctx, limits);
      checkChristmasCard(value, ctx, cards, now);
    })
    .transform((value) => ({ ...companyGiftData(value), card: christmasCardChoice(value) }));
}

export type CompanyGiftPageData = z.output<ReturnType<typeof companyGiftPageSchema>>;

export type CompanyGiftInput = z.input<ReturnType<typeof companyGiftSchema>>;
