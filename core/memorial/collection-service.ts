import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import { z } from "zod";
import type { DB, FundraisersTable } from "#db/schema";
import type { Clock } from "../clock";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRenderer, DocumentRequest } from "../documents/document-renderer";
import { enqueueJob } from "../jobs/job-queue";
import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import { transitionOrderItem } from "../orders/order-transitions";
import { formatSek } from "../site/format";
import { memorialFor, memorialFromSource, type MemorialLookup, type MemorialRow } from "./give-memorial-gift";
import { memorialSheetData, memorialSheetForItem, storedSheetContent } from "./memorial-sheet";
import { sheetFileName } from "./sheet-delivery";
import { generatedSlug } from "./collection-slug";
import { newManageTokenId, readManageLink, sameTokenId, signManageLink } from "./collection-links";
import { managedCollectionGifts, type CollectionGiftFacts } from "./collection-privacy";
import type { CollectionGiftData, OpenCollectionData } from "./collection-forms";
import type { LimitCounter } from "../rate-limits/rate-limiter";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";
import { FundraiserClosedError, FundraiserInputError } from "../fundraisers/fundraiser-errors";

/**
 * Memorial collections (minnesinsamlingar, decision 0019): opened for one
 * person from the death-notice source, given to on their page in one step,
 * managed through a signed link, and closed, after which the organiser gets
 * every sheet in one PDF by e-mail (a job) and from the manage page.
 *
 * A gift given on the page is an ordinary memorial gift (decision 0012) whose
 * one memorial_sheet item goes by the channel `download`: it is not e-mailed
 * on its own but waits, `ready` once paid, for the collection to close; the
 * link to the collection is stored in the gift's own transaction, which also
 * checks that the collection is still open.
 */
/** A fundraiser of the kind `memorial` (decision 0050): its person, opener and sheet design are always set. */
export type CollectionRow = Selectable<FundraisersTable> & {
  kind: "memorial";
  memorial_id: string;
  organiser_kind: NonNullable<FundraisersTable["organiser_kind"]>;
  design: NonNullable<FundraisersTable["design"]>;
};

/** A fundraiser row that is a memorial collection (the database's check keeps its memorial columns set). */
export function asCollection(row: Selectable<FundraisersTable> | undefined): CollectionRow | undefined {
  if (!row || row.kind !== "memorial" || row.memorial_id === null || row.organiser_kind === null || row.design === null) return undefined;
  return row as CollectionRow;
}
type Executor = Kysely<DB> | Transaction<DB>;

export const COLLECTION_LINK_JOB = "memorial-collection-link";
export const COLLECTION_SHEETS_JOB = "memorial-collection-sheets";

const CLOSED = "Minnesinsamlingen är avslutad och tar inte emot fler gåvor.";

export function collectionPath(slug: string): string {
  return `/minnesinsamling/${slug}`;
}

export function managePath(slug: string, token: string): string {
  return `${collectionPath(slug)}/hantera?token=${encodeURIComponent(token)}`;
}

export interface OpenCollectionDeps {
  db: Kysely<DB>;
  clock: Clock;
  memorialLookup: MemorialLookup;
  /** The link-token key (core/my-data/token-format.ts tokenSigningKey). */
  linkKey: Buffer;
  /** Collections opened for one deceased person (MEMORIAL_COLLECTIONS_PER_DECEASED_PER_DAY), keyed by the memorial's id. */
  perDeceased: Pick<LimitCounter, "hit" | "peek">;
  /** E-mails to one address a visitor typed: the manage link goes to the organiser's (core/mail/recipient-limit.ts). */
  recipientMail: RecipientCounter;
}

/** Why a person has had enough collections opened for now; points to the open one, where the family can give instead. */
export function collectionsPerDeceasedMessage(name: string, open: Pick<CollectionRow, "slug"> | undefined): string {
  const existing = open ? ` Det finns redan en minnesinsamling för ${name}: ${collectionPath(open.slug)} – ge gärna där i stället.` : "";
  return `Det har startats flera minnesinsamlingar för ${name} det senaste dygnet.${existing} Vill ni ändå starta en egen, försök igen i morgon eller ring oss.`;
}

/**
 * Opens a collection for a person the source knows; the manage link is
 * e-mailed by a job queued in the same transaction. Returns the row and the
 * link's token (the page sends the organiser straight to it).
 */
