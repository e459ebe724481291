import type { BankIdErrorCode, OrderRequestBase } from "#core/donors/bankid-relying-party";

/**
 * The BankID Relying Party API v6.0's request and error bodies as the client
 * and the simulator put them on the wire. The types the login flow sees
 * (orders, collect answers, hint and error codes) are declared in
 * core/donors/bankid-relying-party.ts, which the client implements.
 */

/** The JSON body of /auth and /sign. */
export interface OrderRequestBody extends OrderRequestBase {
  userVisibleData?: string;
  userVisibleDataFormat?: "simpleMarkdownV1";
  userNonVisibleData?: string;
}

export interface BankIdErrorBody {
  errorCode: BankIdErrorCode;
  details: string;
}
