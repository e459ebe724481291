import { useId } from "react";
import { Form } from "react-router";
import { RFA } from "#core/donors/bankid-messages";
import "../progress/progress-status.css";
import "./bankid-pending-panel.css";

/** What a page knows about a BankID order that is waiting for the donor or staff member. */
export interface PendingBankIdOrder {
  orderRef: string;
  message: string | null;
  sameDevice: boolean;
  autoStartUrl: string;
  /** The current animated-QR payload, exposed for tests of the animation. */
  qr?: string | null;
  qrSvg: string | null;
}

const WORDS = {
  login: { status: "Status för inloggningen", qr: "QR-kod för inloggning med BankID" },
  sign: { status: "Status för underskriften", qr: "QR-kod för underskrift med BankID" },
} as const;

/**
 * BankID's waiting state, the same wherever BankID is used (donor login,
 * staff login, signing a mandate): the status as BankID words it, the QR code
 * for a phone (it changes every second, so it needs JavaScript), the link that
 * opens BankID on this device, and a cancel form that also works without
 * JavaScript. The page owns the polling; this only shows where it stands.
 */
export function BankIdPendingPanel({
  order,
  hydrated,
  purpose,
  cancelLabel,
  hiddenFields = {},
  onCancel,
}: {
  order: PendingBankIdOrder;
  hydrated: boolean;
  purpose: keyof typeof WORDS;
  cancelLabel: string;
  /** Posted with the cancel intent (for example where to return afterwards). */
  hiddenFields?: Record<string, string>;
  onCancel?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const headingId = useId();
  const words = WORDS[purpose];
  return (
    <section aria-labelledby={headingId} className="bankid-progress">
      <h2 id={headingId} className="visually-hidden">
        {words.status}
      </h2>
      <div role="status" aria-live="polite" className="payment-status">
        <p className="payment-status__title">
          <span className="spinner" aria-hidden="true" /> {order.message ?? RFA.RFA21}
        </p>
      </div>

      {!order.sameDevice && (
        <>
          {hydrated && order.qrSvg ? (
            <figure className="bankid-qr" data-qr={order.qr ?? undefined}>
              <div role="img" aria-label={words.qr} dangerouslySetInnerHTML={{ __html: order.qrSvg }} />
              <figcaption>
                <ol>
                  <li>Öppna BankID-appen i mobilen.</li>
                  <li>Tryck på QR-symbolen i appen.</li>
                  <li>Rikta kameran mot QR-koden här.</li>
                </ol>
              </figcaption>
            </figure>
          ) : hydrated ? (
            <p>QR-koden visas strax…</p>
          ) : (
            // Rendered on the server and removed on hydration (not <noscript>, which some browsers keep as raw text).
            <p className="info-box">
              QR-koden behöver JavaScript, eftersom den byts varje sekund. Slå på JavaScript, eller använd BankID på den här
              enheten med knappen nedan.
            </p>
          )}
        </>
      )}

      <p>
        <a className={`button ${order.sameDevice ? "button--primary button--large" : "button--secondary"}`} href={order.autoStartUrl}>
          {order.sameDevice ? "Öppna BankID-appen" : "Öppna BankID på den här enheten i stället"}
        </a>
      </p>

      <Form method="post" onSubmit={onCancel}>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="orderRef" value={order.orderRef} />
        {Object.entries(hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button button--secondary">
          {cancelLabel}
        </button>
      </Form>
    </section>
  );
}
