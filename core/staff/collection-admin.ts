import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { CollectionOrganiserKind, CollectionStatus } from "../memorial/collection-status";
import { storedSheetContent } from "../memorial/memorial-sheet";

/**
 * The fundraising team's view of memorial collections (back office,
 * /admin/insamlingar). Gifts and totals count paid gifts only – what the
 * family's sheets and the page's total count – so a gift still waiting for
 * its invoice, or refunded, is listed on the collection's page but not summed.
 */
export interface CollectionListRow {
  id: string;
  slug: string;
  status: CollectionStatus;
  deceasedName: string;
  dateOfDeath: string;
  organiserName: string;
  organiserKind: CollectionOrganiserKind;
  paidGifts: number;
  totalOre: number;
  createdAt: string;
  closedAt: string | null;
}

export async function listCollections(db: Kysely<DB>, filter: { status?: CollectionStatus | null; text?: string } = {}, limit = 200): Promise<CollectionListRow[]> {
  let query = db
    .selectFrom("fundraisers as c")
    .innerJoin("memorials as m", "m.id", "c.memorial_id")
    .leftJoin("fundraiser_gifts as cg", "cg.fundraiser_id", "c.id")
    .leftJoin("gifts as g", (join) => join.onRef("g.id", "=", "cg.gift_id").on("g.status", "=", "paid"))
    .select([
      "c.id",
      "c.slug",
      "c.status",
      "c.organiser_name",
      "c.organiser_kind",
      "c.created_at",
      "c.closed_at",
      "m.name",
      "m.date_of_death",
      (eb) => eb.fn.count<string | number>("g.id").as("paid_gifts"),
      (eb) => eb.fn.coalesce(eb.fn.sum<string | number | null>("g.amount_ore"), sql<number>`0`).as("total_ore"),
    ])
    .groupBy(["c.id", "c.slug", "c.status", "c.organiser_name", "c.organiser_kind", "c.created_at", "c.closed_at", "m.name", "m.date_of_death"]);
  if (filter.status) query = query.where("c.status", "=", filter.status);
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    // % and _ typed by staff act as wildcards, which is harmless here.
    const like = `%${text}%`;
    query = query.where((eb) => eb.or([eb(eb.fn("lower", ["m.name"]), "like", like), eb(eb.fn("lower", ["c.organiser_name"]), "like", like), eb("c.slug", "like", like)]));
  }
  const rows = await query.orderBy("c.created_at", "desc").limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    status: r.status,
    deceasedName: r.name,
    dateOfDeath: r.date_of_death,
    organiserName: r.organiser_name,
    organiserKind: r.organiser_kind ?? "family",
    paidGifts: Number(r.paid_gifts),
    totalOre: Number(r.total_ore),
    createdAt: r.created_at,
    closedAt: r.closed_at,
  }));
}

export interface CollectionGiftForStaff {
  giftId: string;
  orderReference: string;
  donorName: string;
  amountOre: number;
  giftStatus: string;
  /** The sheet's item status (waiting, to send, sent in the family's PDF, stopped). */
  sheetStatus: string | null;
  signature: string;
  greeting: string;
  showOnPage: boolean;
  showAmount: boolean;
  hiddenByOrganiser: boolean;
  createdAt: string;
  /** The gift's latest payment attempt, for finance's payment page. */
  paymentId: string | null;
}

/** One collection with its memorial and every gift given on its page, newest first. */
export async function collectionForStaff(db: Kysely<DB>, collectionId: string) {
  const collection = await db
    .selectFrom("fundraisers as c")
    .innerJoin("memorials as m", "m.id", "c.memorial_id")
    .selectAll("c")
    .select(["m.name as deceased_name", "m.date_of_death", "m.home_town", "m.funeral_date", "m.funeral_parlour_name"])
    .where("c.id", "=", collectionId)
    .executeTakeFirst();
  if (!collection) return null;
  const rows = await db
    .selectFrom("fundraiser_gifts as cg")
    .innerJoin("gifts as g", "g.id", "cg.gift_id")
    .leftJoin("orders as o", "o.gift_id", "g.id")
    .leftJoin("order_items as i", (join) => join.onRef("i.order_id", "=", "o.id").on("i.kind", "=", "memorial_sheet"))
    .select([
      "g.id as gift_id",
      "g.order_reference",
      "g.donor_name",
      "g.amount_ore",
      "g.status as gift_status",
      "g.created_at",
      "i.status as sheet_status",
      "i.content",
      "cg.show_on_page",
      "cg.show_amount",
      "cg.hidden_at",
      (eb) =>
        eb
          .selectFrom("payments as p")
          .select("p.id")
          .whereRef("p.gift_id", "=", "g.id")
          .orderBy("p.created_at", "desc")
          .limit(1)
          .as("payment_id"),
    ])
    .where("cg.fundraiser_id", "=", collectionId)
    .orderBy("g.created_at", "desc")
    .execute();
  const gifts: CollectionGiftForStaff[] = rows.map((r) => {
    const content = r.content ? storedSheetContent(r.content) : { signature: "", greeting: "" };
    return {
      giftId: r.gift_id,
      orderReference: r.order_reference,
      donorName: r.donor_name,
      amountOre: r.amount_ore,
      giftStatus: r.gift_status,
      sheetStatus: r.sheet_status,
      signature: content.signature,
      greeting: content.greeting,
      showOnPage: r.show_on_page === 1,
      showAmount: r.show_amount === 1,
      hiddenByOrganiser: r.hidden_at !== null,
      createdAt: r.created_at,
      paymentId: r.payment_id ?? null,
    };
  });
  const paid = gifts.filter((g) => g.giftStatus === "paid");
  return { collection, gifts, paidGifts: paid.length, totalOre: paid.reduce((sum, g) => sum + g.amountOre, 0) };
}
