import { formatSek } from "#core/site/format";
import { METHOD_LABELS } from "#core/donors/gift-history";
import { PAYMENT_STATUS_LABELS } from "./payment-labels";

/**
 * The details stored with an audit entry or a payment event (JSON) as lines
 * staff can read: "Belopp: 250 kr", "Orsak: Givaren ångrade sig" – never the
 * raw JSON (issue #29.14). A key without a label keeps its own name, so
 * nothing stored is hidden.
 */
export interface DetailLine {
  label: string;
  value: string;
}

const KEY_LABELS: Readonly<Record<string, string>> = {
  amountOre: "Belopp",
  amountReceivedOre: "Mottaget belopp",
  after: "Efter",
  asked: "Valda",
  before: "Före",
  bankFile: "Bankfil",
  bgcSerial: "Bankgirots löpnummer",
  booked: "Bokförda",
  by: "Av",
  code: "Kod",
  count: "Antal",
  errorCode: "Felkod",
  expiresAt: "Gäller till",
  errors: "Fel",
  fields: "Fält med fel",
  file: "Fil",
  line: "Rad",
  hits: "Träffar",
  method: "Sätt",
  mondidoStatus: "Status hos Mondido",
  needs: "Kräver rollen",
  on: "Påslaget",
  path: "Sida",
  provider: "Betaltjänst",
  query: "Sökte efter",
  queued: "Köade",
  providerRefundId: "Betaltjänstens id",
  reason: "Orsak",
  references: "Referenser",
  refundId: "Återbetalning",
  refundStatus: "Återbetalningens status",
  resolvedBy: "Kopplad av",
  roles: "Roller",
  status: "Status",
  transactionId: "Transaktion",
  underpaid: "Underbetalda",
  unmatched: "Omatchade",
  via: "Genom",
  year: "År",
};

const VALUE_LABELS: Readonly<Record<string, string>> = {
  ...METHOD_LABELS,
  ...PAYMENT_STATUS_LABELS,
  // Payment services by the names staff know (Mondido and Brite are their own names).
  HLFSwish: "Swish",
  Invoice: "Faktura",
  Drip: "Autogiro",
  manual: "För hand",
  requested: "Begärd",
  sending: "Skickas",
  sent: "Skickad",
  confirmed: "Genomförd",
  refused: "Nekad",
  imported: "Inläst",
  rejected: "Avvisad",
  "already-imported": "Redan inläst",
  not_staff: "Inte registrerad som personal",
  nothing_to_print: "Inget att skriva ut",
  year_not_over: "Året är inte slut",
  // The request's method, where a refusal records it.
  GET: "Visa sidan",
  POST: "Skicka formulär",
};

function readableValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? "ja" : "nej";
  if (typeof value === "number") return /Ore$/.test(key) ? formatSek(value) : String(value);
  if (typeof value === "string") return VALUE_LABELS[value] ?? value;
  if (Array.isArray(value)) return value.length === 0 ? "–" : value.map((item) => readableValue(key, item)).join(", ");
  return readableDetails(value as Record<string, unknown>)
    .map((line) => `${line.label}: ${line.value}`)
    .join("; ");
}

/** The lines for a details object, or for its JSON text as stored; text that is not JSON is one line as it is. */
export function readableDetails(details: string | Record<string, unknown> | null): DetailLine[] {
  if (details === null) return [];
  let object: unknown = details;
  if (typeof details === "string") {
    try {
      object = JSON.parse(details);
    } catch {
      return details.trim() ? [{ label: "Uppgifter", value: details }] : [];
    }
  }
  if (typeof object !== "object" || object === null || Array.isArray(object)) return [{ label: "Uppgifter", value: readableValue("", object) }];
  return Object.entries(object)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ label: KEY_LABELS[key] ?? key, value: readableValue(key, value) }));
}
