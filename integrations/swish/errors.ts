import type { SwishErrorObject } from "./types";

/** Base class so callers can catch every Swish failure in one place. */
export class SwishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SwishError";
  }
}

/**
 * Swish refused the request with 422 and a list of error codes (validation,
 * RP06 active request, RP09 reused id, too late to cancel…). The codes are what
 * callers branch on; the message is for logs.
 */
export class SwishApiError extends SwishError {
  readonly status: number;
  readonly errors: SwishErrorObject[];

  constructor(operation: string, status: number, errors: SwishErrorObject[]) {
    const summary = errors.map((e) => `${e.errorCode} ${e.errorMessage}`).join("; ") || "no error details";
    super(`Swish ${operation} was rejected (${status}): ${summary}`);
    this.name = "SwishApiError";
    this.status = status;
    this.errors = errors;
  }

  get codes(): string[] {
    return this.errors.map((e) => e.errorCode);
  }

  hasCode(code: string): boolean {
    return this.errors.some((e) => e.errorCode === code);
  }
}

/**
 * Any other unexpected answer: 401/403 (certificate problems, which need an
 * operator, not a retry), 404, 5xx. The body is kept short because it may echo
 * request data.
 */
export class SwishHttpError extends SwishError {
  readonly status: number;
  readonly body: string;

  constructor(operation: string, status: number, body: string) {
    super(`Swish ${operation} failed: ${describeStatus(status)}`);
    this.name = "SwishHttpError";
    this.status = status;
    this.body = body.slice(0, 500);
  }
}

function describeStatus(status: number): string {
  switch (status) {
    case 400:
      return "400 Bad Request (malformed request body)";
    case 401:
      return "401 Unauthorized (the client certificate is missing, expired or not accepted)";
    case 403:
      return "403 Forbidden (the payee alias does not match the client certificate)";
    case 404:
      return "404 Not Found (no payment request with that id)";
    case 415:
      return "415 Unsupported Media Type";
    default:
      return status >= 500 ? `${status} (Swish server error, try again later)` : `unexpected status ${status}`;
  }
}
