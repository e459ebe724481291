import { z } from "zod";
import { checkGift, giftData, giftFields, type GiftLimits } from "../gifts/gift-form";
import { EMAIL_MAX } from "../text/text-fields";
import { recipientKey } from "../mail/recipient-limit";
import { swedishDate } from "../calendar/swedish-calendar";
import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import type { NewOrderItem } from "../orders/order-repository";
import {
  checkDeliveryDate,
  documentOrderItem,
  morningOf,
  normalisePostalCode,
  POSTAL_CODE,
  recipientFields,
  type Delivery,
} from "../gift-documents/gift-document-form";
import {
  GIFT_DOCUMENT_KINDS,
  GIFT_DOCUMENT_LABELS,
  isDesignOf,
  isGiftDocumentKind,
  isOccasion,
  giftDocumentSignature,
  giftDocumentText,
  type GiftDocumentContent,
  type GiftDocumentKind,
} from "../gift-documents/gift-documents";
import { CsvFormatError, decodeCsvBytes, parseCsv } from "./csv";

/**
 * A list order (order kind `list_order`): a company sends gift certificates,
 * diplomas or gift cards to many recipients at once from an uploaded CSV file.
 * Every row is checked before anything is stored or paid, and every problem is
 * named by the row's line number, the column and a Swedish reason. One gift
 * (typically paid by invoice) covers the whole list: the amount per recipient
 * times the number of rows; one order item per recipient, by e-mail when the
 * row has an e-mail address, otherwise by post.
 */
export const MAX_UPLOAD_BYTES = 1024 * 1024;
export const MAX_ROWS = 500;
export const LIST_TOO_LARGE_MESSAGE = `Filen är för stor. En lista får vara högst 1 MB – det räcker till ${500} mottagare. Dela upp listan eller ta bort tomma kolumner.`;

/** The columns, by what a spreadsheet's header may call them (lower case, accents kept). */
export const COLUMNS = {
  name: { label: "namn", aliases: ["namn", "mottagare", "name"] },
  email: { label: "e-post", aliases: ["e-post", "epost", "e-postadress", "mejl", "email", "e-mail"] },
  street: { label: "gatuadress", aliases: ["gatuadress", "adress", "address", "street"] },
  postalCode: { label: "postnummer", aliases: ["postnummer", "postnr", "postal code", "postcode"] },
  city: { label: "ort", aliases: ["ort", "postort", "stad", "city"] },
  text: { label: "text", aliases: ["text", "personlig text", "hälsning", "halsning", "meddelande", "message"] },
} as const;
export type Column = keyof typeof COLUMNS;

export interface RowError {
  /** The line in the file, as a spreadsheet shows it (the header is line 1). */
  row: number;
  column: string;
  message: string;
}

export interface ListRecipient {
  row: number;
  name: string;
  email: string | null;
  address: { street: string; postalCode: string; city: string } | null;
  text: string;
}

export type ListReadResult =
  | { ok: true; recipients: ListRecipient[] }
  | { ok: false; fileError: string; rowErrors: RowError[] }
  | { ok: false; fileError: null; rowErrors: RowError[] };

const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * How a list is sent. `email-only`: every row needs an e-mail address (a
 * digital Christmas card, decision 0046), and an address may appear once, so
 * one list can never send one inbox more than one card.
 */
export interface ListReadOptions {
  emailOnly?: boolean;
}

