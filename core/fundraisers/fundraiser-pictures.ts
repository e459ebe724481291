import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import { formatNumber } from "../site/format";

/**
 * A personal fundraiser's own picture (issue #32, decision 0053): uploaded on
 * the start form or the organiser's page, decoded once by the container's
 * PictureProcessor (sharp, server/picture-processing.ts) – turned upright from
 * its EXIF orientation, converted to sRGB, every piece of metadata (EXIF with
 * GPS, XMP, ICC) left behind – and kept as the JPEGs the site serves, never
 * as the file that was sent. Shown to the public only once staff approved it;
 * until then, and whenever there is none, the page shows the site's own
 * picture the organiser chose (core/fundraisers/fundraiser-kinds.ts).
 */

/**
 * The JPEGs made from an upload: the page's picture at two widths, the list's
 * card, and the picture's half of the 1200 × 630 share image (the words take
 * the other half: documents/templates/fundraiser-share.tsx).
 */
export const PICTURE_VARIANTS = {
  large: { file: "1200", maxSide: 1200 },
  medium: { file: "600", maxSide: 600 },
  card: { file: "kort", width: 480, height: 320 },
  share: { file: "dela", width: 600, height: 630 },
} as const;
export type PictureVariant = keyof typeof PICTURE_VARIANTS;

export interface PictureFile {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type PictureType = "image/jpeg" | "image/png" | "image/webp";

export interface ProcessedPicture {
  sourceType: PictureType;
  variants: Record<PictureVariant, PictureFile>;
}

export type PictureProcessing = { ok: true; picture: ProcessedPicture } | { ok: false; message: string };

/** Decodes and resizes an upload (the container's, server/picture-processing.ts): the refusal's reason in Swedish. */
export interface PictureProcessor {
  process(bytes: Uint8Array): Promise<PictureProcessing>;
}

/** The pixels a picture may have before it is decoded (sharp's limitInputPixels): a phone's 48-megapixel camera, not a decompression bomb. */
export const MAX_PICTURE_PIXELS = 50_000_000;
/** The shorter side a picture needs to look sharp on the page. */
export const MIN_PICTURE_SIDE = 300;
/** FUNDRAISER_PICTURE_MAX_KB's largest value: the pages' upload limit is sized for it (server/page-requests.ts). */
export const FUNDRAISER_PICTURE_CEILING_BYTES = 16 * 1024 * 1024;
export const ALT_TEXT_MAX_CHARACTERS = 200;
/** What the file input accepts; a phone offers its photos as JPEG when HEIC is not among them. */
export const PICTURE_ACCEPT = "image/jpeg,image/png,image/webp";

export const PICTURE_UPLOAD_TOO_LARGE = "Bilden är för stor för formuläret. Den får vara högst 16 MB. Gå tillbaka och välj en mindre bild.";
export const PICTURE_MESSAGES = {
  wrongType: "Bilden ska vara en JPEG-, PNG- eller WebP-fil. Den här filen kan vi inte läsa som en bild.",
  heic:
    "Bilden är i formatet HEIC, som vi inte kan ta emot. Välj en JPEG-, PNG- eller WebP-bild. På en iPhone sparas nya bilder som JPEG om du väljer Inställningar > Kamera > Format > Mest kompatibel.",
  broken: "Bilden gick inte att läsa. Filen kan vara trasig – spara den på nytt eller välj en annan bild.",
  busy: "Just nu laddas många bilder upp. Vänta några sekunder och försök igen.",
  altMissing: "Beskriv kort vad bilden visar, till exempel: Anna i mål efter loppet. Texten läses upp för den som inte kan se bilden.",
  chooseAgain: "Välj bilden igen. Webbläsaren kan inte spara en vald fil när formuläret visas på nytt.",
  uploadLimited: "Många bilder har laddats upp härifrån på kort tid. Vänta en stund och försök igen.",
} as const;

export function pictureSizeText(maxBytes: number): string {
  return maxBytes >= 1024 * 1024 ? `${formatNumber(Math.floor(maxBytes / (1024 * 1024)))} MB` : `${formatNumber(Math.floor(maxBytes / 1024))} kB`;
}

export function tooLargeMessage(maxBytes: number): string {
  return `Bilden är för stor. Filen får vara högst ${pictureSizeText(maxBytes)}. Förminska bilden eller välj en annan.`;
}

export function tooManyPixelsMessage(width: number, height: number): string {
  return `Bilden är ${formatNumber(width)} × ${formatNumber(height)} bildpunkter, fler än vi kan ta emot (högst ${formatNumber(MAX_PICTURE_PIXELS / 1_000_000)} miljoner). Förminska den och försök igen.`;
}

export function tooSmallMessage(width: number, height: number): string {
  return `Bilden är bara ${formatNumber(width)} × ${formatNumber(height)} bildpunkter. Den behöver vara minst ${MIN_PICTURE_SIDE} bildpunkter på varje led för att synas skarpt.`;
}

/** What the file's first bytes say it is; the name and the type the browser claims are not trusted. */
export function sniffPictureType(bytes: Uint8Array): PictureType | "heic" | null {
  const at = (offset: number, text: string) => [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "image/png";
  if (at(0, "RIFF") && at(8, "WEBP")) return "image/webp";
  // An ISO media file (HEIF): "ftyp" and a brand of HEVC-coded pictures, which sharp's own libvips cannot decode.
  if (at(4, "ftyp") && ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].some((brand) => at(8, brand))) return "heic";
  return null;
}

/** A multipart field holding a file the visitor chose (an empty file input sends a nameless empty one). */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return typeof value === "object" && value !== null && value.size > 0 ? value : null;
}

