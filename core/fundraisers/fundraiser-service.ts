import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import { z } from "zod";
import type { DB, FundraisersTable } from "#db/schema";
import type { Clock } from "../clock";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { enqueueJob } from "../jobs/job-queue";
import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import { swedishDate } from "../calendar/swedish-calendar";
import { generatedSlug } from "../memorial/collection-slug";
import { newManageTokenId, readManageLink, sameTokenId, signManageLink } from "../memorial/collection-links";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";
import { FUNDRAISER_KIND_LABELS, PERSONAL_FUNDRAISER_KINDS, type PersonalFundraiserKind } from "./fundraiser-kinds";
import type { FundraiserGiftData, StartFundraiserData } from "./fundraiser-forms";
import type { WallGiftFacts } from "./fundraiser-wall";
import { storeFundraiserPicture, type ProcessedPicture } from "./fundraiser-pictures";
import { FundraiserClosedError, FundraiserInputError } from "./fundraiser-errors";
import { joinableTeam } from "./fundraiser-team-rules";

/**
 * Personal fundraisers (insamlingar, decision 0050): started at /insamling by
 * anyone, confirmed by BankID at once or by opening the e-mailed manage link,
 * reviewed by staff before they are listed at /insamlingar, given to on their
 * own page in one step. The same table holds memorial collections
 * (core/memorial/collection-service.ts); everything here is for the personal
 * kinds only.
 */
export type FundraiserRow = Selectable<FundraisersTable> & { kind: PersonalFundraiserKind; title: string; picture: NonNullable<FundraisersTable["picture"]> };
type Executor = Kysely<DB> | Transaction<DB>;

export const FUNDRAISER_LINK_JOB = "fundraiser-link";
export const FUNDRAISER_REVIEW_JOB = "fundraiser-review";

export function fundraiserPath(slug: string): string {
  return `/insamling/${slug}`;
}

export function fundraiserManagePath(slug: string, token: string): string {
  return `${fundraiserPath(slug)}/hantera?token=${encodeURIComponent(token)}`;
}

export { FundraiserClosedError, FundraiserInputError } from "./fundraiser-errors";

const TAKEN = "Den adressen är redan tagen. Välj en annan, eller lämna fältet tomt så skapar vi en åt dig.";

/** A fundraiser row of a personal kind (the database's check keeps its title and picture set). */
export function asFundraiser(row: Selectable<FundraisersTable> | undefined): FundraiserRow | undefined {
  if (!row || !(PERSONAL_FUNDRAISER_KINDS as readonly string[]).includes(row.kind) || row.title === null || row.picture === null) return undefined;
  return row as FundraiserRow;
}

export async function findFundraiserBySlug(db: Executor, slug: string): Promise<FundraiserRow | undefined> {
  return asFundraiser(await db.selectFrom("fundraisers").selectAll().where("slug", "=", slug).where("kind", "<>", "memorial").executeTakeFirst());
}

export async function findFundraiserById(db: Executor, id: string): Promise<FundraiserRow | undefined> {
  return asFundraiser(await db.selectFrom("fundraisers").selectAll().where("id", "=", id).where("kind", "<>", "memorial").executeTakeFirst());
}

export interface StartFundraiserDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** The link-token key (core/my-data/token-format.ts tokenSigningKey), as for memorial collections. */
  linkKey: Buffer;
  /** E-mails to one address a visitor typed: the link goes to the organiser's (core/mail/recipient-limit.ts). */
  recipientMail: RecipientCounter;
  /** Whether a team works before staff review, as a fundraiser does (a page started from a team's link joins it). */
  visibleBeforeReview?: boolean;
}

/** Who starts it: a donor logged in with BankID (confirmed at once, the link to their own address), or an address that must confirm. */
export interface Organiser {
  donorId: string | null;
}

/**
 * Starts a personal fundraiser, waiting for staff review. The manage link is
 * e-mailed by a job queued in the same transaction; until it has been opened
 * once (or at once with BankID) the page shows nothing.
 */
