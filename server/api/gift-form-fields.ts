/** The donor part of a gift request to the API (SwishInit, RegularGift/Add). */
export interface ApiDonorPayload {
  amount: number;
  name: string;
  email: string;
  personnummer?: string;
  newsletter?: boolean;
  /** "Visa mitt förnamn och ort på insamlingssidan" (off unless true), and the place to show. */
  showName?: boolean;
  publicPlace?: string;
  idempotencyKey: string;
}

/**
 * An API caller's payload as the gift form's own fields, so the API validates
 * gifts with exactly the rules (and messages) of the form. `method` adds the
 * payment method's fields.
 */
export function giftFormFields(payload: ApiDonorPayload, method: Record<string, string>): Record<string, string | undefined> {
  return {
    amount: "annat",
    customAmount: String(payload.amount),
    name: payload.name,
    email: payload.email,
    personnummer: payload.personnummer ?? "",
    newsletter: payload.newsletter ? "on" : undefined,
    showName: payload.showName ? "on" : undefined,
    publicPlace: payload.publicPlace ?? "",
    idempotencyKey: payload.idempotencyKey,
    ...method,
  };
}
