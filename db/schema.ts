import type { ColumnType, Generated } from "kysely";
import type { GiftStatus, GiftType } from "#core/gifts/gift-types";
import type { PaymentMethod, PaymentStatus, ProviderName, TransitionSource } from "#core/payments/payment-status";
import type { RefundStatus } from "#core/payments/refund-status";
import type { OrderChannel, OrderItemKind, OrderItemStatus, OrderKind, OrderTransitionSource } from "#core/orders/order-status";
import type {
  AgreementEventSource,
  AgreementEventType,
  AgreementInterval,
  AgreementKind,
  AgreementMethod,
  AgreementStatus,
  AutogiroRequestKind,
  MandateStatus,
  ProviderFileDirection,
  ProviderFileStatus,
} from "#core/agreements/agreement-status";

import type { StoredCardStatus } from "#core/agreements/stored-card-status";
import type { CollectionOrganiserKind, CollectionStatus } from "#core/memorial/collection-status";
import type { MemorialSheetDesign } from "#core/memorial/sheet-designs";
import type { FundraiserKind, FundraiserPicture, FundraiserReview } from "#core/fundraisers/fundraiser-kinds";
import type { StaffRole } from "#core/staff/staff-roles";
import type { PostalFormKind, PostalFormStatus } from "#core/postal-forms/postal-form-kinds";
/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC strings and
 * booleans are 0/1 integers in both engines, so that rows read the same on
 * SQLite and PostgreSQL. Money is integer öre.
 */
/**
 * Gifts are read by donor (`donor_id`; `donor_personnummer, donor_id` for
 * those not linked yet), by order reference, and for a tax year by
 * `status, paid_at` (migration 0021: that index covers the KU65 report's columns).
 */
