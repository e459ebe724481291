import { z } from "zod";
import { checkGift, giftData, giftFields, type GiftLimits } from "../gifts/gift-form";
import { plainText } from "../text/plain-text";
import { cityText, EMAIL_MAX, nameText, streetText } from "../text/text-fields";
import { daysBetween, isIsoDate, type IsoDate } from "../calendar/swedish-calendar";
import { GREETING_MAX_CHARACTERS, MEMORIAL_SHEET_DESIGNS, SIGNATURE_MAX_CHARACTERS, type MemorialSheetDesign } from "./sheet-designs";

/**
 * The memorial gift form: who is remembered (chosen from the death-notice
 * source, or typed by hand), where the memorial sheet goes (the funeral
 * parlour, the family by post, or the family by e-mail), the sheet's design
 * and words, and the gift's shared fields (amount, donor, payment). One
 * schema for the page, its action and POST /api/MemorialGift/Add. Dates are
 * checked against `today` (Swedish date), which the page and the server pass.
 */
export const SHEET_DESTINATIONS = ["parlour", "family_post", "family_email"] as const;
export type SheetDestination = (typeof SHEET_DESTINATIONS)[number];

/** How far back a death may be typed by hand: older memorial gifts are given, but rarely with a sheet before a funeral. */
const MAX_DAYS_SINCE_DEATH = 365;

export const memorialFields = {
  deceasedId: z.string().trim().max(64, "Välj personen i listan igen.").optional().default(""),
  deceasedName: nameText().optional().default(""),
  deceasedDeathDate: z.string().trim().optional().default(""),
  deceasedTown: cityText().optional().default(""),
  funeralDate: z.string().trim().optional().default(""),
  // Checked in checkMemorial rather than as enums, so that a missing choice does not hide every other message until the next submit.
  sheetTo: z.string().optional().default(""),
  parlourId: z.string().trim().max(64, "Välj begravningsbyrån i listan igen.").optional().default(""),
  recipientName: nameText().optional().default(""),
  recipientEmail: z.string().trim().max(EMAIL_MAX, "E-postadressen är för lång.").optional().default(""),
  recipientStreet: streetText().optional().default(""),
  recipientPostalCode: z.string().trim().optional().default(""),
  recipientCity: cityText().optional().default(""),
  design: z.string().optional().default(""),
  greeting: plainText({ multiLine: true, max: GREETING_MAX_CHARACTERS, tooLong: `Hälsningen får vara högst ${GREETING_MAX_CHARACTERS} tecken.` })
    .optional()
    .default(""),
  signature: plainText({ max: SIGNATURE_MAX_CHARACTERS, tooLong: `Skriv högst ${SIGNATURE_MAX_CHARACTERS} tecken under Hälsningar från.` }).pipe(
    z.string().min(2, "Skriv vem hälsningen är från, till exempel Anna och Per Svensson."),
  ),
  showAmount: z.string().optional(),
};

type MemorialFieldValues = z.output<z.ZodObject<typeof memorialFields>>;

const isEmail = (value: string) => z.email().safeParse(value).success;

const isDestination = (value: string): value is SheetDestination => (SHEET_DESTINATIONS as readonly string[]).includes(value);
const isDesign = (value: string): value is MemorialSheetDesign => (MEMORIAL_SHEET_DESIGNS as readonly string[]).includes(value);

