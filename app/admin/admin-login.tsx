import { useRef } from "react";
import { redirect } from "react-router";
import type { Route } from "./+types/admin-login";
import { containerContext } from "../context";
import { clientIp } from "../donor/donor-session.server";
import { ADMIN_HEADERS } from "./staff-guard.server";
import { signInStaff } from "#core/staff/staff-sign-in";
import { BankIdSignIn } from "../components/bankid/bankid-sign-in";
import { currentSignInOrder, signInAction, signInOrderView, type SignInFlow } from "../components/bankid/bankid-sign-in.server";
import "../components/form/form.css";
import "../donor/donor-pages.css";
import type { PageHandle } from "../root";
import "./admin.css";


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

function staffSignIn(publicUrl: string): SignInFlow {
  return {
    orderKind: "staff",
    pagePath: "/admin/logga-in",
    returnUrl: `${publicUrl}/admin/logga-in`,
    tooManyStarts: "Många inloggningsförsök på kort tid. Vänta en minut och försök igen.",
  };
}

/**
 * Staff sign in with the one BankID sign-in flow
 * (app/components/bankid/bankid-sign-in.server.ts), with its own order kind so
 * that no donor is made and no donor session is started. A completed
 * identification is consumed once; only an active staff member gets a staff
 * session, everyone else is told so and the attempt is written to the audit log.
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

  const { browserId, order } = await currentSignInOrder(context, request, staffSignIn(container.config.publicUrl));
  let refused = false;
  if (order?.status === "complete") {
    const person = await bankId.consumeStaffIdentity(order.orderRef, browserId);
    if (person) {
      const signIn = await signInStaff({ ...container.staff, clock: container.clock }, person, { ip, cookie });
      if (signIn.signedIn) throw redirect(returnTo, { headers: { "Set-Cookie": signIn.setCookie } });
      refused = true;
    }
  }
  return {
    returnTo,
    refused,
    signedOut: url.searchParams.get("utloggad") === "1",
    expired: url.searchParams.get("utgangen") === "1",
    simulatorUrl: bankIdSimulator ? "/_sim/bankid/" : null,
    order: await signInOrderView(order, request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const flow = staffSignIn(context.get(containerContext).config.publicUrl);
  return signInAction(context, request, flow, adminReturnPath(String(form.get("returnTo") ?? "")), form);
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { order, returnTo, refused, signedOut, expired, simulatorUrl } = loaderData;
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <article className="admin-login">
      <h1 ref={headingRef} tabIndex={-1}>
        Logga in i administrationen
      </h1>
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
      <BankIdSignIn
        order={order}
        problem={actionData && "error" in actionData ? actionData.error : null}
        returnTo={returnTo}
        sameDeviceFirst={false}
        className="admin-login__choices"
        headingRef={headingRef}
      >
        <p>Administrationen är till för insamlings- och ekonomipersonal. Logga in med ditt eget BankID.</p>
      </BankIdSignIn>
      {simulatorUrl && (
        <p className="info-box">
          Testläge: ingen riktig BankID används. <a href={simulatorUrl}>Öppna BankID-simulatorn</a>.
        </p>
      )}
    </article>
  );
}