/** Reads and checks an uploaded list; nothing is stored. */
export function readRecipientList(bytes: Uint8Array, options: ListReadOptions = {}): ListReadResult {
  if (bytes.byteLength === 0) return { ok: false, fileError: "Filen är tom. Välj listan med mottagare och försök igen.", rowErrors: [] };
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    return { ok: false, fileError: LIST_TOO_LARGE_MESSAGE, rowErrors: [] };
  }
  let rows;
  try {
    rows = parseCsv(decodeCsvBytes(bytes));
  } catch (error) {
    if (error instanceof CsvFormatError) return { ok: false, fileError: `Filen kunde inte läsas som CSV. ${error.message}`, rowErrors: [] };
    throw error;
  }
  const [header, ...data] = rows;
  if (!header) return { ok: false, fileError: "Filen är tom. Välj listan med mottagare och försök igen.", rowErrors: [] };
  const headings = header.fields.map((h) => h.trim().toLowerCase());
  const index = {} as Record<Column, number>;
  for (const [column, spec] of Object.entries(COLUMNS) as [Column, (typeof COLUMNS)[Column]][]) {
    index[column] = headings.findIndex((h) => (spec.aliases as readonly string[]).includes(h));
  }
  if (index.name < 0) {
    return {
      ok: false,
      fileError: `Rubrikraden saknar kolumnen "namn". Första raden ska vara rubriker: namn; e-post; gatuadress; postnummer; ort; text.`,
      rowErrors: [],
    };
  }
  if (options.emailOnly && index.email < 0) {
    return { ok: false, fileError: `Rubrikraden saknar kolumnen "e-post". Första raden ska vara rubriker: namn; e-post (och gärna text).`, rowErrors: [] };
  }
  if (index.email < 0 && (index.street < 0 || index.postalCode < 0 || index.city < 0)) {
    return { ok: false, fileError: `Rubrikraden behöver kolumnen "e-post", eller "gatuadress", "postnummer" och "ort".`, rowErrors: [] };
  }
  if (data.length === 0) return { ok: false, fileError: "Listan har inga mottagare – bara rubrikraden.", rowErrors: [] };
  if (data.length > MAX_ROWS) return { ok: false, fileError: `Listan har ${data.length} mottagare. En lista kan ha högst ${MAX_ROWS}; dela upp den i flera beställningar.`, rowErrors: [] };

  const errors: RowError[] = [];
  const recipients: ListRecipient[] = [];
  const firstRowOf = new Map<string, number>();
  for (const row of data) {
    const cell = (column: Column) => (index[column] >= 0 ? (row.fields[index[column]] ?? "").trim() : "");
    const problem = (column: Column, message: string) => errors.push({ row: row.line, column: COLUMNS[column].label, message });
    if (row.fields.length > header.fields.length) {
      errors.push({ row: row.line, column: "hela raden", message: `Raden har ${row.fields.length} fält men rubrikraden ${header.fields.length}. Kontrollera avgränsarna.` });
      continue;
    }
    // Each cell is checked by the same field as the web form's (core/text/text-fields.ts): its length, its characters, its words.
    // A refused cell is null, so that it gets one message, not a second one for being short.
    const field = (column: Column, schema: z.ZodType<string, string | undefined>): string | null => {
      const result = schema.safeParse(cell(column));
      if (result.success) return result.data;
      problem(column, result.error.issues[0]?.message ?? "Fältet kan inte läsas.");
      return null;
    };
    const before = errors.length;
    const name = field("name", recipientFields.recipientName);
    const email = cell("email");
    const street = field("street", recipientFields.recipientStreet);
    const postalCode = cell("postalCode");
    const city = field("city", recipientFields.recipientCity);
    const text = field("text", giftDocumentText());
    if (name !== null && [...name].length < 2) problem("name", "Namnet saknas.");
    if (email !== "") {
      if (email.length > EMAIL_MAX) problem("email", "E-postadressen är för lång.");
      else if (!isEmail(email)) problem("email", `"${email.slice(0, 60)}" är inte en e-postadress.`);
      else if (options.emailOnly) {
        const first = firstRowOf.get(recipientKey(email));
        if (first !== undefined) problem("email", `Samma e-postadress finns redan på rad ${first}. Varje adress får ett kort.`);
        else firstRowOf.set(recipientKey(email), row.line);
      }
    } else if (options.emailOnly) {
      problem("email", "E-postadressen saknas. Kortet skickas med e-post.");
    } else if (street === "" && postalCode === "" && city === "") {
      problem("email", "Ange e-post eller en postadress (gatuadress, postnummer och ort).");
    } else {
      if (street !== null && street.length < 2) problem("street", "Gatuadressen saknas.");
      if (!POSTAL_CODE.test(postalCode)) problem("postalCode", "Postnumret ska ha fem siffror, till exempel 123 45.");
      if (city !== null && city.length < 2) problem("city", "Orten saknas.");
    }
    if (errors.length > before || name === null || street === null || city === null || text === null) continue;
    recipients.push({
      row: row.line,
      name,
      email: email === "" ? null : email.toLowerCase(),
      address: email === "" ? { street, postalCode: normalisePostalCode(postalCode), city } : null,
      text,
    });
  }
  if (errors.length > 0) return { ok: false, fileError: null, rowErrors: errors };
  return { ok: true, recipients };
}