/** The processor's refusal, at once, when too many pictures are being decoded. */
export class PicturesBusyError extends Error {
  constructor() {
    super(PICTURE_MESSAGES.busy);
    this.name = "PicturesBusyError";
  }
}

/**
 * At most `concurrency` pictures decoded at once in this process, `queueMax`
 * more waiting; the next is refused at once with PicturesBusyError. sharp
 * works in libuv's thread pool, not on the request thread, but that pool
 * (four threads) also serves file reads, compression and DNS: a burst of
 * uploads must not take all of it.
 */
export function boundedPictureProcessor(inner: PictureProcessor, limits: { concurrency: number; queueMax: number }): PictureProcessor & { readonly inFlight: number } {
  const concurrency = Math.max(1, limits.concurrency);
  const waiting: Array<() => void> = [];
  let running = 0;
  let queued = 0;
  return {
    get inFlight() {
      return running + queued;
    },
    async process(bytes) {
      if (running >= concurrency) {
        if (queued >= limits.queueMax) throw new PicturesBusyError();
        queued++;
        await new Promise<void>((resolve) => waiting.push(resolve));
        queued--;
      }
      running++;
      try {
        return await inner.process(bytes);
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
  };
}

export interface UploadLimits {
  /** FUNDRAISER_PICTURE_MAX_KB, in bytes. */
  maxBytes: number;
}

/** Checks the file's size and kind before anything decodes it, then has it processed. */
export async function processUpload(processor: PictureProcessor, bytes: Uint8Array, limits: UploadLimits): Promise<PictureProcessing> {
  if (bytes.byteLength > limits.maxBytes) return { ok: false, message: tooLargeMessage(limits.maxBytes) };
  const type = sniffPictureType(bytes);
  if (type === "heic") return { ok: false, message: PICTURE_MESSAGES.heic };
  if (type === null) return { ok: false, message: PICTURE_MESSAGES.wrongType };
  return processor.process(bytes);
}

type Executor = Kysely<DB> | Transaction<DB>;

/** The picture's facts, without its bytes. */
export interface StoredPicture {
  id: string;
  altText: string;
  approved: boolean;
  large: { width: number; height: number };
  medium: { width: number; height: number };
  createdAt: string;
}

const FACTS = ["id", "alt_text", "approved_at", "large_width", "large_height", "medium_width", "medium_height", "created_at"] as const;

function facts(row: { id: string; alt_text: string; approved_at: string | null; large_width: number; large_height: number; medium_width: number; medium_height: number; created_at: string }): StoredPicture {
  return {
    id: row.id,
    altText: row.alt_text,
    approved: row.approved_at !== null,
    large: { width: row.large_width, height: row.large_height },
    medium: { width: row.medium_width, height: row.medium_height },
    createdAt: row.created_at,
  };
}

/**
 * Stores the fundraiser's picture, replacing any earlier one (a new id, so
 * every address of the old one stops answering), waiting for staff's look.
 * Call it in the transaction that stores whatever else the upload came with.
 */
export async function storeFundraiserPicture(
  db: Executor,
  clock: Clock,
  fundraiserId: string,
  picture: ProcessedPicture,
  altText: string,
): Promise<StoredPicture> {
  const { large, medium, card, share } = picture.variants;
  const row = {
    id: Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString("base64url"),
    fundraiser_id: fundraiserId,
    alt_text: altText,
    source_type: picture.sourceType,
    large_jpeg: Buffer.from(large.bytes),
    large_width: large.width,
    large_height: large.height,
    medium_jpeg: Buffer.from(medium.bytes),
    medium_width: medium.width,
    medium_height: medium.height,
    card_jpeg: Buffer.from(card.bytes),
    share_jpeg: Buffer.from(share.bytes),
    approved_at: null,
    approved_by: null,
    created_at: clock.now().toISOString(),
  };
  await db.deleteFrom("fundraiser_pictures").where("fundraiser_id", "=", fundraiserId).execute();
  await db.insertInto("fundraiser_pictures").values(row).execute();
  return facts(row);
}

/** The fundraiser's picture, approved or not (the organiser's and staff's view). */
export async function fundraiserPicture(db: Executor, fundraiserId: string): Promise<StoredPicture | null> {
  const row = await db.selectFrom("fundraiser_pictures").select(FACTS).where("fundraiser_id", "=", fundraiserId).executeTakeFirst();
  return row ? facts(row) : null;
}

/** The picture the public sees: only an approved one. */
export async function publicFundraiserPicture(db: Executor, fundraiserId: string): Promise<StoredPicture | null> {
  const picture = await fundraiserPicture(db, fundraiserId);
  return picture?.approved ? picture : null;
}

/** Approved pictures of many fundraisers at once, by their pages' addresses (the public list). */
export async function publicPicturesBySlug(db: Executor, slugs: readonly string[]): Promise<Map<string, StoredPicture>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom("fundraiser_pictures as p")
    .innerJoin("fundraisers as f", "f.id", "p.fundraiser_id")
    .select(["f.slug", "p.id", "p.alt_text", "p.approved_at", "p.large_width", "p.large_height", "p.medium_width", "p.medium_height", "p.created_at"])
    .where("f.slug", "in", slugs)
    .where("p.approved_at", "is not", null)
    .execute();
  return new Map(rows.map((row) => [row.slug, facts(row)]));
}

const COLUMNS = { large: "large_jpeg", medium: "medium_jpeg", card: "card_jpeg", share: "share_jpeg" } as const;

/** One variant's bytes, when `pictureId` is this fundraiser's picture (and approved, unless `evenUnapproved`). */
export async function pictureBytes(db: Executor, fundraiserId: string, pictureId: string, variant: PictureVariant, options: { evenUnapproved?: boolean } = {}): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom("fundraiser_pictures")
    .select([COLUMNS[variant], "approved_at"])
    .where("fundraiser_id", "=", fundraiserId)
    .where("id", "=", pictureId)
    .executeTakeFirst();
  if (!row || (row.approved_at === null && !options.evenUnapproved)) return null;
  return (row as unknown as Record<string, Uint8Array>)[COLUMNS[variant]] ?? null;
}

