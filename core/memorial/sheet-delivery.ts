import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { DocumentRequest } from "../documents/document-renderer";
import type { SiteConfig } from "../site/site-config";
import { formatSek } from "../site/format";
import { documentFileName } from "../text/file-name";
import type { GiftRow } from "../payments/payment-repository";
import type { OrderItemRow } from "../orders/order-repository";
import { addDays, type IsoDate } from "../calendar/swedish-calendar";
import { estimateSheetDelivery, type DeliveryEstimate } from "./delivery-date";
import { memorialSheetForItem, storedSheetContent } from "./memorial-sheet";

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * What a memorial sheet's delivery says, to the family or the funeral parlour
 * (the e-mail the sheet is attached to) and to the donor (the receipt). Gentle
 * and short; the amount only when the donor chose to show it.
 */

/** A sheet is e-mailed when it goes to the family's e-mail, or to a parlour we have an e-mail address for; otherwise staff post it. */
export function sheetGoesByEmail(item: Pick<OrderItemRow, "channel" | "recipient_email">): boolean {
  return item.channel === "email" || (item.channel === "funeral_parlour" && !!item.recipient_email);
}

/** "minnesblad-marta-oberg.pdf": the name without accents, for every mail program. */
export function sheetFileName(deceasedName: string, extension: "pdf" | "png"): string {
  return documentFileName("minnesblad", deceasedName, extension);
}

export interface SheetMail {
  document: DocumentRequest;
  /** What the document is attached as; PDF unless said (a greeting card goes as an image). */
  format?: "pdf" | "png";
  subject: string;
  text: string;
  filename: string;
}

export function memorialSheetMail(item: OrderItemRow, gift: GiftRow, site: SiteConfig): SheetMail {
  const content = storedSheetContent(item.content);
  const toParlour = item.channel === "funeral_parlour";
  const amount = content.showAmount ? ` Gåvan är på ${formatSek(gift.amount_ore)}.` : "";
  const greetingFrom = content.signature ? `med hälsningen från ${content.signature} ` : "";
  const text = [
    `Till ${item.recipient_name}`,
    "",
    `${gift.donor_name} har lämnat en minnesgåva till forskningen om hjärt- och lungsjukdomar till minne av ${content.deceasedName}.${amount}`,
    "",
    toParlour
      ? `Minnesbladet ${greetingFrom}finns bifogat som PDF. Vi är tacksamma om ni skriver ut det och lämnar det till de anhöriga, eller lägger fram det vid begravningen.`
      : `Minnesbladet ${greetingFrom}finns bifogat som PDF, att spara eller skriva ut.`,
    "",
    toParlour ? `Har ni frågor om minnesbladet? Ring oss på ${site.phone} eller svara på det här mejlet.` : "Vi tänker på er.",
    "",
    "Varma hälsningar,",
    site.name,
    `${site.phone} · ${site.email}`,
  ].join("\n");
  return {
    document: memorialSheetForItem(item, gift.amount_ore),
    subject: `Minnesblad till minne av ${content.deceasedName}`,
    text,
    filename: sheetFileName(content.deceasedName, "pdf"),
  };
}

/** Where the sheet goes, as the donor reads it: "till begravningsbyrån Fonus i Umeå", "med e-post till Familjen Ek". */
export function sheetDestination(item: Pick<OrderItemRow, "channel" | "recipient_name" | "recipient_email">): string {
  // A memorial collection's sheets (core/memorial/collection-service.ts) go to the family together when it closes.
  if (item.channel === "download") return `till ${item.recipient_name} tillsammans med de andra minnesbladen i minnesinsamlingen`;
  if (item.channel === "funeral_parlour") {
    // "Ödeshögs Begravningsbyrå" names itself; "Fonus i Umeå" needs the word before it.
    const parlour = /begravning/i.test(item.recipient_name) ? item.recipient_name : `begravningsbyrån ${item.recipient_name}`;
    return `till ${parlour}${item.recipient_email ? " med e-post" : " med post"}`;
  }
  if (item.channel === "email") return `med e-post till ${item.recipient_name}`;
  return `med post till ${item.recipient_name}`;
}

/** The funeral is the day after the sheet's due date (core/memorial/give-memorial-gift.ts); the memorial row says it when it has it. */
export async function funeralDateFor(db: Executor, gift: Pick<GiftRow, "memorial_id">, item: Pick<OrderItemRow, "due_date">): Promise<IsoDate | null> {
  if (gift.memorial_id) {
    const memorial = await db.selectFrom("memorials").select("funeral_date").where("id", "=", gift.memorial_id).executeTakeFirst();
    if (memorial?.funeral_date) return memorial.funeral_date;
  }
  return item.due_date ? addDays(item.due_date, 1) : null;
}

export function sheetDeliveryEstimate(item: Pick<OrderItemRow, "channel" | "recipient_email">, paidAt: Date, funeralDate: IsoDate | null, paid = false): DeliveryEstimate {
  if (item.channel === "download") {
    const estimate = estimateSheetDelivery(paidAt, "email", null);
    return { ...estimate, inTimeForFuneral: null, message: "Familjen får alla minnesblad samlade med e-post när minnesinsamlingen avslutas." };
  }
  return estimateSheetDelivery(paidAt, sheetGoesByEmail(item) ? "email" : "post", funeralDate, paid);
}

/** The memorial sheet's paragraph in the donor's receipt. */
export function memorialReceiptParagraph(item: OrderItemRow, estimate: DeliveryEstimate, pageUrl: string, paid: boolean): string {
  const content = storedSheetContent(item.content);
  // By e-mail the sheet goes at once: one sentence says where and when. By post the estimate gives the days.
  const byEmail = estimate.delivery === "email" && item.channel !== "download";
  const when = byEmail ? (paid ? " inom några minuter" : " så snart gåvan är betald") : "";
  return [
    `Din gåva är en minnesgåva till minne av ${content.deceasedName}. Minnesbladet skickas ${sheetDestination(item)}${when}.`,
    ...(byEmail ? [] : [estimate.message]),
    `En kopia av minnesbladet finns bifogad, och du kan följa det här: ${pageUrl}`,
  ].join(" ");
}