/** The list order form's own fields, besides the file and the payer's gift fields. */
export const listOrderFields = {
  kind: z.string().optional().default(""),
  design: z.string().optional().default(""),
  occasion: z.string().optional().default(""),
  text: giftDocumentText().optional().default(""),
  signature: giftDocumentSignature().pipe(
    z.string().min(2, "Skriv vem gåvan är från, till exempel företagets namn."),
  ),
  deliveryDate: z.string().trim().optional().default(""),
  showAmount: z.string().optional(),
};

export function listOrderFormSchema(limits: GiftLimits, now: Date) {
  return z
    .object({ ...giftFields, ...listOrderFields })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      checkGift(value, ctx, limits);
      if (!isGiftDocumentKind(value.kind)) issue("kind", "Välj vad mottagarna ska få.");
      else if (!isDesignOf(value.kind, value.design)) issue("design", "Välj ett motiv som finns för det valda dokumentet.");
      if (!isOccasion(value.occasion)) issue("occasion", "Välj tillfälle.");
      // The date is checked as for post, the slower way: some rows may go by post.
      checkDeliveryDate(value.deliveryDate, "post", now, issue);
    })
    .transform((value) => ({
      gift: giftData(value),
      list: {
        kind: value.kind as GiftDocumentKind,
        design: value.design,
        occasion: value.occasion as GiftDocumentContent["occasion"],
        text: value.text,
        signature: value.signature,
        deliveryDate: value.deliveryDate === "" ? null : value.deliveryDate,
        showAmount: value.showAmount === "on" || value.showAmount === "true",
      },
    }));
}

export type ListOrderFormData = z.output<ReturnType<typeof listOrderFormSchema>>;

/** One item per recipient, in the file's order; a row's own text replaces the common one. */
export function listOrderItems(list: ListOrderFormData["list"], amountPerRecipientOre: number, recipients: readonly ListRecipient[], now: Date): NewOrderItem[] {
  const today = swedishDate(now);
  return recipients.map((recipient) => {
    const delivery: Delivery = recipient.email ? "email" : "post";
    const content: GiftDocumentContent = {
      occasion: list.occasion,
      text: recipient.text || list.text,
      signature: list.signature,
      showAmount: list.kind === "gift_card" || list.showAmount,
      amountOre: amountPerRecipientOre,
      row: recipient.row,
    };
    return documentOrderItem(list.kind, list.design, {
      recipient: delivery === "email" ? { name: recipient.name, email: recipient.email } : { name: recipient.name, address: recipient.address },
      channel: delivery,
      content,
      dueDate: list.deliveryDate,
      sendAt: delivery === "email" && list.deliveryDate && list.deliveryDate > today ? morningOf(list.deliveryDate) : null,
    });
  });
}

/** The whole list as one gift: the amount per recipient times the rows, one payment. */
export async function giveListOrder(
  deps: GiveGiftDeps,
  form: ListOrderFormData,
  recipients: readonly ListRecipient[],
  options: { donorId?: string | null } = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  const items = listOrderItems(form.list, form.gift.amountOre, recipients, deps.clock.now());
  return giveGift(deps, { ...form.gift, amountOre: form.gift.amountOre * recipients.length }, {
    giftType: form.list.kind,
    donorId: options.donorId ?? null,
    order: { kind: "list_order", items },
  });
}

export const LIST_KIND_CHOICES = GIFT_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: GIFT_DOCUMENT_LABELS[kind].name }));
