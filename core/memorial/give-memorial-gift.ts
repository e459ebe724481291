import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Selectable } from "kysely";
import type { DB, MemorialsTable } from "#db/schema";
import type { Clock } from "../clock";
import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import type { GiftFormData } from "../gifts/gift-form";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import type { NewOrderItem } from "../orders/order-repository";
import { addDays, type IsoDate } from "../calendar/swedish-calendar";
import { fullName, type DeceasedPerson, type FuneralParlour } from "./memorial-records";
import type { MemorialData } from "./memorial-gift-form";

export type MemorialRow = Selectable<MemorialsTable>;

/** One person or parlour from the death-notice source, by the id a search returned. Null when the source does not have it (any more). */
export interface MemorialLookup {
  deceased(id: string): Promise<DeceasedPerson | null>;
  funeralParlour(id: string): Promise<FuneralParlour | null>;
}

/** Input that looked right but names something the source does not know: field → Swedish message. Nothing was stored. */
export class MemorialInputError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join(" "));
    this.name = "MemorialInputError";
  }
}

/** What the sheet says and to whom it goes, decided before anything is stored. */
export interface ResolvedMemorialGift {
  deceased: Omit<MemorialRow, "id" | "created_at" | "updated_at">;
  item: NewOrderItem;
}

/** The memorial row's facts for a person from the source: what a death notice says, nothing more. */
export function memorialFromSource(person: DeceasedPerson): ResolvedMemorialGift["deceased"] {
  return {
    source_id: person.id,
    name: fullName(person),
    birth_year: person.birthYear,
    date_of_death: person.dateOfDeath,
    home_town: person.homeTown,
    funeral_date: person.funeralDate,
    funeral_parlour_source_id: person.funeralParlour?.id ?? null,
    funeral_parlour_name: person.funeralParlour?.name ?? null,
  };
}

/**
 * Checks the chosen person and parlour against the source and turns the form
 * into the memorial and the order item. A sheet for a funeral should be there
 * the day before it, so that is its due date.
 */
export async function resolveMemorialGift(lookup: MemorialLookup, memorial: MemorialData): Promise<ResolvedMemorialGift> {
  let deceased: ResolvedMemorialGift["deceased"];
  if (memorial.deceased.from === "source") {
    const person = await lookup.deceased(memorial.deceased.sourceId);
    if (!person) throw new MemorialInputError({ deceasedId: "Vi hittar inte längre personen du valde. Sök igen, eller skriv uppgifterna själv." });
    deceased = memorialFromSource(person);
  } else {
    deceased = {
      source_id: null,
      name: memorial.deceased.name,
      birth_year: null,
      date_of_death: memorial.deceased.dateOfDeath,
      home_town: memorial.deceased.homeTown,
      funeral_date: memorial.deceased.funeralDate,
      funeral_parlour_source_id: null,
      funeral_parlour_name: null,
    };
  }

  const dueDate: IsoDate | null = deceased.funeral_date ? addDays(deceased.funeral_date, -1) : null;
  const content = {
    deceasedName: deceased.name,
    birthYear: deceased.birth_year,
    dateOfDeath: deceased.date_of_death,
    greeting: memorial.sheet.greeting,
    signature: memorial.sheet.signature,
    showAmount: memorial.sheet.showAmount,
  };
  const destination = memorial.destination;
  let delivery: Pick<NewOrderItem, "recipient" | "channel" | "content">;
  if (destination.to === "parlour") {
    const parlour = await lookup.funeralParlour(destination.parlourId);
    if (!parlour) throw new MemorialInputError({ parlourId: "Vi hittar inte begravningsbyrån du valde. Sök igen och välj den i listan." });
    delivery = {
      recipient: { name: parlour.name, email: parlour.email, address: parlour.postalAddress },
      channel: "funeral_parlour",
      content: { ...content, parlourSourceId: parlour.id },
    };
  } else if (destination.to === "family_email") {
    delivery = { recipient: { name: destination.name, email: destination.email }, channel: "email", content };
  } else {
    delivery = { recipient: { name: destination.name, address: destination.address }, channel: "post", content };
  }
  const item: NewOrderItem = { kind: "memorial_sheet", design: memorial.sheet.design, dueDate, ...delivery };
  return { deceased, item };
}

/** The memorial row for the person: one per person from the source (shared by every gift in their memory), a new one for a person typed by hand. */
export async function memorialFor(db: Kysely<DB>, clock: Clock, deceased: ResolvedMemorialGift["deceased"]): Promise<MemorialRow> {
  const now = clock.now().toISOString();
  const row: MemorialRow = { id: crypto.randomUUID(), ...deceased, created_at: now, updated_at: now };
  if (!deceased.source_id) {
    // The same person typed the same way (a second gift, a resubmitted form) is the same memorial.
    const typed = await db
      .selectFrom("memorials")
      .selectAll()
      .where("source_id", "is", null)
      .where("name", "=", deceased.name)
      .where("date_of_death", "=", deceased.date_of_death)
      .where("home_town", "=", deceased.home_town)
      .executeTakeFirst();
    if (typed) return typed;
    await db.insertInto("memorials").values(row).execute();
    return row;
  }
  await db
    .insertInto("memorials")
    .values(row)
    // The source may have announced the funeral since the first gift: keep what it says now.
    .onConflict((oc) =>
      oc.column("source_id").doUpdateSet({
        funeral_date: deceased.funeral_date,
        funeral_parlour_source_id: deceased.funeral_parlour_source_id,
        funeral_parlour_name: deceased.funeral_parlour_name,
        updated_at: now,
      }),
    )
    .execute();
  return db.selectFrom("memorials").selectAll().where("source_id", "=", deceased.source_id).executeTakeFirstOrThrow();
}

/**
 * A memorial gift: the person and parlour are checked with the source first
 * (an unknown one stores nothing), then the memorial, the gift with its
 * memorial sheet and the first payment attempt are stored, as every gift is.
 */
export async function giveMemorialGift(
  deps: GiveGiftDeps & { memorialLookup: MemorialLookup },
  data: { gift: GiftFormData; memorial: MemorialData },
  extras: { donorId?: string | null } = {},
): Promise<{ gift: GiftRow; payment: PaymentRow; memorial: MemorialRow }> {
  const resolved = await resolveMemorialGift(deps.memorialLookup, data.memorial);
  const memorial = await memorialFor(deps.db, deps.clock, resolved.deceased);
  const { gift, payment } = await giveGift(deps, data.gift, {
    giftType: "memorial",
    donorId: extras.donorId ?? null,
    memorialId: memorial.id,
    order: { kind: "single_order", items: [resolved.item] },
  });
  return { gift, payment, memorial };
}