export async function openCollection(deps: OpenCollectionDeps, data: OpenCollectionData): Promise<{ collection: CollectionRow; token: string }> {
  const person = await deps.memorialLookup.deceased(data.deceasedId);
  if (!person) throw new FundraiserInputError({ deceasedId: "Vi hittar inte längre personen du valde. Sök igen." });
  const memorial = await memorialFor(deps.db, deps.clock, memorialFromSource(person));
  if (data.slug && (await findCollectionBySlug(deps.db, data.slug))) {
    throw new FundraiserInputError({ slug: "Den adressen är redan tagen. Välj en annan, eller lämna fältet tomt så skapar vi en åt er." });
  }
  // One person's collections are capped, so nobody can open many in someone's name (issue #30).
  if (!(await deps.perDeceased.peek(memorial.id))) {
    throw new FundraiserInputError({ deceasedId: collectionsPerDeceasedMessage(memorial.name, await newestOpenCollection(deps.db, memorial.id)) });
  }
  const organiserAddress = [{ address: data.organiserEmail, field: "organiserEmail" }];
  await checkRecipientMail(deps.recipientMail, organiserAddress);
  const now = deps.clock.now().toISOString();
  const row: CollectionRow = {
    id: crypto.randomUUID(),
    slug: data.slug ?? generatedSlug(memorial.name),
    kind: "memorial",
    title: null,
    memorial_id: memorial.id,
    organiser_kind: data.organiserKind,
    organiser_name: data.organiserName,
    organiser_email: data.organiserEmail,
    organiser_donor_id: null,
    message: data.message,
    design: data.design,
    picture: null,
    goal_ore: null,
    ends_on: null,
    // Never listed at /insamlingar, so nothing for staff to review (decision 0050).
    listed: 0,
    review: "approved",
    review_reason: null,
    reviewed_at: null,
    reviewed_by: null,
    confirmed_at: now,
    hidden_at: null,
    hidden_reason: null,
    show_greetings: data.showGreetings ? 1 : 0,
    show_total: data.showTotal ? 1 : 0,
    status: "open",
    manage_token_id: newManageTokenId(),
    closed_at: null,
    sheets_sent_at: null,
    created_at: now,
    updated_at: now,
    // Never in a team, and the family's sheets are its thanks (decision 0052).
    team_id: null,
    thank_you_text: null,
    thanked_at: null,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto("fundraisers").values(row).execute();
      await enqueueJob(trx, deps.clock, { type: COLLECTION_LINK_JOB, payload: { collectionId: row.id }, dedupeKey: `${COLLECTION_LINK_JOB}:${row.id}:${row.manage_token_id}` });
      await deps.perDeceased.hit(memorial.id, trx);
      await countRecipientMail(deps.recipientMail, organiserAddress, trx);
    });
  } catch (error) {
    // Two organisers choosing the same address at the same moment: the unique index decides.
    if (data.slug && (await findCollectionBySlug(deps.db, data.slug))) {
      throw new FundraiserInputError({ slug: "Den adressen är redan tagen. Välj en annan, eller lämna fältet tomt så skapar vi en åt er." });
    }
    throw error;
  }
  return { collection: row, token: signManageLink(deps.linkKey, { id: row.id, manageTokenId: row.manage_token_id }, deps.clock.now()) };
}

/**
 * A new manage link for a family that lost theirs (staff: npm run
 * collection:link): the stored link id changes, so the old link stops working,
 * and the new one is e-mailed to the organiser's stored address by the same job
 * as at opening, queued in the same transaction. Null for an unknown address.
 */
export async function renewManageLink(db: Kysely<DB>, clock: Clock, slug: string): Promise<CollectionRow | null> {
  return db.transaction().execute(async (trx) => {
    const collection = await findCollectionBySlug(trx, slug);
    if (!collection) return null;
    const manageTokenId = newManageTokenId();
    await trx.updateTable("fundraisers").set({ manage_token_id: manageTokenId, updated_at: clock.now().toISOString() }).where("id", "=", collection.id).execute();
    await enqueueJob(trx, clock, { type: COLLECTION_LINK_JOB, payload: { collectionId: collection.id }, dedupeKey: `${COLLECTION_LINK_JOB}:${collection.id}:${manageTokenId}` });
    return { ...collection, manage_token_id: manageTokenId };
  });
}

async function newestOpenCollection(db: Executor, memorialId: string): Promise<CollectionRow | undefined> {
  return asCollection(
    await db.selectFrom("fundraisers").selectAll().where("memorial_id", "=", memorialId).where("status", "=", "open").orderBy("created_at", "desc").executeTakeFirst(),
  );
}

