import { z } from "zod";
import { checkGift, giftData, giftFields, type GiftLimits } from "../gifts/gift-form";
import { EMAIL_MAX, multiLineText, nameText, oneLineText } from "../text/text-fields";
import { addDays, daysBetween, isIsoDate, type IsoDate } from "../calendar/swedish-calendar";
import { checkChosenSlug, foldSlug } from "../memorial/collection-slug";
import { FUNDRAISER_PICTURES, isPersonalKind, type FundraiserPicture, type PersonalFundraiserKind } from "./fundraiser-kinds";
import { ALT_TEXT_MAX_CHARACTERS, PICTURE_MESSAGES } from "./fundraiser-pictures";

/**
 * A personal fundraiser's forms (decision 0050): starting one at /insamling,
 * giving on its page in one step, and the organiser's and visitors' smaller
 * forms. Text follows the site's field rules (core/text/text-fields.ts);
 * messages are Swedish; one schema for page and action (decision 0011).
 */
export const TITLE_MAX_CHARACTERS = 80;
export const PURPOSE_MAX_CHARACTERS = 1000;
export const WALL_GREETING_MAX_CHARACTERS = 300;
export const UPDATE_MAX_CHARACTERS = 1000;
export const REPORT_MAX_CHARACTERS = 500;
export const REASON_MAX_CHARACTERS = 500;
/** A goal in whole kronor: at least a small party's worth, at most what a page could plausibly raise. */
export const GOAL_MIN_KR = 500;
export const GOAL_MAX_KR = 10_000_000;
/** How far ahead an end date may be. */
export const MAX_DAYS_OPEN = 366;

const checked = (value: string | undefined) => value === "on" || value === "true";
const isPicture = (value: string): value is FundraiserPicture => (FUNDRAISER_PICTURES as readonly string[]).includes(value);
const email = (missing: string) =>
  z.string().trim().max(EMAIL_MAX, "E-postadressen är för lång.").pipe(z.email(missing));

/** A chosen file in the parsed form (Conform leaves out an empty file input); the file itself is read by the action (decision 0053). */
const isChosenFile = (value: unknown): boolean => typeof value === "object" && value !== null && "size" in value && (value as { size: unknown }).size !== 0;
/** The uploaded picture's description: required with a picture (decision 0053). */
const pictureAlt = () => oneLineText(ALT_TEXT_MAX_CHARACTERS, `Beskrivningen får vara högst ${ALT_TEXT_MAX_CHARACTERS} tecken.`).optional().default("");

/** "5 000", "5000 kr", "5000,00": whole kronor; null when it is not a number. */
export function parseKronor(input: string): number | null {
  const cleaned = input.replace(/\s|kr|:-/gi, "").replace(/,00$/, "");
  return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : null;
}

