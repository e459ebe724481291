/**
 * What the donor area needs from BankID's Relying Party API v6.0, declared
 * here so that the login flow depends on an interface, not on the client:
 * `integrations/bankid/client.ts` implements it for the real service and for
 * our simulator. Field names are BankID's own, so that the JSON on the wire is
 * these types; the request bodies themselves live with the client.
 */

export const PENDING_HINT_CODES = [
  "outstandingTransaction",
  "noClient",
  "started",
  "userMrtd",
  "userCallConfirm",
  "userSign",
] as const;
export type PendingHintCode = (typeof PENDING_HINT_CODES)[number];

export const FAILED_HINT_CODES = ["expiredTransaction", "certificateErr", "userCancel", "cancelled", "startFailed"] as const;
export type FailedHintCode = (typeof FAILED_HINT_CODES)[number];

export type CollectStatus = "pending" | "failed" | "complete";

export const BANKID_ERROR_CODES = [
  "alreadyInProgress",
  "invalidParameters",
  "unauthorized",
  "notFound",
  "methodNotAllowed",
  "requestTimeout",
  "unsupportedMediaType",
  "internalError",
  "maintenance",
] as const;
/** BankID may add codes without notice, so callers must handle any string. */
export type BankIdErrorCode = (typeof BANKID_ERROR_CODES)[number] | (string & {});

export interface Requirement {
  pinCode?: boolean;
  mrtd?: boolean;
  cardReader?: "class1" | "class2";
  certificatePolicies?: string[];
  /** 12 digits, YYYYMMDDNNNC. */
  personalNumber?: string;
}

export interface OrderRequestBase {
  endUserIp: string;
  requirement?: Requirement;
  returnUrl?: string;
  returnRisk?: boolean;
}

/** What our code passes to `auth`/`sign`: plain text that the client base64-encodes. */
export interface AuthOptions extends OrderRequestBase {
  /** Shown to the user in the app; simpleMarkdownV1. */
  userVisibleData?: string;
  userNonVisibleData?: string;
}

export interface SignOptions extends OrderRequestBase {
  userVisibleData: string;
  userNonVisibleData?: string;
}

export interface OrderResponse {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export interface CompletionData {
  user: { personalNumber: string; name: string; givenName: string; surname: string };
  device: { ipAddress: string; uhi: string };
  /** YYYY-MM-DD. */
  bankIdIssueDate: string;
  /** Base64 of the XML signature. */
  signature: string;
  /** Base64 of the OCSP response. */
  ocspResponse: string;
  stepUp?: { mrtd: boolean };
  risk?: "low" | "moderate" | "high";
}

export type CollectResponse =
  | { orderRef: string; status: "pending"; hintCode: PendingHintCode | (string & {}) }
  | { orderRef: string; status: "failed"; hintCode: FailedHintCode | (string & {}) }
  | { orderRef: string; status: "complete"; completionData: CompletionData };

/**
 * The relying-party operations we use. Error answers from BankID are thrown
 * as `BankIdApiError` (./bankid-api-error.ts); anything else (a timeout, a
 * dropped connection) is thrown as it is.
 */
export interface BankIdRelyingParty {
  auth(options: AuthOptions): Promise<OrderResponse>;
  sign(options: SignOptions): Promise<OrderResponse>;
  collect(orderRef: string): Promise<CollectResponse>;
  cancel(orderRef: string): Promise<void>;
  /**
   * The animated QR code's content at `now` for an order started at
   * `orderStartedAt` ("BankID on another device"). Computed on our server,
   * because only it knows the order's qrStartSecret.
   */
  qrCode(order: Pick<OrderResponse, "qrStartToken" | "qrStartSecret">, orderStartedAt: Date, now: Date): string;
}