export async function startFundraiser(
  deps: StartFundraiserDeps,
  data: StartFundraiserData,
  organiser: Organiser,
  // An uploaded picture, decoded already: stored with the page, waiting for staff (decision 0053).
  picture: ProcessedPicture | null = null,
): Promise<{ fundraiser: FundraiserRow; token: string }> {
  if (data.slug && (await findSlug(deps.db, data.slug))) throw new FundraiserInputError({ slug: TAKEN });
  // Started from a team's join link: the team must take members now (core/fundraisers/fundraiser-team-rules.ts).
  const team = data.team ? await joinableTeam(deps.db, data.team, { visibleBeforeReview: deps.visibleBeforeReview ?? true }) : null;
  const organiserEmail = data.organiserEmail;
  const addresses = [{ address: organiserEmail, field: "organiserEmail" }];
  await checkRecipientMail(deps.recipientMail, addresses);
  const now = deps.clock.now().toISOString();
  const row: FundraiserRow = {
    id: crypto.randomUUID(),
    slug: data.slug ?? generatedSlug(data.title),
    kind: data.kind,
    title: data.title,
    memorial_id: null,
    organiser_kind: null,
    organiser_name: data.organiserName,
    organiser_email: organiserEmail,
    organiser_donor_id: organiser.donorId,
    message: data.message,
    design: null,
    picture: data.picture,
    goal_ore: data.goalOre,
    ends_on: data.endsOn,
    listed: data.listed ? 1 : 0,
    review: "pending",
    review_reason: null,
    reviewed_at: null,
    reviewed_by: null,
    confirmed_at: organiser.donorId ? now : null,
    hidden_at: null,
    hidden_reason: null,
    show_greetings: 1,
    show_total: data.showTotal ? 1 : 0,
    status: "open",
    manage_token_id: newManageTokenId(),
    closed_at: null,
    sheets_sent_at: null,
    created_at: now,
    updated_at: now,
    team_id: team?.id ?? null,
    thank_you_text: null,
    thanked_at: null,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto("fundraisers").values(row).execute();
      if (picture) await storeFundraiserPicture(trx, deps.clock, row.id, picture, data.pictureAlt);
      await enqueueJob(trx, deps.clock, { type: FUNDRAISER_LINK_JOB, payload: { fundraiserId: row.id }, dedupeKey: `${FUNDRAISER_LINK_JOB}:${row.id}:${row.manage_token_id}` });
      await countRecipientMail(deps.recipientMail, addresses, trx);
    });
  } catch (error) {
    // Two organisers choosing the same address at the same moment: the unique index decides.
    if (data.slug && (await findSlug(deps.db, data.slug))) throw new FundraiserInputError({ slug: TAKEN });
    throw error;
  }
  return { fundraiser: row, token: signManageLink(deps.linkKey, { id: row.id, manageTokenId: row.manage_token_id }, deps.clock.now()) };
}

async function findSlug(db: Executor, slug: string) {
  return db.selectFrom("fundraisers").select("id").where("slug", "=", slug).executeTakeFirst();
}

export type FundraiserManageAccess = { ok: true; fundraiser: FundraiserRow } | { ok: false; reason: "invalid" | "expired" };

/**
 * The manage link for `slug` (the signature first, then that it names this
 * fundraiser and its current link id). Opening it confirms the organiser's
 * address once.
 */
export async function verifyFundraiserManageAccess(db: Kysely<DB>, clock: Clock, linkKey: Buffer, slug: string, token: string | null): Promise<FundraiserManageAccess> {
  const check = readManageLink(linkKey, token, clock.now());
  if (!check.ok) return check;
  const fundraiser = await findFundraiserBySlug(db, slug);
  if (!fundraiser || fundraiser.id !== check.collectionId || !sameTokenId(fundraiser.manage_token_id, check.tokenId)) return { ok: false, reason: "invalid" };
  if (fundraiser.confirmed_at === null) {
    const now = clock.now().toISOString();
    await db.updateTable("fundraisers").set({ confirmed_at: now, updated_at: now }).where("id", "=", fundraiser.id).where("confirmed_at", "is", null).execute();
    return { ok: true, fundraiser: { ...fundraiser, confirmed_at: now } };
  }
  return { ok: true, fundraiser };
}

/** Whether a signed-in donor started this fundraiser (or team) with BankID: their session then manages it as the link does (decision 0052). */
export function organisedBy(page: { organiser_donor_id: string | null }, donorId: string | null | undefined): boolean {
  return typeof donorId === "string" && donorId !== "" && page.organiser_donor_id === donorId;
}

/** What shows the visitor may manage a page: the e-mailed link's token, or the BankID session of the donor who started it. */
export interface ManageProof {
  token: string | null;
  donorId: string | null;
}

/**
 * The organiser's way in (decision 0052): the donor who started the page with
 * BankID, by their session, without the link; anyone else by the signed link
 * (verifyFundraiserManageAccess). Another signed-in donor is not let in by
 * their session, and without a valid link is refused as a stranger is.
 */
export async function fundraiserManageAccess(db: Kysely<DB>, clock: Clock, linkKey: Buffer, slug: string, proof: ManageProof): Promise<FundraiserManageAccess & { bySession?: boolean }> {
  if (proof.donorId) {
    const fundraiser = await findFundraiserBySlug(db, slug);
    if (fundraiser && organisedBy(fundraiser, proof.donorId)) return { ok: true, fundraiser, bySession: true };
  }
  return verifyFundraiserManageAccess(db, clock, linkKey, slug, proof.token);
}