/** Staff approve the picture they saw (only that one: a newer upload waits for its own look). */
export async function approveFundraiserPicture(db: Executor, clock: Clock, fundraiserId: string, pictureId: string, staffRef: string): Promise<boolean> {
  const result = await db
    .updateTable("fundraiser_pictures")
    .set({ approved_at: clock.now().toISOString(), approved_by: staffRef })
    .where("fundraiser_id", "=", fundraiserId)
    .where("id", "=", pictureId)
    .where("approved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the fundraiser's picture (the organiser, or staff); the page shows the site's own picture again. */
export async function removeFundraiserPicture(db: Executor, fundraiserId: string): Promise<boolean> {
  const result = await db.deleteFrom("fundraiser_pictures").where("fundraiser_id", "=", fundraiserId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The file part of a picture's address: `{id}-{variant}.jpg`. */
export function pictureFileName(pictureId: string, variant: PictureVariant): string {
  return `${pictureId}-${PICTURE_VARIANTS[variant].file}.jpg`;
}

/** Reads `{id}-{variant}.jpg` back; null for anything else. */
export function parsePictureFileName(name: string): { pictureId: string; variant: PictureVariant } | null {
  const match = /^([A-Za-z0-9_-]{22})-([a-z0-9]+)\.jpg$/.exec(name);
  if (!match) return null;
  const variant = (Object.keys(PICTURE_VARIANTS) as PictureVariant[]).find((v) => PICTURE_VARIANTS[v].file === match[2]);
  return variant ? { pictureId: match[1] as string, variant } : null;
}

/** A picture's address under its fundraiser's page (served by server/fundraiser-pictures.ts). */
export function picturePath(fundraiserPath: string, pictureId: string, variant: PictureVariant): string {
  return `${fundraiserPath}/bild/${pictureFileName(pictureId, variant)}`;
}

/** Pictures waiting for staff on pages already reviewed (a new page's picture is looked at with the page): oldest first. */
export async function picturesToReview(db: Executor, limit = 200): Promise<Array<{ fundraiserId: string; title: string; organiserName: string; uploadedAt: string }>> {
  const rows = await db
    .selectFrom("fundraiser_pictures as p")
    .innerJoin("fundraisers as f", "f.id", "p.fundraiser_id")
    .select(["f.id", "f.title", "f.organiser_name", "p.created_at"])
    .where("p.approved_at", "is", null)
    .where("f.review", "<>", "pending")
    .where("f.confirmed_at", "is not", null)
    .orderBy("p.created_at")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ fundraiserId: r.id, title: r.title ?? "", organiserName: r.organiser_name, uploadedAt: r.created_at }));
}