export interface GiftsTable {
  id: string;
  order_reference: string;
  gift_type: GiftType;
  amount_ore: number;
  /** The identified donor (BankID or a My data link); null until someone with the gift's personnummer identifies. */
  donor_id: string | null;
  /** The person a memorial gift remembers (migration 0007). */
  memorial_id: string | null;
  /** The agreement a debit belongs to, and the date Bankgirot debits it (migration 0011). */
  agreement_id: string | null;
  debit_on: string | null;
  donor_name: string;
  donor_email: string;
  donor_personnummer: string | null;
  newsletter_consent: number;
  /** Postal address, kept only for gifts paid by invoice and for company gifts (the company's address). */
  donor_street: string | null;
  donor_postal_code: string | null;
  donor_city: string | null;
  status: GiftStatus;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface PaymentsTable {
  id: string;
  gift_id: string;
  method: PaymentMethod;
  provider: ProviderName;
  provider_reference: string | null;
  status: PaymentStatus;
  amount_ore: number;
  payer_alias: string | null;
  /** What the donor's browser needs to continue with the provider (Swish token, Brite token…). */
  client_token: string | null;
  /** Where the donor's browser continues with the provider (a bank's session page). */
  client_url: string | null;
  error_code: string | null;
  last_checked_at: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  expires_at: string;
  /**
   * When a start cut short by a crash was last taken up again (migration 0019):
   * for 15 s after it, another start of the gift – on any instance – leaves the
   * attempt to the one finishing it instead of sending Swish a second request.
   */
  restarted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: string;
  type: string;
  from_status: PaymentStatus | null;
  to_status: PaymentStatus;
  source: TransitionSource;
  data: string | null;
  created_at: string;
}

/** A refund asked of a provider's API (migration 0017, core/payments/refund-service.ts). */
export interface PaymentRefundsTable {
  id: string;
  payment_id: string;
  provider: ProviderName;
  idempotency_key: string;
  provider_reference: string | null;
  status: RefundStatus;
  amount_ore: number;
  reason: string;
  requested_by: string;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  dedupe_key: string | null;
  payload: string;
  run_at: string;
  attempts: number;
  locked_until: string | null;
  done_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface KvEntriesTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface BankFileImportsTable {
  id: string;
  sha256: string;
  file_name: string;
  imported_at: string;
  /** JSON: what was booked, what did not match. */
  summary: string;
}

/** Donors who have identified (BankID) or been given a My data link. See migration 0004. */
export interface DonorsTable {
  id: string;
  personnummer: string | null;
  given_name: string;
  surname: string;
  /** Always null for a protected identity. */
  street: string | null;
  postal_code: string | null;
  city: string | null;
  protected_identity: number;
  email: string | null;
  /** A new address the donor asked for, waiting for its confirmation link to be opened (migration 0024). */
  pending_email: string | null;
  phone: string | null;
  contact_email: number;
  contact_post: number;
  contact_phone: number;
  newsletter: number;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface DonorSessionsTable {
  id_hash: string;
  donor_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface BankIdOrdersTable {
  order_ref: string;
  /** `staff`: a back-office sign-in (migration 0012). */
  kind: "auth" | "sign" | "staff";
  browser_hash: string;
  same_device: number;
  auto_start_token: string;
  qr_start_token: string;
  qr_start_secret: string;
  status: "pending" | "failed" | "complete";
  hint_code: string | null;
  donor_id: string | null;
  signature: string | null;
  created_at: string;
  last_collected_at: string | null;
  consumed_at: string | null;
}

export interface MyDataTokensTable {
  id: string;
  donor_id: string;
  purpose: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface DonorCommentsTable {
  id: Generated<number>;
  donor_id: string;
  body: string;
  source: string;
  created_at: string;
}

export interface ErasureRequestsTable {
  id: string;
  donor_id: string;
  source: string;
  requested_at: string;
  completed_at: string | null;
  kept: string;
}

/** First-party web events, stored only with tracking consent; see core/tracking/stored-web-event.ts. */
export interface WebEventsTable {
  id: Generated<number>;
  kind: string;
  type: string;
  session: string;
  identity: string;
  request_group: string;
  current_url: string;
  referrer: string | null;
  user_agent: string | null;
  utm_campaign: string | null;
  utm_medium: string | null;
  utm_source: string | null;
  time_ms: number | null;
  received_at: string;
}

/** What a gift asks the charity to produce and deliver (migration 0006, core/orders). */
export interface OrdersTable {
  id: string;
  gift_id: string;
  kind: OrderKind;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  /** Unguessable (130 random bits): opens the item's own page and document. */
  reference: string;
  kind: OrderItemKind;
  /** Which design: a card code, a sheet design; null where the kind has one design. */
  design: string | null;
  /** JSON: the words on the document (greeting, signature, occasion, whether the amount shows…). */
  content: string;
  recipient_name: string;
  recipient_email: string | null;
  recipient_street: string | null;
  recipient_postal_code: string | null;
  recipient_city: string | null;
  channel: OrderChannel;
  /** The date (YYYY-MM-DD, Swedish time) by which it must reach the recipient; null when it has none. */
  due_date: string | null;
  /** Not to be sent before this moment (a greeting card for a birthday); null = as soon as it is ready. */
  send_at: string | null;
  status: OrderItemStatus;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_item_id: string;
  type: string;
  from_status: OrderItemStatus | null;
  to_status: OrderItemStatus;
  source: OrderTransitionSource;
  data: string | null;
  created_at: string;
}

/** The person a memorial gift remembers, as a death notice shows them (migration 0007). */
export interface MemorialsTable {
  id: string;
  source_id: string | null;
  name: string;
  birth_year: number | null;
  /** YYYY-MM-DD */
  date_of_death: string;
  home_town: string;
  funeral_date: string | null;
  funeral_parlour_source_id: string | null;
  funeral_parlour_name: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A fundraiser (insamling, migration 0031, decision 0050): a memorial
 * collection (kind `memorial`, decision 0019) or a personal fundraiser.
 */
export interface FundraisersTable {
  id: string;
  slug: string;
  kind: FundraiserKind;
  /** A personal fundraiser's title; null for a memorial collection (its person is its title). */
  title: string | null;
  /** Memorial only: the person, who opened it, the sheet design. */
  memorial_id: string | null;
  organiser_kind: CollectionOrganiserKind | null;
  organiser_name: string;
  organiser_email: string;
  organiser_donor_id: string | null;
  message: string | null;
  design: MemorialSheetDesign | null;
  /** Personal only: one of the site's own pictures. */
  picture: FundraiserPicture | null;
  goal_ore: number | null;
  ends_on: string | null;
  listed: number;
  review: FundraiserReview;
  review_reason: string | null;
  reviewed_at: string | null;
  reviewed_by: string | null;
  confirmed_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
  show_greetings: number;
  show_total: number;
  status: CollectionStatus;
  manage_token_id: string;
  closed_at: string | null;
  sheets_sent_at: string | null;
  created_at: string;
  updated_at: string;
  /** The team this personal fundraiser belongs to (migration 0032, decision 0052); never set for a memorial collection. */
  team_id: string | null;
  /** What the organiser wrote to every giver when closing; null for the default thank-you. */
  thank_you_text: string | null;
  /** When the thank-you e-mails to its givers were queued (once per fundraiser). */
  thanked_at: string | null;
}

/**
 * A team (lag, migration 0032, decision 0052): a page summing its members'
 * personal fundraisers, with its own organiser, review and manage link; it
 * takes no gifts of its own.
 */
export interface FundraiserTeamsTable {
  id: string;
  slug: string;
  name: string;
  message: string;
  goal_ore: number | null;
  organiser_name: string;
  organiser_email: string;
  organiser_donor_id: string | null;
  /** 1 when the organiser chose to show the team in the list at /insamlingar once staff have approved it. */
  listed: number;
  review: FundraiserReview;
  review_reason: string | null;
  reviewed_at: string | null;
  reviewed_by: string | null;
  confirmed_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
  status: CollectionStatus;
  closed_at: string | null;
  manage_token_id: string;
  created_at: string;
  updated_at: string;
}

/** A gift given on a fundraiser's page, with what the giver allowed the page to show. */
export interface FundraiserGiftsTable {
  gift_id: string;
  fundraiser_id: string;
  show_on_page: number;
  show_amount: number;
  display_name: string | null;
  greeting: string | null;
  wants_updates: Generated<number>;
  hidden_at: string | null;
  created_at: string;
}

/** A gift the organiser received outside the site and added to the total (never a gift, never in tax data). */
export interface FundraiserOfflineGiftsTable {
  id: string;
  fundraiser_id: string;
  amount_ore: number;
  display_name: string | null;
  created_at: string;
}

/** The organiser's news on the page, e-mailed to givers who asked for it. */
export interface FundraiserUpdatesTable {
  id: string;
  fundraiser_id: string;
  text: string;
  created_at: string;
}

/** A visitor's report of a fundraiser's page, for staff. */
export interface FundraiserReportsTable {
  id: string;
  fundraiser_id: string;
  reason: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

/** A visitor's report of a team's page, for staff (migration 0036, decision 0055). */
export interface FundraiserTeamReportsTable {
  id: string;
  team_id: string;
  reason: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

/**
 * A personal fundraiser's uploaded picture (migration 0033, decision 0053):
 * at most one a fundraiser, stored as the JPEGs the page serves, decoded,
 * turned upright and stripped of all metadata where it entered. Shown to
 * the public only once staff approved it (`approved_at`).
 */
export interface FundraiserPicturesTable {
  /** 128 random bits, base64url: part of the picture's addresses, which never change. */
  id: string;
  fundraiser_id: string;
  /** What the picture shows, in the organiser's words, for those who cannot see it. */
  alt_text: string;
  /** The uploaded file's type, for staff (image/jpeg, image/png, image/webp). */
  source_type: string;
  large_jpeg: Buffer;
  large_width: number;
  large_height: number;
  medium_jpeg: Buffer;
  medium_width: number;
  medium_height: number;
  card_jpeg: Buffer;
  share_jpeg: Buffer;
  approved_at: string | null;
  approved_by: string | null;
  created_at: string;
}

/** Agreements, mandates and Bankgirot files (migration 0011, decision 0012 Agreements). */
export interface AgreementsTable {
  id: string;
  /** Null once the donor is erased (migration 0022, decision 0035). */
  donor_id: string | null;
  kind: AgreementKind;
  amount_ore: number;
  interval: AgreementInterval;
  debit_day: number;
  method: AgreementMethod;
  mandate_id: string | null;
  card_subscription_ref: string | null;
  status: AgreementStatus;
  starts_on: string;
  paused_until: string | null;
  next_debit_on: string | null;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

/** A card Mondido stores for a card agreement (migration 0018, decision 0028). */
export interface StoredCardsTable {
  id: string;
  /** Null once the donor is erased (migration 0022, decision 0035). */
  donor_id: string | null;
  provider: "Mondido";
  provider_card_id: string;
  /** Empty once the card is deleted at Mondido (`removed_at`). */
  token: string;
  masked_number: string | null;
  expires_on: string | null;
  status: StoredCardStatus;
  stored_by_payment_id: string;
  created_at: string;
  updated_at: string;
  /** When Mondido deleted the card at our request: it is never charged again (migration 0022, decision 0035). */
  removed_at: string | null;
}

/** A payment attempt that charges a stored card (migration 0018). */
export interface CardChargesTable {
  payment_id: string;
  agreement_id: string;
  stored_card_id: string;
  attempt: number;
  created_at: string;
}

export interface AgreementEventsTable {
  id: Generated<number>;
  agreement_id: string;
  type: AgreementEventType;
  from_status: AgreementStatus | null;
  to_status: AgreementStatus;
  applies_from: string | null;
  data: string | null;
  source: AgreementEventSource;
  created_at: string;
}

export interface MandatesTable {
  id: string;
  /** Null once the donor is erased; the account is then cut to its last four digits (migration 0022, decision 0035). */
  donor_id: string | null;
  payer_number: string;
  clearing: string;
  account: string;
  bank_name: string;
  status: MandateStatus;
  reason_code: string | null;
  reason_text: string | null;
  signed_at: string;
  signature_ref: string;
  created_at: string;
  updated_at: string;
}

export interface ProviderFilesTable {
  id: string;
  provider: "Drip";
  direction: ProviderFileDirection;
  layout: string;
  file_name: string;
  sha256: string | null;
  status: ProviderFileStatus;
  summary: string | null;
  created_at: string;
  processed_at: string | null;
}

export interface AutogiroRequestsTable {
  id: string;
  kind: AutogiroRequestKind;
  mandate_id: string;
  payment_id: string | null;
  request: string;
  provider_file_id: string | null;
  created_at: string;
}

/** Back-office staff (migration 0012, decision 0020); found by an HMAC of the personnummer. */
export interface StaffTable {
  id: string;
  personnummer_hmac: string;
  birth_date: string;
  name: string | null;
  active: number;
  created_at: string;
  created_by: string | null;
  last_login_at: string | null;
}

export interface StaffRolesTable {
  staff_id: string;
  role: StaffRole;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A BgMax line that matched no invoice, resolved by finance (migration 0012). */
export interface BankPaymentResolutionsTable {
  id: string;
  import_id: string;
  line: number;
  resolution: "invoice" | "donor";
  payment_id: string | null;
  donor_id: string | null;
  resolved_by: string;
  resolved_at: string;
}

/** A KU65 file made for Skatteverket (migration 0012, core/tax). */
export interface Ku65FilesTable {
  id: string;
  income_year: number;
  kind: "full" | "changes";
  statements: number;
  xml: string;
  created_at: string;
  created_by: string;
}

/** Per income year and donor: the KU65 specification number and the amount last reported (null = deleted). */
export interface Ku65StatementsTable {
  income_year: number;
  /** The statement's Inkomsttagare, 12 digits: a person's personnummer, or `16` + a company's organisationsnummer (migration 0026). */
  personnummer: string;
  specification_number: number;
  reported_kr: number | null;
  file_id: string;
  reported_at: string;
}

/** A company gift's company (migration 0026): the gift row holds no personnummer and no donor id. */
/** A giver's choice to be named on the live pages: first name and place only (migration 0030). */
export interface GiftMentionsTable {
  gift_id: string;
  first_name: string;
  place: string | null;
  created_at: string;
  /** Staff took the name off the gala (migration 0034): when, and who (`staff:{id}`). */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CompanyGiftsTable {
  gift_id: string;
  /** Ten digits (core/companies/organisationsnummer.ts). */
  organisationsnummer: string;
  company_name: string;
  contact_name: string;
  /** The company's own reference, printed on the invoice. */
  company_reference: string | null;
  /** The logo for the gift certificate (core/companies/company-logo.ts, migration 0027): null when none was given. */
  logo_type: "image/png" | "image/svg+xml" | null;
  /** The sanitised SVG's text or the PNG's bytes, in base64. */
  logo_base64: string | null;
  logo_width: number | null;
  logo_height: number | null;
}

/** A company's yearly statement (årsbesked), queued once per company and income year (migration 0028). */
export interface CompanyStatementsTable {
  /** Ten digits. */
  organisationsnummer: string;
  income_year: number;
  /** The year's qualifying gifts and the ceiling-capped base, as the statement said when it was queued. */
  qualifying_ore: number;
  base_ore: number;
  email: string;
  /** The e-mail job's dedupe key: whether it went out is the job's done_at. */
  job_key: string;
  queued_at: string;
  /** `staff:<id>`. */
  queued_by: string;
}

/** Signed links to a company's own page (migration 0028), as my_data_tokens for a donor. */
export interface CompanyLinkTokensTable {
  id: string;
  organisationsnummer: string;
  purpose: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** Append-only: every change and every view of a donor's personal data in the back office. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: string | null;
  staff_name: string | null;
  ip: string;
  action: string;
  outcome: "ok" | "refused";
  subject_type: string | null;
  subject_id: string | null;
  details: string;
}

/** A member (migration 0013, decision 0024): the number is the key, given when the first fee is paid. */
export interface MembersTable {
  member_number: Generated<number>;
  reference: string;
  donor_id: string | null;
  name: string;
  email: string | null;
  street: string;
  postal_code: string;
  city: string;
  paid_until: string;
  reminded_for: string | null;
  created_at: string;
  updated_at: string;
}

/** One membership fee: a gift of type membership, for whom, and the year it pays for once paid. */
export interface MembershipFeesTable {
  gift_id: string;
  member_number: number | null;
  name: string;
  email: string | null;
  street: string;
  postal_code: string;
  city: string;
  is_present: 0 | 1;
  greeting: string | null;
  valid_from: string | null;
  valid_until: string | null;
  created_at: string;
}

/** A paper form ordered by post (migration 0014, decision 0023); listed in the fulfilment queue. */
export interface PostalFormRequestsTable {
  id: string;
  /** `BL-` and 12 characters (core/postal-forms/postal-form-reference.ts). */
  reference: string;
  kind: PostalFormKind;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  email: string | null;
  /** The address normalised, for the per-address limit. */
  address_key: string;
  /** YYYY-MM-DD it should arrive by. */
  expected_by: string;
  status: PostalFormStatus;
  sent_at: string | null;
  sent_by: string | null;
  /** When staff struck it instead of posting it (status `cancelled`), and who: `staff:{id}` or a user name. */
  cancelled_at: string | null;
  cancelled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One rate limit's count for one visitor in their current window, shared by every instance (migration 0019, decision 0029). */
export interface RateLimitCountersTable {
  bucket: string;
  /** SHA-256 of the counted key (an address, a phone number, a donor id): never the key itself. */
  key_hash: string;
  window_start: string;
  hits: number;
  expires_at: string;
}

/** A link printed on a letter that opens a pre-filled form (migration 0014); only the reference's SHA-256 is kept. */
export interface LetterLinksTable {
  reference_hash: string;
  donor_id: string;
  created_at: string;
  expires_at: string;
}

export interface DB {
  gifts: GiftsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  jobs: JobsTable;
  kv_entries: KvEntriesTable;
  web_events: WebEventsTable;
  donors: DonorsTable;
  donor_sessions: DonorSessionsTable;
  bankid_orders: BankIdOrdersTable;
  my_data_tokens: MyDataTokensTable;
  donor_comments: DonorCommentsTable;
  erasure_requests: ErasureRequestsTable;
  bank_file_imports: BankFileImportsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  memorials: MemorialsTable;
  fundraisers: FundraisersTable;
  fundraiser_gifts: FundraiserGiftsTable;
  fundraiser_offline_gifts: FundraiserOfflineGiftsTable;
  fundraiser_updates: FundraiserUpdatesTable;
  fundraiser_reports: FundraiserReportsTable;
  fundraiser_pictures: FundraiserPicturesTable;
  fundraiser_teams: FundraiserTeamsTable;
  fundraiser_team_reports: FundraiserTeamReportsTable;
  agreements: AgreementsTable;
  agreement_events: AgreementEventsTable;
  mandates: MandatesTable;
  provider_files: ProviderFilesTable;
  autogiro_requests: AutogiroRequestsTable;
  stored_cards: StoredCardsTable;
  card_charges: CardChargesTable;
  staff: StaffTable;
  staff_roles: StaffRolesTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  membership_fees: MembershipFeesTable;
  bank_payment_resolutions: BankPaymentResolutionsTable;
  ku65_files: Ku65FilesTable;
  ku65_statements: Ku65StatementsTable;
  postal_form_requests: PostalFormRequestsTable;
  letter_links: LetterLinksTable;
  rate_limit_counters: RateLimitCountersTable;
  company_gifts: CompanyGiftsTable;
  gift_mentions: GiftMentionsTable;
  company_statements: CompanyStatementsTable;
  company_link_tokens: CompanyLinkTokensTable;
}
