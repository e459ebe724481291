import { useEffect, useState } from "react";
import { Form, data, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-login";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp } from "../donors/donor-session.server";
import { ADMIN_HEADERS } from "../admin/staff-guard.server";
import { BankIdStartError, type PollResult } from "../../core/donors/bankid-login";
import { signInStaff } from "../../core/staff/staff-sign-in";
import { bankIdQrSvg } from "../../integrations/bankid/qr-image";
import { BankIdPendingPanel } from "../components/bankid/bankid-pending-panel";
import "../components/form/form.css";
import "./donor-pages.css";
import type { PageHandle } from "../root";
import "../admin/admin.css";


/** The back office has its own header and no public navigation, footer or consent banner (app/root.tsx). */
export const handle: PageHandle = { chrome: "staff" };

export function meta() {
  return [{ title: "Logga in – Administration" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return ADMIN_HEADERS;
}

/** Only paths inside the back office are followed after sign-in. */
function adminReturnPath(value: string | null): string {
  return value && /^\/admin(\/[A-Za-z0-9/_\-.?=&%]*)?$/.test(value) && !value.startsWith("//") ? value : "/admin";
}

/**
 * Staff sign in with BankID (the donors' BankID flow with its own order kind,
 * so no donor is made and no donor session is started). The page polls by
 * reloading its own data every second with JavaScript, and refreshes itself
 * without. A completed identification is consumed once; only an active staff
 * member gets a staff session, everyone else is told so and the attempt is
 * written to the audit log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const { bankId, bankIdSimulator } = container.donors;
  const { sessions } = container.staff;
  const url = new URL(request.url);
  const returnTo = adminReturnPath(url.searchParams.get("returnTo"));
  const cookie = request.headers.get("cookie");
  const ip = clientIp(context);
  if ((await sessions.check(cookie, ip)).state === "active") throw redirect(returnTo);

  const browser = bankId.browserId(cookie);
  let order: PollResult | null = null;
  let refused = false;
  if (!browser.setCookie) {
    const orderRef = url.searchParams.get("order");
    const row = orderRef ? await bankId.order(orderRef, browser.id) : await bankId.latestOrder(browser.id);
    if (row?.kind === "staff" && (orderRef || (row.status !== "failed" && !row.consumed_at))) order = await bankId.poll(row.order_ref, browser.id);
  }
  if (order?.status === "complete") {
    const person = await bankId.consumeStaffIdentity(order.orderRef, browser.id);
    if (person) {
      const signIn = await signInStaff({ ...container.staff, clock: container.clock }, person, { ip, cookie });
      if (signIn.signedIn) throw redirect(returnTo, { headers: { "Set-Cookie": signIn.setCookie } });
      refused = true;
    }
    order = null;
  }
  return data(
    {
      returnTo,
      refused,
      signedOut: url.searchParams.get("utloggad") === "1",
      expired: url.searchParams.get("utgangen") === "1",
      simulatorUrl: bankIdSimulator ? "/_sim/bankid/" : null,
      order: order
        ? {
            orderRef: order.orderRef,
            status: order.status,
            message: order.message?.text ?? null,
            sameDevice: order.sameDevice,
            autoStartUrl: order.autoStartUrl,
            qrSvg: order.qr ? await bankIdQrSvg(order.qr) : null,
          }
        : null,
    },
    { headers: browser.setCookie ? { "Set-Cookie": browser.setCookie } : {} },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const { bankId, limits } = container.donors;
  const form = await request.formData();
  const returnTo = adminReturnPath(String(form.get("returnTo") ?? ""));
  const browser = bankId.browserId(request.headers.get("cookie"));
  const intent = form.get("intent");
  if (intent === "cancel") {
    await bankId.cancel(String(form.get("orderRef") ?? ""), browser.id);
    return redirect(`/admin/logga-in?${new URLSearchParams({ returnTo })}`, 303);
  }
  if (intent !== "start") throw data("Okänd begäran.", { status: 400 });
  const ip = clientIp(context);
  if (!(await limits.bankIdStarts.hit(ip))) {
    return data({ error: "Många inloggningsförsök på kort tid. Vänta en minut och försök igen." }, { status: 429 });
  }
  try {
    const order = await bankId.start("staff", {
      endUserIp: ip,
      browserId: browser.id,
      sameDevice: form.get("device") === "this",
      returnUrl: `${container.config.publicUrl}/admin/logga-in`,
    });
    const headers = browser.setCookie ? { "Set-Cookie": browser.setCookie } : undefined;
    return redirect(`/admin/logga-in?${new URLSearchParams({ order: order.orderRef, returnTo })}`, { status: 303, headers });
  } catch (error) {
    if (error instanceof BankIdStartError) return data({ error: error.userMessage.text }, { status: 502 });
    throw error;
  }
}

const POLL_MS = 1000;

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { order, returnTo, refused, signedOut, expired, simulatorUrl } = loaderData;
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = order?.status === "pending";

  // The QR code changes every second: reload this page's data while BankID is waiting, one request at a
  // time. A new revalidation aborts the one in flight, and on a slow server that one may already have used
  // up BankID's answer: its refusal, or the new session's cookie, would be lost and the sign-in start over.
  useEffect(() => {
    if (!pending || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pending, order, revalidator]);

  const problem = actionData?.error ?? (order?.status === "failed" ? order.message : null);
  return (
    <article className="admin-login">
      {pending && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <h1>Logga in i administrationen</h1>
      {signedOut && !order && (
        <p className="notice notice--success" role="status">
          Du är utloggad.
        </p>
      )}
      {expired && !order && (
        <p className="notice" role="status">
          Du loggades ut efter 15 minuter utan aktivitet. Logga in igen för att fortsätta.
        </p>
      )}
      {refused && (
        <div className="notice notice--error" role="alert">
          <p>Du är inte registrerad som personal i administrationen. Kontakta en administratör om du ska ha tillgång.</p>
        </div>
      )}
      {problem && (
        <div className="notice notice--error" role="alert">
          <p>{problem}</p>
        </div>
      )}
      {!order || order.status === "failed" ? (
        <Form method="post" className="admin-login__choices">
          <p>Administrationen är till för insamlings- och ekonomipersonal. Logga in med ditt eget BankID.</p>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" name="device" value="other" className="button button--primary">
            BankID på en annan enhet (QR-kod)
          </button>
          <button type="submit" name="device" value="this" className="button button--secondary">
            Öppna BankID på den här enheten
          </button>
        </Form>
      ) : (
        <BankIdPendingPanel order={order} hydrated={hydrated} purpose="login" cancelLabel="Avbryt inloggningen" hiddenFields={{ returnTo }} />
      )}
      {simulatorUrl && (
        <p className="info-box">
          Testläge: ingen riktig BankID används. <a href={simulatorUrl}>Öppna BankID-simulatorn</a>.
        </p>
      )}
    </article>
  );
}
