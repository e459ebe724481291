import { useEffect, useRef, useState, type RefObject } from "react";
import { Form, useRevalidator } from "react-router";
import { BankIdPendingPanel } from "./bankid-pending-panel";

/** A sign-in order as the page shows it (app/components/bankid/bankid-sign-in.server.ts). */
export interface SignInOrderView {
  orderRef: string;
  status: "pending" | "failed";
  message: string | null;
  sameDevice: boolean;
  autoStartUrl: string;
  qr: string | null;
  qrSvg: string | null;
  /** Just started on this device: open the BankID app now. */
  openApp: boolean;
}

/** How often the page asks where the order stands: the QR code changes every second. */
const POLL_MS = 1000;

/**
 * The BankID part of a sign-in page, the same for donors and staff: the two
 * ways to start, BankID's words while it waits, the QR code, and cancelling.
 * Starting and cancelling are plain form posts to the page, so the page works
 * without JavaScript (it then refreshes itself while BankID waits); with
 * JavaScript the page reloads its data every second instead, and the page's
 * loader signs the person in once BankID says the order is complete.
 */
export function BankIdSignIn({
  order,
  problem,
  returnTo,
  sameDeviceFirst,
  className,
  headingRef,
  children,
}: {
  order: SignInOrderView | null;
  /** A refusal from the page's action (limit, BankID unreachable). */
  problem: string | null;
  returnTo: string;
  /** On a phone BankID on this device comes first; on a computer the QR code. */
  sameDeviceFirst: boolean;
  className: string;
  /** The page's heading, which takes the focus when an order is cancelled. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Shown above the choices, when no order is waiting. */
  children?: React.ReactNode;
}) {
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = order?.status === "pending";

  // One request at a time: a new revalidation aborts the one in flight, and on a slow server that one may
  // already have used up BankID's answer – its refusal, or the new session's cookie – and the sign-in would
  // start over.
  useEffect(() => {
    if (!pending || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pending, order, revalidator]);

  // BankID's guidelines: on the same device, open the app straight away – once per order.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!order?.openApp || opened.current === order.orderRef) return;
    opened.current = order.orderRef;
    window.location.assign(order.autoStartUrl);
  }, [order]);

  // Cancelled: the choices come back, and the focus goes to the top of the page rather than the body.
  const hadOrder = useRef(pending);
  useEffect(() => {
    if (hadOrder.current && !order) headingRef?.current?.focus();
    hadOrder.current = pending;
  }, [order, pending, headingRef]);

  if (pending) {
    return (
      <>
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
        <BankIdPendingPanel order={order} hydrated={hydrated} purpose="login" cancelLabel="Avbryt inloggningen" hiddenFields={{ returnTo }} />
      </>
    );
  }

  const thisDevice = (
    <button key="this" type="submit" name="device" value="this" className={`button ${sameDeviceFirst ? "button--primary" : "button--secondary"} button--large`}>
      Öppna BankID på den här enheten
    </button>
  );
  const otherDevice = (
    <button key="other" type="submit" name="device" value="other" className={`button ${sameDeviceFirst ? "button--secondary" : "button--primary"} button--large`}>
      BankID på en annan enhet (QR-kod)
    </button>
  );
  const shown = problem ?? order?.message ?? null;
  return (
    <>
      {children}
      {shown && (
        <div className="notice notice--error" role="alert">
          <p>{shown}</p>
        </div>
      )}
      <Form method="post" className={className}>
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="returnTo" value={returnTo} />
        {sameDeviceFirst ? [thisDevice, otherDevice] : [otherDevice, thisDevice]}
      </Form>
    </>
  );
}