export async function findCollectionBySlug(db: Executor, slug: string): Promise<CollectionRow | undefined> {
  return asCollection(await db.selectFrom("fundraisers").selectAll().where("slug", "=", slug).where("kind", "=", "memorial").executeTakeFirst());
}

export async function findCollectionWithMemorial(db: Executor, slug: string): Promise<{ collection: CollectionRow; memorial: MemorialRow } | null> {
  const collection = await findCollectionBySlug(db, slug);
  if (!collection) return null;
  const memorial = await db.selectFrom("memorials").selectAll().where("id", "=", collection.memorial_id).executeTakeFirstOrThrow();
  return { collection, memorial };
}

/** The collection a memorial gift was given on, if it was given on one (the thanks page leads back to it). */
export async function collectionSlugOfGift(db: Executor, giftId: string): Promise<string | null> {
  const row = await db
    .selectFrom("fundraiser_gifts as cg")
    .innerJoin("fundraisers as c", "c.id", "cg.fundraiser_id")
    .select("c.slug")
    .where("cg.gift_id", "=", giftId)
    .executeTakeFirst();
  return row?.slug ?? null;
}

export type ManageAccess = { ok: true; collection: CollectionRow; memorial: MemorialRow } | { ok: false; reason: "invalid" | "expired" };

/**
 * The manage link for `slug`: the signature first (a forged or altered token
 * never reaches the database), then that it names this collection and its
 * current link id. A link for another collection is as invalid as a forged one.
 */
export async function verifyManageAccess(db: Executor, linkKey: Buffer, slug: string, token: string | null, now: Date): Promise<ManageAccess> {
  const check = readManageLink(linkKey, token, now);
  if (!check.ok) return check;
  const found = await findCollectionWithMemorial(db, slug);
  if (!found || found.collection.id !== check.collectionId || !sameTokenId(found.collection.manage_token_id, check.tokenId)) return { ok: false, reason: "invalid" };
  return { ok: true, ...found };
}

/** Every gift given on the collection's page, with its sheet's words, for the privacy rules (core/memorial/collection-privacy.ts). */
export async function collectionGiftFacts(db: Executor, collectionId: string): Promise<CollectionGiftFacts[]> {
  const rows = await db
    .selectFrom("fundraiser_gifts as cg")
    .innerJoin("gifts as g", "g.id", "cg.gift_id")
    .innerJoin("orders as o", "o.gift_id", "g.id")
    .innerJoin("order_items as i", "i.order_id", "o.id")
    .select(["cg.gift_id", "cg.show_on_page", "cg.show_amount", "cg.hidden_at", "g.status", "g.amount_ore", "g.created_at", "i.content", "i.status as item_status"])
    .where("cg.fundraiser_id", "=", collectionId)
    .where("i.kind", "=", "memorial_sheet")
    .execute();
  return rows.map((row) => {
    const content = storedSheetContent(row.content);
    return {
      giftId: row.gift_id,
      paid: row.status === "paid" && row.item_status !== "cancelled",
      amountOre: row.amount_ore,
      signature: content.signature,
      greeting: content.greeting,
      showOnPage: row.show_on_page === 1,
      showAmount: row.show_amount === 1,
      hidden: row.hidden_at !== null,
      createdAt: row.created_at,
    };
  });
}

/**
 * A memorial gift given on the collection's page: the person is the
 * collection's, the sheet has the collection's design and waits for the
 * family's combined PDF. Refused (nothing stored) when the collection has
 * closed, checked again inside the gift's transaction.
 */
export async function giveCollectionGift(
  deps: GiveGiftDeps,
  target: { collection: CollectionRow; memorial: MemorialRow },
  data: CollectionGiftData,
  extras: { donorId?: string | null } = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  const { collection, memorial } = target;
  if (collection.status !== "open") throw new FundraiserClosedError(CLOSED);
  return giveGift(deps, data.gift, {
    giftType: "memorial",
    donorId: extras.donorId ?? null,
    memorialId: memorial.id,
    order: {
      kind: "single_order",
      items: [
        {
          kind: "memorial_sheet",
          design: collection.design,
          channel: "download",
          recipient: { name: collection.organiser_name, email: collection.organiser_email },
          content: {
            deceasedName: memorial.name,
            birthYear: memorial.birth_year,
            dateOfDeath: memorial.date_of_death,
            greeting: data.sheet.greeting,
            signature: data.sheet.signature,
            showAmount: data.sheet.showAmount,
            collectionId: collection.id,
          },
        },
      ],
    },
    storeWith: async (trx, gift) => {
      const current = await trx.selectFrom("fundraisers").select("status").where("id", "=", collection.id).executeTakeFirstOrThrow();
      if (current.status !== "open") throw new FundraiserClosedError(CLOSED);
      await trx
        .insertInto("fundraiser_gifts")
        .values({
          gift_id: gift.id,
          fundraiser_id: collection.id,
          show_on_page: data.showOnPage ? 1 : 0,
          show_amount: data.sheet.showAmount ? 1 : 0,
          // A memorial gift's name and greeting are its sheet's.
          display_name: null,
          greeting: null,
          hidden_at: null,
          created_at: gift.created_at,
        })
        .execute();
    },
  });
}

