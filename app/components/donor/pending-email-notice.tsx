/**
 * A new e-mail address waits for its confirmation (core/donors/email-change.ts):
 * the donor is told where the link went and that we keep writing to the old
 * address until it is opened.
 */
export function PendingEmailNotice({ pendingEmail, confirmedEmail }: { pendingEmail: string | null; confirmedEmail: string | null }) {
  if (!pendingEmail) return null;
  return (
    <p className="notice" role="status">
      Vi har skickat en länk till <strong>{pendingEmail}</strong>. Din e-postadress ändras när du öppnar länken i det mejlet.{" "}
      {confirmedEmail ? `Till dess skriver vi till ${confirmedEmail}.` : "Till dess skickar vi ingen e-post till dig."}
    </p>
  );
}
