import type { BankIdErrorCode } from "./bankid-relying-party";

/**
 * An error answer from BankID (`{errorCode, details}` with a 4xx/5xx status),
 * or a reply we could not understand (errorCode "unexpectedResponse"). Callers
 * decide from errorCode: alreadyInProgress → tell the user (RFA4);
 * internalError/maintenance/requestTimeout → "try again" (RFA5); the rest are
 * our own mistakes and must not be shown to the user as BankID errors.
 */
export class BankIdApiError extends Error {
  readonly status: number;
  readonly errorCode: BankIdErrorCode | "unexpectedResponse";
  readonly details: string;

  constructor(status: number, errorCode: BankIdErrorCode | "unexpectedResponse", details: string) {
    super(`BankID answered ${status} ${errorCode}${details ? `: ${details}` : ""}`);
    this.name = "BankIdApiError";
    this.status = status;
    this.errorCode = errorCode;
    this.details = details;
  }
}
