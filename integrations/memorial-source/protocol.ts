import { z } from "zod";

/**
 * The memorial source protocol, version 1 (README.md): plain JSON over HTTP,
 * chosen by us because no public API for death notices or funeral parlours
 * exists. The client and the simulator both follow these shapes; a live
 * provider would be asked to speak them (or an adapter would translate).
 */

export const API_KEY_HEADER = "x-api-key";
export const DECEASED_PATH = "/v1/deceased";
export const PARLOURS_PATH = "/v1/funeral-parlours";
/** Largest `limit` a source must honour. */
export const MAX_SOURCE_LIMIT = 50;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Only these fields are read; anything else a source sends (a personnummer, an
 * address, relatives) is dropped by the parse and never reaches the site.
 */
export const wireParlourSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  town: z.string().min(1).max(100),
  postalAddress: z.object({
    street: z.string().max(200),
    postalCode: z.string().max(10),
    city: z.string().max(100),
  }),
  email: z.string().max(200),
  phone: z.string().max(40),
});

export const wireDeceasedSchema = z.object({
  id: z.string().min(1).max(64),
  givenNames: z.string().min(1).max(200),
  surname: z.string().min(1).max(200),
  birthYear: z.number().int().min(1850).max(2100),
  age: z.number().int().min(0).max(130),
  dateOfDeath: isoDate,
  homeTown: z.string().max(100),
  funeralDate: isoDate.nullable(),
  funeralParlour: wireParlourSchema.nullable(),
});

/** Both searches answer `{ total, items }`; items are checked one by one. */
export const wireListSchema = z.object({
  total: z.number().int().min(0),
  items: z.array(z.unknown()),
});

export interface WireError {
  error: { code: "invalid_parameter" | "unauthorized" | "not_found" | "unavailable"; message: string; parameter?: string };
}
