import { useCallback, useEffect, useRef, useState } from "react";
import { Form, data, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/login";
import { containerContext } from "../context";
import { PRIVATE_HEADERS, assertSameOrigin, clientIp } from "../donors/donor-session.server";
import { BankIdStartError } from "../../core/donors/bankid-login";
import { safeReturnPath } from "../../core/donors/return-path";
import { RFA } from "../../core/donors/bankid-messages";
import { bankIdQrSvg } from "../../integrations/bankid/qr-image";
import { BankIdPendingPanel } from "../components/bankid/bankid-pending-panel";
import "../components/form/form.css";
// Phones get "BankID on this device" first; computers the QR code for the phone.
import { isPhone } from "../../core/site/device";
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


/**
 * The login page. With JavaScript it starts the order through
 * /api/BankID/Authenticate and polls /api/BankID/Poll every second for the
 * status and the animated QR code. Without JavaScript the form posts here,
 * the page shows the autostart link and refreshes itself, and this loader
 * asks BankID and logs the donor in when the order completes. The BankID app
 * also sends a same-device donor back here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const { bankId, sessions, bankIdSimulator } = container.donors;
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"));
  const cookie = request.headers.get("cookie");
  if (await sessions.current(cookie)) throw redirect(returnTo);

  const browser = bankId.browserId(cookie);
  const orderRef = url.searchParams.get("order");
  let order = null;
  if (!browser.setCookie) {
    // An explicit order (no-JS flow), or the newest one this browser started (back from the BankID app).
    const row = orderRef ? await bankId.order(orderRef, browser.id) : await bankId.latestOrder(browser.id);
    if (row && (orderRef || (row.status !== "failed" && !row.consumed_at))) order = await bankId.poll(row.order_ref, browser.id);
  }
  if (order?.status === "complete" && order.kind === "auth") {
    const donorId = await bankId.consume(order.orderRef, browser.id);
    if (donorId) throw redirect(returnTo, { headers: { "Set-Cookie": await sessions.login(donorId, cookie) } });
    order = null;
  }
  return {
    returnTo,
    phone: isPhone(request.headers.get("user-agent")),
    loggedOut: url.searchParams.get("utloggad") === "1",
    sessionExpired: url.searchParams.get("utgangen") === "1",
    simulatorUrl: bankIdSimulator ? "/_sim/bankid/" : null,
    order: order
      ? {
          orderRef: order.orderRef,
          status: order.status,
          message: order.message?.text ?? null,
          sameDevice: order.sameDevice,
          autoStartUrl: order.autoStartUrl,
          qr: order.qr,
          qrSvg: order.qr ? await bankIdQrSvg(order.qr) : null,
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const { bankId, limits } = container.donors;
  const form = await request.formData();
  const returnTo = safeReturnPath(String(form.get("returnTo") ?? ""));
  const browser = bankId.browserId(request.headers.get("cookie"));
  const intent = form.get("intent");

  if (intent === "cancel") {
    await bankId.cancel(String(form.get("orderRef") ?? ""), browser.id);
    return redirect(`/logga-in?${new URLSearchParams({ returnTo })}`, 303);
  }
  if (intent !== "start") throw data(null, { status: 400 });
  const ip = clientIp(context);
  if (!(await limits.bankIdStarts.hit(ip))) {
    return data({ error: "Du har försökt logga in många gånger på kort tid. Vänta en minut och försök igen." }, { status: 429 });
  }
  try {
    const order = await bankId.start("auth", { endUserIp: ip, browserId: browser.id, sameDevice: form.get("device") === "this" });
    const headers = browser.setCookie ? { "Set-Cookie": browser.setCookie } : undefined;
    return redirect(`/logga-in?${new URLSearchParams({ order: order.orderRef, returnTo })}`, { status: 303, headers });
  } catch (error) {
    if (error instanceof BankIdStartError) return data({ error: error.userMessage.text }, { status: 502 });
    throw error;
  }
}

interface OrderState {
  orderRef: string;
  status: string;
  message: string | null;
  sameDevice: boolean;
  autoStartUrl: string;
  qr: string | null;
  qrSvg: string | null;
}

const POLL_MS = 1000;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, phone, loggedOut, sessionExpired, simulatorUrl } = loaderData;
  const [order, setOrder] = useState<OrderState | null>(loaderData.order);
  const [problem, setProblem] = useState<string | null>(actionData?.error ?? null);
  const [hydrated, setHydrated] = useState(false);
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setOrder(loaderData.order), [loaderData.order]);
  useEffect(() => setProblem(actionData?.error ?? null), [actionData]);

  const pending = order?.status === "pending";

  // Poll every second while pending: the QR code must change every second, and
  // the server asks BankID itself only every other second.
  useEffect(() => {
    if (!pending || !order) return;
    let stopped = false;
    let timer: number | undefined;
    const tick = async () => {
      try {
        const response = await fetch("/api/BankID/Poll", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ orderRef: order.orderRef, returnTo }),
        });
        if (stopped) return;
        if (response.status === 404) {
          setOrder(null);
          setProblem(RFA.RFA22);
          return;
        }
        if (response.ok) {
          const next = (await response.json()) as OrderState & { redirectTo: string | null };
          if (stopped) return;
          if (next.status === "complete" && next.redirectTo) {
            navigate(next.redirectTo, { replace: true });
            return;
          }
          setOrder((current) => (current ? { ...current, ...next } : current));
          if (next.status !== "pending") return;
        }
      } catch {
        // A dropped request: try again on the next tick.
      }
      if (!stopped) timer = window.setTimeout(tick, POLL_MS);
    };
    timer = window.setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [pending, order?.orderRef, returnTo, navigate]); // eslint-disable-line react-hooks/exhaustive-deps

  const start = useCallback(
    async (device: "this" | "other") => {
      setStarting(true);
      setProblem(null);
      try {
        const response = await fetch("/api/BankID/Authenticate", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ device, returnTo }),
        });
        const body = (await response.json()) as { orderRef?: string; autoStartUrl?: string; error?: { message: string } };
        if (!response.ok || !body.orderRef || !body.autoStartUrl) {
          setProblem(body.error?.message ?? RFA.RFA22);
          return;
        }
        setOrder({
          orderRef: body.orderRef,
          status: "pending",
          message: device === "this" ? RFA.RFA13 : RFA.RFA1,
          sameDevice: device === "this",
          autoStartUrl: body.autoStartUrl,
          qr: null,
          qrSvg: null,
        });
        // BankID's guidelines: on the same device, open the app straight away.
        if (device === "this") window.location.assign(body.autoStartUrl);
      } catch {
        setProblem(RFA.RFA22);
      } finally {
        setStarting(false);
      }
    },
    [returnTo],
  );

  const cancel = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!order) return;
    event.preventDefault();
    await fetch("/api/BankID/Cancel", { method: "POST", headers: { "content-type": "text/plain" }, body: order.orderRef }).catch(() => undefined);
    setOrder(null);
    setProblem(null);
    headingRef.current?.focus();
  };

  const onStart = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!hydrated || !submitter) return;
    event.preventDefault();
    void start(submitter.value === "this" ? "this" : "other");
  };

  const thisDevice = (
    <button type="submit" name="device" value="this" className={`button ${phone ? "button--primary" : "button--secondary"} button--large`} disabled={starting}>
      Öppna BankID på den här enheten
    </button>
  );
  const otherDevice = (
    <button type="submit" name="device" value="other" className={`button ${phone ? "button--secondary" : "button--primary"} button--large`} disabled={starting}>
      BankID på en annan enhet (QR-kod)
    </button>
  );

  return (
    <article className="page page--narrow login-page">
      {pending && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
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

      {!order || order.status === "failed" ? (
        <>
          <p className="lead">
            På Mina sidor ser du dina gåvor, underlag för skattereduktion och kvitton, och du kan ändra dina uppgifter.
          </p>
          {(problem || order?.message) && (
            <div className="notice notice--error" role="alert">
              <p>{problem ?? order?.message}</p>
            </div>
          )}
          <Form method="post" className="login-choices" onSubmit={onStart}>
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="returnTo" value={returnTo} />
            {phone ? (
              <>
                {thisDevice}
                {otherDevice}
              </>
            ) : (
              <>
                {otherDevice}
                {thisDevice}
              </>
            )}
          </Form>
          <p className="field__hint">
            Du behöver ett BankID. Har du inget? Kontakta din bank. Du kan också ge gåvor utan att logga in.
          </p>
        </>
      ) : (
        <BankIdPendingPanel
          order={order}
          hydrated={hydrated}
          purpose="login"
          cancelLabel="Avbryt inloggningen"
          hiddenFields={{ returnTo }}
          onCancel={cancel}
        />
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
