/**
 * The BankID Relying Party API v6.0 as our client and simulator speak it.
 * Field names are BankID's own, so that the JSON on the wire is these types.
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

/** The JSON body of /auth and /sign. */
export interface OrderRequestBody extends OrderRequestBase {
  userVisibleData?: string;
  userVisibleDataFormat?: "simpleMarkdownV1";
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

export interface BankIdErrorBody {
  errorCode: BankIdErrorCode;
  details: string;
}
