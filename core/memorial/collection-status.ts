/**
 * A memorial collection (minnesinsamling) is `open` while it takes gifts and
 * `closed` for good once the organiser closes it: then the family gets every
 * sheet in one PDF and the page shows no names or greetings. Who opened it:
 * the family, or the funeral parlour on the family's behalf. Each union is a
 * CHECK constraint too (db/migrations/0008-memorial-collections.ts).
 */
export const COLLECTION_STATUSES = ["open", "closed"] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

export const COLLECTION_ORGANISER_KINDS = ["family", "funeral_parlour"] as const;
export type CollectionOrganiserKind = (typeof COLLECTION_ORGANISER_KINDS)[number];

export const COLLECTION_ORGANISER_LABELS: Readonly<Record<CollectionOrganiserKind, string>> = {
  family: "Jag är anhörig eller vän till familjen",
  funeral_parlour: "Jag arbetar på begravningsbyrån",
};