export function checkMemorial(value: MemorialFieldValues, ctx: z.RefinementCtx, today: IsoDate): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!isDestination(value.sheetTo)) issue("sheetTo", "Välj vart minnesbladet ska skickas.");
  if (!isDesign(value.design)) issue("design", "Välj hur minnesbladet ska se ut.");
  if (value.deceasedId === "") {
    if (value.deceasedName.length < 2) issue("deceasedName", "Sök efter personen du vill hedra, eller skriv namnet.");
    if (!isIsoDate(value.deceasedDeathDate)) issue("deceasedDeathDate", "Skriv dödsdatumet som ÅÅÅÅ-MM-DD, till exempel 2026-11-20.");
    else if (daysBetween(value.deceasedDeathDate, today) < 0) issue("deceasedDeathDate", "Dödsdatumet kan inte vara senare än i dag.");
    else if (daysBetween(value.deceasedDeathDate, today) > MAX_DAYS_SINCE_DEATH) issue("deceasedDeathDate", "Dödsdatumet ska vara inom det senaste året.");
    if (value.deceasedTown.length < 2) issue("deceasedTown", "Skriv orten där personen bodde.");
    if (value.funeralDate !== "") {
      if (!isIsoDate(value.funeralDate)) issue("funeralDate", "Skriv begravningsdagen som ÅÅÅÅ-MM-DD, eller lämna fältet tomt.");
      else if (daysBetween(today, value.funeralDate) < 0) issue("funeralDate", "Begravningen har redan varit. Lämna fältet tomt, så skickar vi minnesbladet till familjen.");
    }
  }
  if (value.sheetTo === "parlour" && value.parlourId === "") issue("parlourId", "Sök efter begravningsbyrån och välj den i listan.");
  if ((value.sheetTo === "family_post" || value.sheetTo === "family_email") && value.recipientName.length < 2) issue("recipientName", "Skriv vem minnesbladet ska till, till exempel Familjen Andersson.");
  if (value.sheetTo === "family_email" && !isEmail(value.recipientEmail)) issue("recipientEmail", "Skriv familjens e-postadress, till exempel namn@exempel.se.");
  if (value.sheetTo === "family_post") {
    if (value.recipientStreet.length < 2) issue("recipientStreet", "Skriv gatuadressen som minnesbladet ska skickas till.");
    if (!/^\d{3}\s?\d{2}$/.test(value.recipientPostalCode)) issue("recipientPostalCode", "Skriv postnumret med fem siffror, till exempel 123 45.");
    if (value.recipientCity.length < 2) issue("recipientCity", "Skriv orten.");
  }
}

/** The person chosen from the source's search, or typed by the donor when the source did not have them. */
export type DeceasedChoice =
  | { from: "source"; sourceId: string }
  | { from: "typed"; name: string; dateOfDeath: IsoDate; homeTown: string; funeralDate: IsoDate | null };

/** After checkMemorial: the choices are known to be in their sets. */
export function memorialData(value: MemorialFieldValues) {
  if (!isDestination(value.sheetTo) || !isDesign(value.design)) throw new Error("memorialData before checkMemorial");
  const design: MemorialSheetDesign = value.design;
  const deceased: DeceasedChoice =
    value.deceasedId !== ""
      ? { from: "source", sourceId: value.deceasedId }
      : {
          from: "typed",
          name: value.deceasedName,
          dateOfDeath: value.deceasedDeathDate,
          homeTown: value.deceasedTown,
          funeralDate: value.funeralDate === "" ? null : value.funeralDate,
        };
  const destination =
    value.sheetTo === "parlour"
      ? ({ to: "parlour", parlourId: value.parlourId } as const)
      : value.sheetTo === "family_email"
        ? ({ to: "family_email", name: value.recipientName, email: value.recipientEmail.toLowerCase() } as const)
        : ({
            to: "family_post",
            name: value.recipientName,
            address: {
              street: value.recipientStreet,
              postalCode: value.recipientPostalCode.replace(/^(\d{3})\s?(\d{2})$/, "$1 $2"),
              city: value.recipientCity,
            },
          } as const);
  return {
    deceased,
    destination,
    sheet: { design, greeting: value.greeting, signature: value.signature, showAmount: value.showAmount === "on" || value.showAmount === "true" },
  };
}

export type MemorialData = ReturnType<typeof memorialData>;

export function memorialGiftFormSchema(limits: GiftLimits, today: IsoDate) {
  return z
    .object({ ...giftFields, ...memorialFields })
    .superRefine((value, ctx) => {
      checkGift(value, ctx, limits);
      checkMemorial(value, ctx, today);
    })
    .transform((value) => ({ gift: giftData(value), memorial: memorialData(value) }));
}

export type MemorialGiftFormData = z.output<ReturnType<typeof memorialGiftFormSchema>>;