export function startFundraiserSchema(today: IsoDate) {
  return z
    .object({
      kind: z.string().optional().default(""),
      title: oneLineText(TITLE_MAX_CHARACTERS, `Rubriken får vara högst ${TITLE_MAX_CHARACTERS} tecken.`).pipe(
        z.string().min(3, "Skriv en rubrik, till exempel Annas 50-årsdag för hjärtat."),
      ),
      message: multiLineText(PURPOSE_MAX_CHARACTERS, `Texten får vara högst ${PURPOSE_MAX_CHARACTERS} tecken.`).pipe(
        z.string().min(10, "Berätta med några meningar varför du samlar in, så vet de som ger vad de är med om."),
      ),
      goal: z.string().trim().optional().default(""),
      endsOn: z.string().trim().optional().default(""),
      picture: z.string().optional().default(""),
      pictureFile: z.unknown().optional(),
      pictureAlt: pictureAlt(),
      organiserName: nameText().pipe(z.string().min(2, "Skriv ditt namn så som det ska stå på sidan.")),
      // Where the manage link goes; without BankID, opening it is what confirms the page.
      organiserEmail: email("Skriv din e-postadress, till exempel namn@exempel.se. Dit skickar vi länken för att hantera insamlingen."),
      slug: z.string().trim().max(120, "Adressen får vara högst 60 tecken.").optional().default(""),
      listed: z.string().optional(),
      showTotal: z.string().optional(),
      terms: z.string().optional(),
      // A team's address when the page is started from its join link (?lag=…); core checks the team takes members.
      team: z.string().trim().max(120).optional().default(""),
    })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (!isPersonalKind(value.kind)) issue("kind", "Välj vad du samlar in till.");
      if (!isPicture(value.picture)) issue("picture", "Välj en bild till sidan.");
      if (isChosenFile(value.pictureFile) && value.pictureAlt.trim() === "") issue("pictureAlt", PICTURE_MESSAGES.altMissing);
      if (value.goal !== "") {
        const kr = parseKronor(value.goal);
        if (kr === null) issue("goal", "Skriv målet i hela kronor, till exempel 5000.");
        else if (kr < GOAL_MIN_KR || kr > GOAL_MAX_KR) issue("goal", `Målet behöver vara mellan ${GOAL_MIN_KR} och ${GOAL_MAX_KR.toLocaleString("sv-SE")} kronor.`);
      }
      if (value.endsOn !== "") {
        if (!isIsoDate(value.endsOn)) issue("endsOn", "Skriv slutdatumet som ÅÅÅÅ-MM-DD, till exempel 2027-03-01.");
        else if (daysBetween(today, value.endsOn) < 1) issue("endsOn", "Slutdatumet behöver vara tidigast i morgon.");
        else if (daysBetween(today, value.endsOn) > MAX_DAYS_OPEN) issue("endsOn", `Slutdatumet får vara högst ett år fram, senast ${addDays(today, MAX_DAYS_OPEN)}.`);
      }
      if (value.slug !== "") {
        const slug = checkChosenSlug(value.slug);
        if (!slug.ok) issue("slug", slug.message);
      }
      if (!checked(value.terms)) issue("terms", "Bekräfta att pengarna går till forskningen och att texten följer våra regler.");
    })
    .transform((value) => {
      const slug = value.slug === "" ? null : checkChosenSlug(value.slug);
      const goalKr = value.goal === "" ? null : parseKronor(value.goal);
      return {
        kind: value.kind as PersonalFundraiserKind,
        title: value.title.trim(),
        message: value.message.trim(),
        goalOre: goalKr === null ? null : goalKr * 100,
        endsOn: value.endsOn === "" ? null : value.endsOn,
        picture: value.picture as FundraiserPicture,
        pictureAlt: value.pictureAlt.trim(),
        organiserName: value.organiserName,
        organiserEmail: value.organiserEmail.toLowerCase(),
        slug: slug?.ok ? slug.slug : null,
        listed: checked(value.listed),
        showTotal: checked(value.showTotal),
        team: value.team === "" ? null : foldSlug(value.team),
      };
    });
}
export type StartFundraiserData = z.output<ReturnType<typeof startFundraiserSchema>>;

/** Giving on a personal fundraiser's page: the gift's own fields and what the donor wall may show. */
export function fundraiserGiftSchema(limits: GiftLimits) {
  return z
    .object({
      ...giftFields,
      displayName: nameText().optional().default(""),
      greeting: multiLineText(WALL_GREETING_MAX_CHARACTERS, `Hälsningen får vara högst ${WALL_GREETING_MAX_CHARACTERS} tecken.`).optional().default(""),
      showName: z.string().optional(),
      showAmount: z.string().optional(),
      wantsUpdates: z.string().optional(),
    })
    .superRefine((value, ctx) => checkGift(value, ctx, limits))
    .transform((value) => {
      const displayName = value.displayName.trim() === "" ? value.name : value.displayName.trim();
      return {
        gift: giftData(value),
        wall: {
          showName: checked(value.showName),
          displayName,
          greeting: value.greeting.trim(),
          showAmount: checked(value.showAmount),
        },
        wantsUpdates: checked(value.wantsUpdates),
      };
    });
}
export type FundraiserGiftData = z.output<ReturnType<typeof fundraiserGiftSchema>>;