/** The personal fundraisers a donor started with BankID, newest first (Mina sidor). */
export async function fundraisersOrganisedBy(db: Kysely<DB>, donorId: string): Promise<FundraiserRow[]> {
  const rows = await db.selectFrom("fundraisers").selectAll().where("organiser_donor_id", "=", donorId).where("kind", "<>", "memorial").orderBy("created_at", "desc").limit(100).execute();
  return rows.map(asFundraiser).filter((r): r is FundraiserRow => r !== undefined);
}

/** What a visitor at the page's address gets (decision 0050). */
export type PageVisibility = "visible" | "unconfirmed" | "waiting" | "refused" | "hidden";

export function pageVisibility(fundraiser: FundraiserRow, options: { visibleBeforeReview: boolean }): PageVisibility {
  if (fundraiser.hidden_at !== null) return "hidden";
  if (fundraiser.confirmed_at === null) return "unconfirmed";
  if (fundraiser.review === "refused") return "refused";
  if (fundraiser.review === "pending" && !options.visibleBeforeReview) return "waiting";
  return "visible";
}

/** Whether the page takes gifts now: open, visible, and not past its end date (Swedish date). */
export function takesGifts(fundraiser: FundraiserRow, now: Date, options: { visibleBeforeReview: boolean }): boolean {
  if (fundraiser.status !== "open" || pageVisibility(fundraiser, options) !== "visible") return false;
  return fundraiser.ends_on === null || swedishDate(now) <= fundraiser.ends_on;
}

/**
 * A gift given on the fundraiser's page: an ordinary one-off gift (in tax data
 * as any other) with its wall row stored in the gift's transaction, which
 * checks again that the page is still open.
 */
export async function giveFundraiserGift(
  deps: GiveGiftDeps,
  fundraiser: FundraiserRow,
  data: FundraiserGiftData,
  options: { visibleBeforeReview: boolean },
  extras: { donorId?: string | null } = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  if (!takesGifts(fundraiser, deps.clock.now(), options)) throw new FundraiserClosedError();
  return giveGift(deps, data.gift, {
    giftType: "one_off",
    donorId: extras.donorId ?? null,
    storeWith: async (trx, gift) => {
      const current = asFundraiser(await trx.selectFrom("fundraisers").selectAll().where("id", "=", fundraiser.id).executeTakeFirst());
      if (!current || !takesGifts(current, deps.clock.now(), options)) throw new FundraiserClosedError();
      await trx
        .insertInto("fundraiser_gifts")
        .values({
          gift_id: gift.id,
          fundraiser_id: fundraiser.id,
          show_on_page: data.wall.showName ? 1 : 0,
          show_amount: data.wall.showAmount ? 1 : 0,
          display_name: data.wall.displayName,
          greeting: data.wall.greeting === "" ? null : data.wall.greeting,
          wants_updates: data.wantsUpdates ? 1 : 0,
          hidden_at: null,
          created_at: gift.created_at,
        })
        .execute();
    },
  });
}

export interface FundraiserMailDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  site: SiteConfig;
  publicUrl: string;
  linkKey: Buffer;
}

const payloadSchema = z.object({ fundraiserId: z.string().min(1) });

async function fundraiserForJob(db: Executor, payload: unknown): Promise<FundraiserRow> {
  const { fundraiserId } = payloadSchema.parse(payload);
  const fundraiser = await findFundraiserById(db, fundraiserId);
  if (!fundraiser) throw new Error(`Unknown fundraiser ${fundraiserId}`);
  return fundraiser;
}

const signOff = (site: SiteConfig) => ["", "Varma hälsningar,", site.name, `${site.phone} · ${site.email}`];

