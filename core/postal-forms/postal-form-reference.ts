import crypto from "node:crypto";
import { crockfordPattern, encodeCrockfordBase32 } from "../text/crockford-base32";

/**
 * A postal form request's reference, told to the person who ordered it and
 * printed small on the address page: `BL-` (blankett) and 12 characters of
 * Crockford base32 (60 random bits). It opens nothing, so it need not be
 * unguessable; the prefix keeps it apart from order item references (26
 * characters, no hyphen) wherever staff pick from both, as in the
 * fulfilment queue.
 */
const PREFIX = "BL-";
const BODY = crockfordPattern(12);

export function newPostalFormReference(random: (size: number) => Buffer = crypto.randomBytes): string {
  return `${PREFIX}${encodeCrockfordBase32(random(8)).slice(0, 12)}`;
}

export function isPostalFormReference(value: string): boolean {
  return value.startsWith(PREFIX) && BODY.test(value.slice(PREFIX.length));
}