/** The organiser's choices on the manage page. */
export async function updateCollectionSettings(db: Executor, clock: Clock, collectionId: string, settings: { showGreetings: boolean; showTotal: boolean }): Promise<void> {
  await db
    .updateTable("fundraisers")
    .set({ show_greetings: settings.showGreetings ? 1 : 0, show_total: settings.showTotal ? 1 : 0, updated_at: clock.now().toISOString() })
    .where("id", "=", collectionId)
    .execute();
}

/** Hides a greeting from the page (or shows it again); it stays on the family's sheets. False when the gift is not this collection's. */
export async function setGreetingHidden(db: Executor, clock: Clock, collectionId: string, giftId: string, hidden: boolean): Promise<boolean> {
  const result = await db
    .updateTable("fundraiser_gifts")
    .set({ hidden_at: hidden ? clock.now().toISOString() : null })
    .where("fundraiser_id", "=", collectionId)
    .where("gift_id", "=", giftId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Closes the collection for good (only from open, so twice is once) and, in
 * the same transaction, queues the e-mail of every sheet in one PDF.
 */
export async function closeCollection(db: Kysely<DB>, clock: Clock, collectionId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    const result = await trx
      .updateTable("fundraisers")
      .set({ status: "closed", closed_at: now, updated_at: now })
      .where("id", "=", collectionId)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await enqueueJob(trx, clock, { type: COLLECTION_SHEETS_JOB, payload: { collectionId }, dedupeKey: `${COLLECTION_SHEETS_JOB}:${collectionId}` });
    return true;
  });
}

/** The sheets of every paid gift, oldest first, with a cover page: the family's one PDF. */
export async function collectionSheetsDocument(db: Executor, collection: CollectionRow, memorial: MemorialRow): Promise<{ document: DocumentRequest; itemIds: string[] }> {
  const rows = await db
    .selectFrom("fundraiser_gifts as cg")
    .innerJoin("gifts as g", "g.id", "cg.gift_id")
    .innerJoin("orders as o", "o.gift_id", "g.id")
    .innerJoin("order_items as i", "i.order_id", "o.id")
    .select(["i.id", "i.design", "i.content", "g.amount_ore"])
    .where("cg.fundraiser_id", "=", collection.id)
    .where("g.status", "=", "paid")
    .where("i.kind", "=", "memorial_sheet")
    .where("i.status", "in", ["ready", "sent"])
    .orderBy("g.paid_at")
    .orderBy("g.created_at")
    .execute();
  const sheets = rows.map((row) => {
    const request = memorialSheetForItem(row, row.amount_ore);
    if (request.kind !== "memorial-sheet") throw new Error("memorialSheetForItem returned another kind");
    return request.data;
  });
  const totalOre = rows.reduce((sum, row) => sum + row.amount_ore, 0);
  const heading = memorialSheetData({ design: collection.design, deceasedName: memorial.name, birthYear: memorial.birth_year, dateOfDeath: memorial.date_of_death, showAmount: false });
  return {
    document: {
      kind: "memorial-collection-sheets",
      data: {
        design: heading.design,
        deceasedName: heading.deceasedName,
        birthYear: heading.birthYear,
        dateOfDeath: heading.dateOfDeath,
        organiserName: collection.organiser_name,
        giftCount: rows.length,
        totalOre: collection.show_total === 1 ? totalOre : null,
        sheets,
      },
    },
    itemIds: rows.map((row) => row.id),
  };
}

export function collectionSheetsFileName(deceasedName: string): string {
  return sheetFileName(deceasedName, "pdf").replace(/^minnesblad/, "minnesblad-samlade");
}

export interface CollectionMailDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  site: SiteConfig;
  documents: DocumentRenderer;
  publicUrl: string;
  linkKey: Buffer;
}

const payloadSchema = z.object({ collectionId: z.string().min(1) });

