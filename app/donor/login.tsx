import { useRef } from "react";
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { containerContext } from "../context";
import { PRIVATE_HEADERS } from "./donor-session.server";
import { safeReturnPath } from "#core/donors/return-path";
import { BankIdSignIn } from "../components/bankid/bankid-sign-in";
import { currentSignInOrder, signInAction, signInOrderView, type SignInFlow } from "../components/bankid/bankid-sign-in.server";
import "../components/form/form.css";
// Phones get "BankID on this device" first; computers the QR code for the phone.
import { isPhone } from "#core/site/device";
import "./donor-pages.css";

export function meta() {
  return [
    { title: "Logga in med BankID – Mina sidor" },
    { name: "description", content: "Logga in på Mina sidor med BankID och se dina gåvor och dina uppgifter." },
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  return PRIVATE_HEADERS;
}


const DONOR_SIGN_IN: SignInFlow = {
  orderKind: "auth",
  pagePath: "/logga-in",
  tooManyStarts: "Du har försökt logga in många gånger på kort tid. Vänta en minut och försök igen.",
};

/**
 * The donors' login page: the one BankID sign-in flow
 * (app/components/bankid/bankid-sign-in.server.ts), whose completed
 * identification becomes a donor session. The BankID app also sends a
 * same-device donor back here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, bankId, bankIdSimulator } = context.get(containerContext).donors;
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"));
  const cookie = request.headers.get("cookie");
  if (await sessions.current(cookie)) throw redirect(returnTo);

  const { browserId, order } = await currentSignInOrder(context, request, DONOR_SIGN_IN);
  if (order?.status === "complete") {
    const donorId = await bankId.consume(order.orderRef, browserId);
    if (donorId) throw redirect(returnTo, { headers: { "Set-Cookie": await sessions.login(donorId, cookie) } });
  }
  return {
    returnTo,
    phone: isPhone(request.headers.get("user-agent")),
    loggedOut: url.searchParams.get("utloggad") === "1",
    sessionExpired: url.searchParams.get("utgangen") === "1",
    simulatorUrl: bankIdSimulator ? "/_sim/bankid/" : null,
    order: await signInOrderView(order, request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return signInAction(context, request, DONOR_SIGN_IN, safeReturnPath(String(form.get("returnTo") ?? "")), form);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, phone, loggedOut, sessionExpired, simulatorUrl, order } = loaderData;
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <article className="page page--narrow login-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Logga in med BankID
      </h1>
      {loggedOut && !order && (
        <p className="notice notice--success" role="status">
          Du är utloggad. Välkommen tillbaka!
        </p>
      )}
      {sessionExpired && !order && (
        <p className="notice" role="status">
          Du har loggats ut eftersom det gick mer än 30 minuter utan aktivitet. Logga in igen för att fortsätta.
        </p>
      )}
      <BankIdSignIn
        order={order}
        problem={actionData && "error" in actionData ? actionData.error : null}
        returnTo={returnTo}
        sameDeviceFirst={phone}
        className="login-choices"
        headingRef={headingRef}
      >
        <p className="lead">
          På Mina sidor ser du dina gåvor, underlag för skattereduktion och kvitton, och du kan ändra dina uppgifter.
        </p>
      </BankIdSignIn>
      {order?.status !== "pending" && (
        <p className="field__hint">Du behöver ett BankID. Har du inget? Kontakta din bank. Du kan också ge gåvor utan att logga in.</p>
      )}

      {simulatorUrl && (
        <p className="info-box">
          Testläge: ingen riktig BankID används. <a href={simulatorUrl}>Öppna BankID-simulatorn</a> för att legitimera dig som
          en testperson.
        </p>
      )}
    </article>
  );
}
