import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { LimitCounter } from "../rate-limits/rate-limiter";
import { addWorkingDays, swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import { POST_DELIVERY_WORKING_DAYS } from "../memorial/delivery-date";
import { enqueueJob } from "../jobs/job-queue";
import {
  POSTAL_FORM_ADDRESS_WINDOW_DAYS,
  POSTAL_FORM_HANDLING_WORKING_DAYS,
  POSTAL_FORMS_PER_ADDRESS,
} from "./postal-form-kinds";
import type { PostalFormRequest } from "./postal-form-schema";
import { normaliseAddressText, postalAddressKey } from "./postal-address-key";
import { newPostalFormReference } from "./postal-form-reference";
import { countPostalFormsToAddress, findWaitingPostalForm, insertPostalForm, type PostalFormRow } from "./postal-form-repository";
import { POSTAL_FORM_CONFIRMATION_JOB } from "./postal-form-confirmation";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";

/**
 * Ordering a paper form by post (POST /api/PostalForm, decision 0023). Two
 * limits guard the charity's postage and people's letterboxes: per visitor
 * (the site's rate limiter, shared by instances on PostgreSQL) and
 * per postal address (counted from the stored requests themselves, so it
 * holds across restarts and instances: at most POSTAL_FORMS_PER_ADDRESS in
 * POSTAL_FORM_ADDRESS_WINDOW_DAYS, whoever asks). A refused request stores
 * nothing. The same form to the same name and address while the first still
 * waits for staff is that first request again: one envelope, not two.
 */
/** The per-visitor limit (the site's rate limiter, decision 0029); counted in the request's transaction. */
export type VisitorCounter = Pick<LimitCounter, "hit" | "peek">;

export interface PostalFormDeps {
  db: Kysely<DB>;
  clock: Clock;
  perVisitor: VisitorCounter;
  /** E-mails to one address a visitor typed: the confirmation goes to the one given (core/mail/recipient-limit.ts). */
  recipientMail: RecipientCounter;
}

export const POSTAL_FORMS_LIMITED_MESSAGES = {
  visitor: "Du har beställt många blanketter på kort tid. Vänta en stund och försök sedan igen.",
  address:
    "Vi har redan fått flera beställningar av blanketter till den här adressen den senaste månaden. De är på väg med posten – hör av dig till oss om de inte kommer fram.",
} as const;

export class PostalFormsLimitedError extends Error {
  constructor(
    readonly by: "visitor" | "address",
    /** For the address limit: seconds until the oldest request in the window no longer counts. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(by === "address" ? "Too many postal forms to this address" : "Too many postal forms from this visitor");
    this.name = "PostalFormsLimitedError";
  }
}

export interface OrderedPostalForm {
  form: PostalFormRow;
  /** False when an identical request still waiting for staff was found instead. */
  created: boolean;
}

/** When a form ordered now should arrive: staff post it within their handling days, then the post delivers. */
export function expectedArrival(now: Date): IsoDate {
  return addWorkingDays(swedishDate(now), POSTAL_FORM_HANDLING_WORKING_DAYS + POST_DELIVERY_WORKING_DAYS);
}

const DAY_MS = 86_400_000;

export async function orderPostalForm(deps: PostalFormDeps, visitor: string | null, request: PostalFormRequest): Promise<OrderedPostalForm> {
  const now = deps.clock.now();
  const addressKey = postalAddressKey(request);
  const name = normaliseAddressText(request.name);
  // In one transaction (BEGIN IMMEDIATE on SQLite): two requests for one address are counted one after the other.
  return deps.db.transaction().execute(async (trx) => {
    const waiting = (await findWaitingPostalForm(trx, { kind: request.kind, address_key: addressKey })).find((row) => normaliseAddressText(row.name) === name);
    if (waiting) return { form: waiting, created: false };
    if (visitor !== null && !(await deps.perVisitor.peek(visitor, trx))) throw new PostalFormsLimitedError("visitor");
    const windowStart = new Date(now.getTime() - POSTAL_FORM_ADDRESS_WINDOW_DAYS * DAY_MS);
    const recent = await countPostalFormsToAddress(trx, addressKey, windowStart.toISOString());
    if (recent.count >= POSTAL_FORMS_PER_ADDRESS) {
      const freesAt = recent.oldest ? new Date(recent.oldest).getTime() + POSTAL_FORM_ADDRESS_WINDOW_DAYS * DAY_MS : now.getTime() + DAY_MS;
      throw new PostalFormsLimitedError("address", Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
    }
    const confirmTo = request.email ? [{ address: request.email, field: "email" }] : [];
    await checkRecipientMail(deps.recipientMail, confirmTo, trx);
    if (visitor !== null) await deps.perVisitor.hit(visitor, trx);
    await countRecipientMail(deps.recipientMail, confirmTo, trx);
    const at = now.toISOString();
    const form: PostalFormRow = {
      id: crypto.randomUUID(),
      reference: newPostalFormReference(),
      kind: request.kind,
      name: request.name,
      street: request.street,
      postal_code: request.postalCode,
      city: request.city,
      email: request.email ?? null,
      address_key: addressKey,
      expected_by: expectedArrival(now),
      status: "ready",
      sent_at: null,
      sent_by: null,
      cancelled_at: null,
      cancelled_by: null,
      created_at: at,
      updated_at: at,
    };
    await insertPostalForm(trx, form);
    if (form.email) {
      await enqueueJob(trx, deps.clock, { type: POSTAL_FORM_CONFIRMATION_JOB, payload: { id: form.id }, dedupeKey: `${POSTAL_FORM_CONFIRMATION_JOB}:${form.id}` });
    }
    return { form, created: true };
  });
}