async function collectionById(db: Executor, id: string): Promise<{ collection: CollectionRow; memorial: MemorialRow }> {
  const collection = asCollection(await db.selectFrom("fundraisers").selectAll().where("id", "=", id).executeTakeFirst());
  if (!collection) throw new Error(`Unknown memorial collection ${id}`);
  const memorial = await db.selectFrom("memorials").selectAll().where("id", "=", collection.memorial_id).executeTakeFirstOrThrow();
  return { collection, memorial };
}

/** The job after opening: the manage link to the organiser. */
export async function sendCollectionLink(deps: CollectionMailDeps, payload: unknown): Promise<void> {
  const { collection, memorial } = await collectionById(deps.db, payloadSchema.parse(payload).collectionId);
  const token = signManageLink(deps.linkKey, { id: collection.id, manageTokenId: collection.manage_token_id }, deps.clock.now());
  const pageUrl = `${deps.publicUrl}${collectionPath(collection.slug)}`;
  await deps.mailer.send({
    to: collection.organiser_email,
    subject: `Minnesinsamlingen till minne av ${memorial.name} är öppen`,
    text: [
      `Hej ${collection.organiser_name},`,
      "",
      `Minnesinsamlingen till minne av ${memorial.name} är öppen. Det här är adressen att dela, till exempel i dödsannonsen:`,
      pageUrl,
      "",
      "Med den här länken hanterar ni insamlingen: ser gåvorna och hälsningarna, döljer en hälsning, väljer om summan ska synas och avslutar insamlingen. Spara mejlet och dela inte länken – den som har den kan ändra insamlingen.",
      `${deps.publicUrl}${managePath(collection.slug, token)}`,
      "",
      "När ni avslutar insamlingen skickar vi alla minnesblad samlade i en PDF till den här adressen.",
      "",
      "Vi tänker på er.",
      "",
      "Varma hälsningar,",
      deps.site.name,
      `${deps.site.phone} · ${deps.site.email}`,
    ].join("\n"),
  });
}

/**
 * The job after closing: every paid sheet in one PDF to the organiser, then
 * the sheets are marked sent (source "delivery"). Once only: a collection
 * whose sheets were sent is left alone. A gift paid after the e-mail left is
 * still in the PDF on the manage page.
 */
export async function sendCollectionSheets(deps: CollectionMailDeps, payload: unknown): Promise<void> {
  const { collection, memorial } = await collectionById(deps.db, payloadSchema.parse(payload).collectionId);
  if (collection.status !== "closed" || collection.sheets_sent_at) return;
  const { document, itemIds } = await collectionSheetsDocument(deps.db, collection, memorial);
  const pdf = await deps.documents.render(document, "pdf");
  const count = itemIds.length;
  const total = document.kind === "memorial-collection-sheets" && document.data.totalOre !== null ? ` Tillsammans har de gett ${formatSek(document.data.totalOre)} till forskningen.` : "";
  await deps.mailer.send({
    to: collection.organiser_email,
    subject: `Minnesbladen till minne av ${memorial.name}`,
    text: [
      `Hej ${collection.organiser_name},`,
      "",
      count === 0
        ? `Minnesinsamlingen till minne av ${memorial.name} är avslutad. Det kom inte in några gåvor den här gången.`
        : `Minnesinsamlingen till minne av ${memorial.name} är avslutad. ${count === 1 ? "En person har" : `${count} personer har`} gett en minnesgåva till forskningen om hjärt- och lungsjukdomar.${total}`,
      "",
      count === 0 ? "" : "Alla minnesblad med hälsningarna finns bifogade i en PDF, att spara eller skriva ut. Ni kan också hämta den från sidan där ni hanterar insamlingen.",
      "",
      "Tack för att ni lät andra hedra minnet på det här sättet. Vi tänker på er.",
      "",
      "Varma hälsningar,",
      deps.site.name,
      `${deps.site.phone} · ${deps.site.email}`,
    ].join("\n"),
    ...(count > 0 ? { attachments: [{ filename: collectionSheetsFileName(memorial.name), content: pdf, contentType: "application/pdf" }] } : {}),
  });
  for (const itemId of itemIds) {
    await transitionOrderItem(deps.db, deps.clock, { itemId, to: "sent", source: "delivery", data: { by: "email", collection: collection.id } });
  }
  await deps.db.updateTable("fundraisers").set({ sheets_sent_at: deps.clock.now().toISOString() }).where("id", "=", collection.id).execute();
}

/** The organiser's view of the gifts: every paid one, amounts only where their givers chose to show them. */
export async function manageCollectionGifts(db: Executor, collectionId: string) {
  return managedCollectionGifts(await collectionGiftFacts(db, collectionId));
}
