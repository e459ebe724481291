/**
 * Paper forms (blanketter) a person can order by post (POST /api/PostalForm,
 * decision 0023): many older donors would rather fill in a form than a web
 * page. Staff keep printed stock of each; the fulfilment queue tells them
 * what to put in which envelope. Every union here is also a CHECK constraint
 * (migration 0014).
 *
 * A request is `ready` from the moment it is stored (nothing is paid for),
 * `sent` when staff have posted it, and `cancelled` when staff struck it
 * instead (a prank or a mistaken order; migration 0016): it is never posted
 * and no longer counts towards the address's limit.
 */
export const POSTAL_FORM_KINDS = ["autogiro_mandate", "membership", "payin_slips"] as const;
export type PostalFormKind = (typeof POSTAL_FORM_KINDS)[number];

export const POSTAL_FORM_STATUSES = ["ready", "sent", "cancelled"] as const;
export type PostalFormStatus = (typeof POSTAL_FORM_STATUSES)[number];

/** What staff and the person read: the form's name in Swedish. */
export const POSTAL_FORM_LABELS: Readonly<Record<PostalFormKind, string>> = {
  autogiro_mandate: "Blankett för autogiromedgivande",
  membership: "Blankett för medlemskap",
  payin_slips: "Inbetalningskort",
};

/** At most this many requests to one postal address within the window, whoever asks. */
export const POSTAL_FORMS_PER_ADDRESS = 3;
export const POSTAL_FORM_ADDRESS_WINDOW_DAYS = 30;

/** Staff post a request within this many working days; the post then takes its own (core/memorial/delivery-date.ts). */
export const POSTAL_FORM_HANDLING_WORKING_DAYS = 2;