/** A visitor's "report this page". */
export const reportFundraiserSchema = z.object({
  reason: multiLineText(REPORT_MAX_CHARACTERS, `Skriv högst ${REPORT_MAX_CHARACTERS} tecken.`).pipe(z.string().min(5, "Berätta kort vad som är fel med sidan.")),
});

/** Staff's review: approve, or refuse with a reason the organiser reads. */
export const reviewFundraiserSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve") }),
  z.object({
    decision: z.literal("refuse"),
    reason: multiLineText(REASON_MAX_CHARACTERS, `Skriv högst ${REASON_MAX_CHARACTERS} tecken.`).pipe(
      z.string().min(10, "Skriv varför sidan inte godkänns. Texten skickas till den som startade den."),
    ),
  }),
]);
export type ReviewFundraiserData = z.output<typeof reviewFundraiserSchema>;

const OFFLINE_MAX_KR = 1_000_000;
export const THANK_YOU_MAX_CHARACTERS = 1000;
/** A team's address (or its whole link) typed on the manage page; folded as addresses are. */
const teamAddress = z.object({
  team: z
    .string()
    .trim()
    .max(200, "Adressen är för lång.")
    .transform((value) => foldSlug(value.replace(/^.*\/insamling\/lag\//, "").replace(/[?#].*$/, "")))
    .pipe(z.string().min(3, "Skriv lagets adress, till exempel klass-9b, eller klistra in länken till laget.")),
});
const CLOSE_CONFIRMATION = "Kryssa i rutan om du vill avsluta insamlingen. Det går inte att ångra.";
const giftId = z.object({ giftId: z.string().trim().min(1, "Välj en hälsning.").max(64) });

/** The organiser's forms on their manage page, told apart by `intent` (core/fundraisers/fundraiser-organiser.ts does what they ask). */
export const organiserForms = {
  edit: z.object({
    message: multiLineText(PURPOSE_MAX_CHARACTERS, `Texten får vara högst ${PURPOSE_MAX_CHARACTERS} tecken.`).pipe(z.string().min(10, "Skriv några meningar om insamlingen.")),
  }),
  update: z.object({
    text: multiLineText(UPDATE_MAX_CHARACTERS, `Texten får vara högst ${UPDATE_MAX_CHARACTERS} tecken.`).pipe(z.string().min(5, "Skriv vad du vill berätta.")),
  }),
  offline: z
    .object({ amount: z.string().trim().min(1, "Skriv beloppet i hela kronor."), name: nameText().optional().default("") })
    .superRefine((value, ctx) => {
      const kr = parseKronor(value.amount);
      if (kr === null || kr < 1 || kr > OFFLINE_MAX_KR) ctx.addIssue({ code: "custom", path: ["amount"], message: `Skriv beloppet i hela kronor, mellan 1 och ${OFFLINE_MAX_KR.toLocaleString("sv-SE")}.` });
    })
    .transform((value) => ({ amountOre: (parseKronor(value.amount) ?? 0) * 100, name: value.name.trim() === "" ? null : value.name.trim() })),
  hide: giftId,
  show: giftId,
  close: z.object({
    confirm: z.string({ error: CLOSE_CONFIRMATION }).refine(checked, CLOSE_CONFIRMATION),
    // Mailed to every giver once the page has closed (core/fundraisers/fundraiser-thanks.ts); empty for the default thank-you.
    thankYou: multiLineText(THANK_YOU_MAX_CHARACTERS, `Tacket får vara högst ${THANK_YOU_MAX_CHARACTERS} tecken.`).optional().default(""),
  }),
  join: teamAddress,
  leave: z.object({}),
  picture: z
    .object({ pictureFile: z.unknown().optional(), pictureAlt: pictureAlt() })
    .superRefine((value, ctx) => {
      if (!isChosenFile(value.pictureFile)) ctx.addIssue({ code: "custom", path: ["pictureFile"], message: "Välj en bild (JPEG, PNG eller WebP)." });
      else if (value.pictureAlt.trim() === "") ctx.addIssue({ code: "custom", path: ["pictureAlt"], message: PICTURE_MESSAGES.altMissing });
    })
    .transform((value) => ({ pictureAlt: value.pictureAlt.trim() })),
  removePicture: z.object({}),
} as const;
export type OrganiserFormName = keyof typeof organiserForms;
export const isOrganiserFormName = (value: unknown): value is OrganiserFormName => typeof value === "string" && Object.hasOwn(organiserForms, value);


export const TEAM_NAME_MAX_CHARACTERS = 80;

/**
 * Starting a team (/insamling/lag, decision 0052): a name, a text, an
 * optional goal and address, and the organiser as for a fundraiser.
 */
export function startTeamSchema() {
  return z
    .object({
      name: oneLineText(TEAM_NAME_MAX_CHARACTERS, `Namnet får vara högst ${TEAM_NAME_MAX_CHARACTERS} tecken.`).pipe(
        z.string().min(3, "Skriv lagets namn, till exempel Klass 9B springer för hjärtat."),
      ),
      message: multiLineText(PURPOSE_MAX_CHARACTERS, `Texten får vara högst ${PURPOSE_MAX_CHARACTERS} tecken.`).pipe(
        z.string().min(10, "Berätta med några meningar vad laget gör och varför."),
      ),
      goal: z.string().trim().optional().default(""),
      organiserName: nameText().pipe(z.string().min(2, "Skriv ditt namn så som det ska stå på sidan.")),
      organiserEmail: email("Skriv din e-postadress, till exempel namn@exempel.se. Dit skickar vi länken för att hantera laget."),
      slug: z.string().trim().max(120, "Adressen får vara högst 60 tecken.").optional().default(""),
      listed: z.string().optional(),
      terms: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (value.goal !== "") {
        const kr = parseKronor(value.goal);
        if (kr === null) issue("goal", "Skriv målet i hela kronor, till exempel 20000.");
        else if (kr < GOAL_MIN_KR || kr > GOAL_MAX_KR) issue("goal", `Målet behöver vara mellan ${GOAL_MIN_KR} och ${GOAL_MAX_KR.toLocaleString("sv-SE")} kronor.`);
      }
      if (value.slug !== "") {
        const slug = checkChosenSlug(value.slug);
        if (!slug.ok) issue("slug", slug.message);
      }
      if (!checked(value.terms)) issue("terms", "Bekräfta att pengarna går till forskningen och att texten följer våra regler.");
    })
    .transform((value) => {
      const slug = value.slug === "" ? null : checkChosenSlug(value.slug);
      const goalKr = value.goal === "" ? null : parseKronor(value.goal);
      return {
        name: value.name.trim(),
        message: value.message.trim(),
        goalOre: goalKr === null ? null : goalKr * 100,
        organiserName: value.organiserName,
        organiserEmail: value.organiserEmail.toLowerCase(),
        slug: slug?.ok ? slug.slug : null,
        listed: checked(value.listed),
      };
    });
}
export type StartTeamData = z.output<ReturnType<typeof startTeamSchema>>;

/** The team organiser's forms on the team's manage page. */
export const teamOrganiserForms = {
  edit: organiserForms.edit,
  close: z.object({ confirm: z.string({ error: "Kryssa i rutan om du vill stänga laget för nya medlemmar." }).refine(checked, "Kryssa i rutan om du vill stänga laget för nya medlemmar.") }),
} as const;
export type TeamOrganiserFormName = keyof typeof teamOrganiserForms;
export const isTeamOrganiserFormName = (value: unknown): value is TeamOrganiserFormName => typeof value === "string" && Object.hasOwn(teamOrganiserForms, value);
