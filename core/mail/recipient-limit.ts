import type { Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { LimitCounter } from "../rate-limits/rate-limiter";

/**
 * How many e-mails the site sends to one address a visitor typed – an
 * invoice, a greeting card, a certificate, a memorial sheet, a collection's
 * manage link, a confirmation – counted per address whoever asks and whatever
 * the kind (EMAIL_PER_RECIPIENT_PER_HOUR, one counter of the site's rate
 * limiter). Without it anyone could fill a stranger's inbox from our mail
 * server at no cost (issue #30). A request over the limit is refused before
 * anything is stored, with the field it came from, so a form can say which
 * address we cannot write to now. Receipts for paid gifts are not counted:
 * each was paid for, and bookkeeping needs it sent.
 */
export type RecipientCounter = Pick<LimitCounter, "hit" | "peek">;

export const RECIPIENT_MAIL_LIMITED_MESSAGE =
  "Vi kan inte skicka fler e-postmeddelanden till den här adressen just nu. Vänta en stund och försök igen, eller ange en annan e-postadress.";

/** One address a request would have us write to, and the field (as the form and the API name it) it was typed in. */
export interface TypedAddress {
  address: string;
  field: string;
}

export class RecipientMailLimitedError extends Error {
  /** An HTTP status for handlers that map errors generically. */
  readonly status = 429;
  readonly expose = true;
  constructor(readonly field: string) {
    super("Too many e-mails to this address");
    this.name = "RecipientMailLimitedError";
  }

  /** The field error a form or the API shows: the message on the field the address was typed in. */
  get fields(): Record<string, string> {
    return { [this.field]: RECIPIENT_MAIL_LIMITED_MESSAGE };
  }
}

/** One key per mailbox however it was typed: "Anna@Exempel.se " and "anna@exempel.se" are one address. */
export function recipientKey(address: string): string {
  return address.trim().toLowerCase();
}

/** Throws RecipientMailLimitedError when one more e-mail to any of the addresses would be over the limit; counts nothing. */
export async function checkRecipientMail(counter: RecipientCounter, addresses: readonly TypedAddress[], within?: Transaction<DB>): Promise<void> {
  for (const { address, field } of addresses) {
    const key = recipientKey(address);
    if (key !== "" && !(await counter.peek(key, within))) throw new RecipientMailLimitedError(field);
  }
}

/**
 * Counts one e-mail to each address, once what causes them is stored. An
 * address typed twice in one request (two rows of a list) counts twice, as two
 * e-mails go to it; the check before let the request through, so a count that
 * goes over here refuses the next request, not this one.
 */
export async function countRecipientMail(counter: RecipientCounter, addresses: readonly TypedAddress[], within?: Transaction<DB>): Promise<void> {
  for (const { address } of addresses) {
    const key = recipientKey(address);
    if (key !== "") await counter.hit(key, within);
  }
}
