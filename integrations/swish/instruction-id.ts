import { randomUUID } from "node:crypto";

/**
 * Swish identifies a payment request by an id the merchant chooses: a UUID
 * written as 32 upper-case hex characters. Choosing it ourselves (instead of
 * reading it back) makes the create call idempotent: we store the id with the
 * payment attempt before calling, and a retry after a timeout reuses it and
 * gets RP09 instead of creating a second request.
 */
export const INSTRUCTION_ID_PATTERN = /^[0-9A-F]{32}$/;

export function newInstructionId(): string {
  return randomUUID().replaceAll("-", "").toUpperCase();
}

export function isInstructionId(value: string): boolean {
  return INSTRUCTION_ID_PATTERN.test(value);
}
