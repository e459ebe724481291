/**
 * Fundraisers (insamlingar, decision 0050): one model for every page where
 * people give together. A memorial collection (minnesinsamling, decision
 * 0019) is the kind `memorial`; the others are personal fundraisers started
 * by anyone at /insamling. Each union is a CHECK constraint too
 * (db/migrations/0031-fundraisers.ts; db/check-constraints.test.ts).
 */
export const FUNDRAISER_KINDS = ["memorial", "birthday", "wedding", "challenge", "in_honour", "other"] as const;
export type FundraiserKind = (typeof FUNDRAISER_KINDS)[number];

/** The kinds anyone can start at /insamling (a memorial collection is started at /minnesinsamling). */
export const PERSONAL_FUNDRAISER_KINDS = ["birthday", "wedding", "challenge", "in_honour", "other"] as const satisfies readonly FundraiserKind[];
export type PersonalFundraiserKind = (typeof PERSONAL_FUNDRAISER_KINDS)[number];

export const FUNDRAISER_KIND_LABELS: Readonly<Record<FundraiserKind, string>> = {
  memorial: "Minnesinsamling",
  birthday: "Födelsedag",
  wedding: "Bröllop",
  challenge: "Utmaning",
  in_honour: "Till någons ära",
  other: "Annat",
};

/**
 * Staff review of a personal fundraiser before it is listed at /insamlingar:
 * `pending` until staff approve or refuse it. A memorial collection is never
 * listed and is stored `approved` from the start (nothing to wait for).
 */
export const FUNDRAISER_REVIEWS = ["pending", "approved", "refused"] as const;
export type FundraiserReview = (typeof FUNDRAISER_REVIEWS)[number];

export const FUNDRAISER_REVIEW_LABELS: Readonly<Record<FundraiserReview, string>> = { pending: "Väntar", approved: "Godkänd", refused: "Ej godkänd" };

/**
 * The site's own pictures for a personal fundraiser (vector illustrations in
 * the charity's colours, app/fundraisers/fundraiser-picture.tsx).
 */
export const FUNDRAISER_PICTURES = ["hjarta", "ballonger", "ringar", "lopare", "blomma", "lungor"] as const;
export type FundraiserPicture = (typeof FUNDRAISER_PICTURES)[number];

export const FUNDRAISER_PICTURE_LABELS: Readonly<Record<FundraiserPicture, string>> = {
  hjarta: "Hjärta",
  ballonger: "Ballonger",
  ringar: "Ringar",
  lopare: "Löpare",
  blomma: "Blomma",
  lungor: "Lungor",
};

/** The picture a kind suggests when the organiser has not chosen one. */
export const DEFAULT_PICTURE_FOR_KIND: Readonly<Record<PersonalFundraiserKind, FundraiserPicture>> = {
  birthday: "ballonger",
  wedding: "ringar",
  challenge: "lopare",
  in_honour: "blomma",
  other: "hjarta",
};

export function isPersonalKind(kind: string): kind is PersonalFundraiserKind {
  return (PERSONAL_FUNDRAISER_KINDS as readonly string[]).includes(kind);
}