/** The job after starting: the manage link, which also confirms the page when the organiser did not use BankID. */
export async function sendFundraiserLink(deps: FundraiserMailDeps, payload: unknown): Promise<void> {
  const fundraiser = await fundraiserForJob(deps.db, payload);
  const token = signManageLink(deps.linkKey, { id: fundraiser.id, manageTokenId: fundraiser.manage_token_id }, deps.clock.now());
  const manageUrl = `${deps.publicUrl}${fundraiserManagePath(fundraiser.slug, token)}`;
  const confirmed = fundraiser.confirmed_at !== null;
  await deps.mailer.send({
    to: fundraiser.organiser_email,
    subject: confirmed ? `Din insamling ”${fundraiser.title}” är startad` : `Bekräfta din insamling ”${fundraiser.title}”`,
    text: [
      `Hej ${fundraiser.organiser_name},`,
      "",
      confirmed
        ? `Tack för att du samlar in till hjärt- och lungforskningen! Din insamling ”${fundraiser.title}” är startad.`
        : `Tack för att du vill samla in till hjärt- och lungforskningen! Öppna länken nedan för att bekräfta din insamling ”${fundraiser.title}”. Sidan syns inte förrän du har gjort det.`,
      "",
      "Med den här länken hanterar du insamlingen: ändrar texten, skriver en hälsning till dem som gett, lägger till gåvor du fått på annat sätt och avslutar insamlingen. Spara mejlet och dela inte länken.",
      manageUrl,
      "",
      `Adressen att dela med vänner och familj: ${deps.publicUrl}${fundraiserPath(fundraiser.slug)}`,
      "",
      "Vi läser alla nya insamlingar innan de visas i listan på webbplatsen, oftast inom en arbetsdag.",
      ...signOff(deps.site),
    ].join("\n"),
  });
}

/** The job after staff's review: approved, or refused with staff's reason. */
export async function sendFundraiserReview(deps: FundraiserMailDeps, payload: unknown): Promise<void> {
  const fundraiser = await fundraiserForJob(deps.db, payload);
  if (fundraiser.review === "pending") return;
  const approved = fundraiser.review === "approved";
  await deps.mailer.send({
    to: fundraiser.organiser_email,
    subject: approved ? `Din insamling ”${fundraiser.title}” är godkänd` : `Din insamling ”${fundraiser.title}” kan inte visas`,
    text: [
      `Hej ${fundraiser.organiser_name},`,
      "",
      approved
        ? fundraiser.listed === 1
          ? "Vi har läst din insamling och den visas nu bland insamlingarna på vår webbplats. Tack för ditt engagemang!"
          : "Vi har läst din insamling och godkänt den. Den visas bara för dem som har adressen, som du valde."
        : "Vi har läst din insamling och kan tyvärr inte visa den på webbplatsen. Så här motiverar vi beslutet:",
      ...(approved ? [] : ["", fundraiser.review_reason ?? "", "", "Har du frågor, eller vill du ändra något och prova igen? Svara på det här mejlet eller ring oss."]),
      "",
      `${deps.publicUrl}${fundraiserPath(fundraiser.slug)}`,
      ...signOff(deps.site),
    ].join("\n"),
  });
}

export function describeKind(fundraiser: Pick<FundraiserRow, "kind">): string {
  return FUNDRAISER_KIND_LABELS[fundraiser.kind];
}

/** Every gift given on the page and every offline gift added to it, for the wall's rules (core/fundraisers/fundraiser-wall.ts). */
export async function fundraiserGiftFacts(db: Executor, fundraiserId: string): Promise<WallGiftFacts[]> {
  return (await fundraiserGiftFactsOf(db, [fundraiserId])).get(fundraiserId) ?? [];
}

/** The same for several pages at once (a team's members): two queries however many, by fundraiser id. */
export async function fundraiserGiftFactsOf(db: Executor, fundraiserIds: readonly string[]): Promise<Map<string, WallGiftFacts[]>> {
  const byId = new Map<string, WallGiftFacts[]>(fundraiserIds.map((id) => [id, []]));
  if (fundraiserIds.length === 0) return byId;
  const online = await db
    .selectFrom("fundraiser_gifts as fg")
    .innerJoin("gifts as g", "g.id", "fg.gift_id")
    .select(["fg.fundraiser_id", "fg.gift_id", "fg.show_on_page", "fg.show_amount", "fg.display_name", "fg.greeting", "fg.hidden_at", "g.status", "g.amount_ore", "g.created_at"])
    .where("fg.fundraiser_id", "in", fundraiserIds)
    .execute();
  const offline = await db.selectFrom("fundraiser_offline_gifts").selectAll().where("fundraiser_id", "in", fundraiserIds).execute();
  for (const row of online) {
    byId.get(row.fundraiser_id)?.push({
      id: row.gift_id,
      paid: row.status === "paid",
      amountOre: row.amount_ore,
      name: row.display_name,
      greeting: row.greeting,
      showName: row.show_on_page === 1,
      showAmount: row.show_amount === 1,
      hidden: row.hidden_at !== null,
      offline: false,
      createdAt: row.created_at,
    });
  }
  for (const row of offline) {
    byId.get(row.fundraiser_id)?.push({
      id: row.id,
      paid: true,
      amountOre: row.amount_ore,
      name: row.display_name,
      greeting: null,
      showName: row.display_name !== null,
      showAmount: true,
      hidden: false,
      offline: true,
      createdAt: row.created_at,
    });
  }
  return byId;
}
