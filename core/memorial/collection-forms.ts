import { z } from "zod";
import { checkGift, giftData, giftFields, type GiftLimits } from "../gifts/gift-form";
import { plainText } from "../text/plain-text";
import { nameText } from "../text/text-fields";
import { memorialFields } from "./memorial-gift-form";
import { MEMORIAL_SHEET_DESIGNS, type MemorialSheetDesign } from "./sheet-designs";
import { COLLECTION_ORGANISER_KINDS, type CollectionOrganiserKind } from "./collection-status";
import { checkChosenSlug } from "./collection-slug";

/**
 * The memorial collection's three forms: opening one (the organiser), giving
 * on its page (anyone, in one step: the person is already chosen), and the
 * organiser's changes on the manage page. Messages in Swedish; one schema for
 * page and action (decision 0011).
 */
export const MESSAGE_MAX_CHARACTERS = 400;

const checked = (value: string | undefined) => value === "on" || value === "true";
const isOrganiserKind = (value: string): value is CollectionOrganiserKind => (COLLECTION_ORGANISER_KINDS as readonly string[]).includes(value);
const isDesign = (value: string): value is MemorialSheetDesign => (MEMORIAL_SHEET_DESIGNS as readonly string[]).includes(value);

export const openCollectionFields = {
  deceasedId: z.string().trim().max(64, "Välj personen i listan igen.").optional().default(""),
  organiserKind: z.string().optional().default(""),
  organiserName: nameText().pipe(
    z.string().min(2, "Skriv ert namn så som det ska stå på sidan, till exempel Familjen Öberg."),
  ),
  organiserEmail: z.string().trim().max(254, "E-postadressen är för lång.").pipe(z.email("Skriv en e-postadress, till exempel namn@exempel.se. Dit skickar vi länken för att hantera insamlingen.")),
  message: plainText({ multiLine: true, max: MESSAGE_MAX_CHARACTERS, tooLong: `Texten får vara högst ${MESSAGE_MAX_CHARACTERS} tecken.` }).optional().default(""),
  design: z.string().optional().default(""),
  slug: z.string().trim().max(120, "Adressen får vara högst 60 tecken.").optional().default(""),
  showGreetings: z.string().optional(),
  showTotal: z.string().optional(),
  familyConsent: z.string().optional(),
};

export function openCollectionSchema() {
  return z
    .object(openCollectionFields)
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (value.deceasedId === "") issue("deceasedId", "Sök efter personen och välj hen i listan.");
      if (!isOrganiserKind(value.organiserKind)) issue("organiserKind", "Välj vem du är.");
      if (!isDesign(value.design)) issue("design", "Välj motiv för minnesbladen.");
      if (value.slug !== "") {
        const slug = checkChosenSlug(value.slug);
        if (!slug.ok) issue("slug", slug.message);
      }
      if (!checked(value.familyConsent)) issue("familyConsent", "Bekräfta att familjen vill ha en minnesinsamling.");
    })
    .transform((value) => {
      const slug = value.slug === "" ? null : checkChosenSlug(value.slug);
      return {
        deceasedId: value.deceasedId,
        organiserKind: value.organiserKind as CollectionOrganiserKind,
        organiserName: value.organiserName,
        organiserEmail: value.organiserEmail.toLowerCase(),
        message: value.message.trim() === "" ? null : value.message.trim(),
        design: value.design as MemorialSheetDesign,
        slug: slug?.ok ? slug.slug : null,
        showGreetings: checked(value.showGreetings),
        showTotal: checked(value.showTotal),
      };
    });
}
export type OpenCollectionData = z.output<ReturnType<typeof openCollectionSchema>>;

/** Giving on the collection's page: the gift's own fields, the sheet's words, and what the page may show. */
export function collectionGiftSchema(limits: GiftLimits) {
  return z
    .object({
      ...giftFields,
      greeting: memorialFields.greeting,
      signature: memorialFields.signature,
      showAmount: memorialFields.showAmount,
      showOnPage: z.string().optional(),
    })
    .superRefine((value, ctx) => checkGift(value, ctx, limits))
    .transform((value) => ({
      gift: giftData(value),
      sheet: { greeting: value.greeting, signature: value.signature, showAmount: checked(value.showAmount) },
      showOnPage: checked(value.showOnPage),
    }));
}
export type CollectionGiftData = z.output<ReturnType<typeof collectionGiftSchema>>;

const CLOSE_CONFIRMATION = "Kryssa i rutan om ni vill avsluta insamlingen. Det går inte att ångra.";

/** The manage page's forms, told apart by `intent`. */
export const manageForms = {
  settings: z.object({ showGreetings: z.string().optional(), showTotal: z.string().optional() }).transform((v) => ({
    showGreetings: checked(v.showGreetings),
    showTotal: checked(v.showTotal),
  })),
  hide: z.object({ giftId: z.string().trim().min(1, "Välj en hälsning.").max(64) }),
  show: z.object({ giftId: z.string().trim().min(1, "Välj en hälsning.").max(64) }),
  // A box left unticked is not sent at all: required, so that a missing one is refused too.
  close: z.object({ confirm: z.string({ error: CLOSE_CONFIRMATION }).refine(checked, CLOSE_CONFIRMATION) }),
} as const;
export type ManageFormName = keyof typeof manageForms;
export const isManageFormName = (value: unknown): value is ManageFormName => typeof value === "string" && Object.hasOwn(manageForms, value);
