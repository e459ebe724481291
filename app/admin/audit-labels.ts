/**
 * The audit log's codes as staff read them (issue #29.14): what was done and
 * what it concerned, in Swedish. The codes themselves stay in the database,
 * the CSV export and the search (they are the log's stable vocabulary);
 * `audit-labels.test.ts` fails when the code base writes an action without a
 * label here.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  "access.denied": "Nekad: saknar behörighet",
  "audit.export": "Exporterade loggen",
  "autogiro.run": "Körde autogiro",
  "autogiro.view": "Visade autogiro",
  "bank_file.import": "Läste in bankfil",
  "bank_payment.resolve_donor": "Kopplade inbetalning till givare",
  "bank_payment.resolve_invoice": "Kopplade inbetalning till faktura",
  "collection.close": "Avslutade minnesinsamling",
  "collection.view": "Visade minnesinsamling",
  "collections.list": "Visade minnesinsamlingar",
  "companies.search": "Sökte bland företag",
  "company.send_link": "Skickade länk till företagets sida",
  "company.view": "Visade företag",
  "donor.create_from_gifts": "Skapade givare av gåvor",
  "donor.erase": "Raderade givare",
  "donor.send_my_data_link": "Skickade länk till Mina uppgifter",
  "donor.view": "Visade givare",
  "donors.search": "Sökte bland givare",
  "fundraiser.approve_picture": "Godkände bild på insamling",
  "fundraiser.hide": "Dolde insamling",
  "fundraiser.hide_greeting": "Dolde hälsning på insamling",
  "fundraiser.remove_picture": "Tog bort bild på insamling",
  "fundraiser.reports_handled": "Hanterade anmälningar av insamling",
  "fundraiser.review": "Granskade insamling",
  "fundraiser.show_greeting": "Visade hälsning på insamling igen",
  "fundraiser.unhide": "Visade insamling igen",
  "fundraiser.view": "Visade insamling",
  "fundraiser_team.hide": "Dolde lag",
  "fundraiser_team.reports_handled": "Hanterade anmälningar av lag",
  "fundraiser_team.review": "Granskade lag",
  "fundraiser_team.unhide": "Visade lag igen",
  "fundraiser_team.view": "Visade lag",
  "fundraisers.list": "Visade insamlingar att granska",
  "fulfilment.cancel": "Strök beställd blankett",
  "fulfilment.mark_sent": "Markerade som skickat",
  "fulfilment.print": "Skrev ut försändelser",
  "fulfilment.resend": "Skickade e-post igen",
  "gala.hide_name": "Dolde namn på galan",
  "gala.name": "Ändring av namn på galan",
  "gala.show_name": "Visade namn på galan igen",
  "list_order.view": "Visade listbeställning",
  "list_orders.list": "Visade listbeställningar",
  "payment.refund": "Återbetalning",
  "payment.refund_check": "Kontrollerade återbetalning",
  "payment.view": "Visade betalning",
  "payments.search": "Sökte bland betalningar",
  "reduced_mode.switch": "Slog på eller av förenklat läge",
  "request.cross_origin": "Nekad: begäran från annan webbplats",
  "request.not_signed_in": "Nekad: inte inloggad",
  "session.other_address": "Nekad: inloggning från annan adress",
  "staff.add": "Lade till personal",
  "staff.deactivate": "Stängde av personal",
  "staff.reactivate": "Aktiverade personal igen",
  "staff.roles": "Ändrade roller",
  "staff.sign_in": "Loggade in",
  "staff.sign_out": "Loggade ut",
  "tax.company_statements": "Skickade årsbesked till företag",
};

/** What an entry concerns (`subject_type`), in the singular or plural the code uses. */
export const AUDIT_SUBJECT_LABELS: Readonly<Record<string, string>> = {
  bank_file: "Bankfil",
  company: "Företag",
  donor: "Givare",
  fundraiser: "Insamling",
  fundraiser_team: "Lag",
  gift: "Gåva",
  memorial_collection: "Minnesinsamling",
  order: "Beställning",
  order_items: "Försändelser",
  payment: "Betalning",
  postal_form_requests: "Beställda blanketter",
  staff: "Personal",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** "Betalning 3f2a9c1e": the kind in words and the start of a uuid (enough to search the log by); other ids whole. */
export function auditSubjectLabel(type: string | null, id: string | null): string {
  if (!type) return "–";
  const kind = AUDIT_SUBJECT_LABELS[type] ?? type;
  return id ? `${kind} ${/^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8) : id}` : kind;
}
