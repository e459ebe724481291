import { useEffect, useState } from "react";
import { Form, data, redirect, redirectDocument, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/gift-payment";
import { containerContext } from "../context";
import { loadGiftPayment } from "./gift-payment.server";
import { formatSek } from "#core/site/format";
import { companyChristmasPath } from "#core/companies/company-christmas";
import { findGiftByOrderReference, latestPaymentForGift } from "#core/payments/payment-repository";
import { isOrderReference } from "#core/payments/order-reference";
import { PROVIDER_FOR_METHOD } from "#core/payments/payment-status";
import { isPhone } from "../components/gift/gift-fields";
import type { AppContainer } from "#server/container";
import { PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { pollSwishPayment } from "./swish-poll";
import { pollPayment } from "./payment-poll";
import { useApiCall } from "../client/client-shell-context";
import { API_TIMEOUTS_MS } from "../error-reporting/api-call";
import "../components/form/form.css";
import "../components/progress/progress-status.css";
import "./gift-payment.css";

/** The donor waits here while Swish does its part; polled every 3000 ms (spec: payment module constant). */
export const POLL_INTERVAL_MS = 3000;

const PAGE_TITLES: Record<string, string> = {
  HLFSwish: "Betala med Swish",
  Mondido: "Betala med kort",
  Brite: "Betala från din bank",
  Invoice: "Tack! Fakturan är på väg",
};

export function meta({ data: view }: Route.MetaArgs) {
  return [{ title: (view && PAGE_TITLES[view.provider]) ?? "Betalning" }, { name: "robots", content: "noindex" }];
}

/** The methods a donor may switch to after a failed attempt, in the words of the retry buttons. */
const RETRY_PROVIDERS = { HLFSwish: "Swish", Mondido: "kort", Brite: "din bank" } as const;
type RetryProvider = keyof typeof RETRY_PROVIDERS;

function retryProviders(container: Pick<AppContainer, "paymentSetup" | "payments">): RetryProvider[] {
  return container.paymentSetup.methods
    .map((method) => PROVIDER_FOR_METHOD[method])
    .filter((provider): provider is RetryProvider => provider in RETRY_PROVIDERS && container.payments.isAvailable(provider));
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  // Back from the card window, the address carries the provider's signed return (?kort=klart&…&hash=…).
  const view = await loadGiftPayment(container, params.orderReference, Object.fromEntries(new URL(request.url).searchParams));
  if (!view) throw data(null, { status: 404 });
  if (view.giftPaid) {
    // A card agreement's first month (decision 0028): the monthly gift's own thanks, with what happens next.
    const gift = await findGiftByOrderReference(container.db, view.orderReference);
    throw redirect(gift?.agreement_id ? `/ge-en-gava/manadsgava/tack/${gift.agreement_id}` : `/ge-en-gava/tack/${view.orderReference}`);
  }
  // On a phone the Swish app is on this very device: a QR code to scan with it is of no use.
  const onPhone = isPhone(request.headers.get("user-agent"));
  // A card agreement's gift is paid by card only: the window stores the card for the months to come.
  const agreementGift = (await findGiftByOrderReference(container.db, view.orderReference))?.agreement_id ?? null;
  const gift = await findGiftByOrderReference(container.db, view.orderReference);
  // A company's gift certificate and Christmas card can be seen before the invoice is paid (decision 0046).
  const companyPage = gift?.gift_type === "company" ? companyChristmasPath(view.orderReference) : null;
  return { ...view, companyPage, qrSvg: onPhone ? null : view.qrSvg, retryWith: agreementGift ? retryProviders(container).filter((p) => p === "Mondido") : retryProviders(container) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  if (!isOrderReference(params.orderReference)) throw data(null, { status: 404 });
  const gift = await findGiftByOrderReference(container.db, params.orderReference);
  if (!gift) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  const latest = await latestPaymentForGift(container.db, gift.id);
  // "Betala med kort i stället": another offered method; otherwise the one that failed.
  const chosen = retryProviders(container).find((p) => p === form.get("provider"));
  if (intent === "cancel" && latest) {
    await container.payments.cancelPayment(latest.id);
  } else if (intent === "retry") {
    const provider = chosen ?? latest?.provider ?? "HLFSwish";
    // A card agreement's gift is paid in the card window only, which stores the card (decision 0028).
    if (gift.agreement_id && provider !== "Mondido") throw data(null, { status: 400 });
    const samePhone = provider === "HLFSwish" && latest?.provider === "HLFSwish" && latest.payer_alias;
    const retried = await container.payments
      .startPayment(gift.id, provider, samePhone ? { payerAlias: latest.payer_alias as string } : {})
      .catch((error: unknown) => {
        // Too many starts: the error page says so in Swedish (app/components/error-page.tsx), nothing is sent.
        if (error instanceof PaymentStartsLimitedError) throw data(null, { status: 429 });
        throw error;
      });
    if (retried.provider === "Brite" && retried.client_url) return redirectDocument(retried.client_url, 303);
  } else {
    throw data(null, { status: 400 });
  }
  return redirect(`/ge-en-gava/betalning/${gift.order_reference}`, 303);
}

export default function GiftPayment({ loaderData: view }: Route.ComponentProps) {
  const open = view.status === "created" || view.status === "pending";
  // An invoice waits for the bank file for days: nothing to poll for.
  const waitsForDonorNow = open && view.provider !== "Invoice";
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pollProblem, setPollProblem] = useState(false);
  const apiCall = useApiCall();

  // With JavaScript: ask /api/SwishPoll every 3 s and move on when it settles.
  useEffect(() => {
    if (!waitsForDonorNow || !view.paymentId) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const result =
          view.provider === "HLFSwish"
            ? await apiCall("SwishPoll", "SwishPollFailed", (signal) => pollSwishPayment(view.paymentId as string, signal), {
                timeoutMs: API_TIMEOUTS_MS.main,
              })
            : await apiCall("Payments/Poll", "PaymentPollFailed", (signal) => pollPayment(view.paymentId as string, signal), {
                timeoutMs: API_TIMEOUTS_MS.frontend,
              });
        setPollProblem(false);
        if (stopped) return;
        if (result.status === "paid") navigate(`/ge-en-gava/tack/${view.orderReference}`, { replace: true });
        else if (result.status !== "pending" && result.status !== "created") void revalidator.revalidate();
      } catch {
        setPollProblem(true);
      }
    }, POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [waitsForDonorNow, view.paymentId, view.provider, view.orderReference, navigate, revalidator, apiCall]);

  return (
    <article className="page page--narrow payment-page">
      {waitsForDonorNow && (
        <noscript>
          <meta httpEquiv="refresh" content={String(POLL_INTERVAL_MS / 1000)} />
        </noscript>
      )}
      <h1>{open ? (PAGE_TITLES[view.provider] ?? "Betalning") : view.title}</h1>
      <p>
        {view.membership ? "Medlemsavgift" : "Gåva"} på <strong>{formatSek(view.amountOre)}</strong>
      </p>
      <div role="status" aria-live="polite" className="payment-status">
        {open ? (
          <>
            {view.provider === "Invoice" ? (
              <p className="payment-status__title">Vi har skickat en faktura till din e-post.</p>
            ) : (
              <p className="payment-status__title">
                <span className="spinner" aria-hidden="true" /> {WAITING_TEXT[view.provider] ?? view.title}
              </p>
            )}
            {view.payerAlias ? (
              <p>
                Vi har skickat en betalningsförfrågan till din Swish-app ({maskAlias(view.payerAlias)}). Öppna Swish och
                godkänn betalningen.
              </p>
            ) : null}
          </>
        ) : (
          <p>{view.body}</p>
        )}
        {pollProblem && <p>Vi har tillfälligt svårt att nå betalningstjänsten. Vi fortsätter försöka.</p>}
      </div>

      {open && view.next?.kind === "post-form" && (
        <section aria-labelledby="kort-rubrik">
          <h2 id="kort-rubrik">Kortbetalning</h2>
          <p>Du skickas till vår betalpartners säkra sida för kortbetalning. Vi ser aldrig dina kortuppgifter.</p>
          <form method="post" action={view.next.action}>
            {Object.entries(view.next.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button button--primary button--large">
              Gå till kortbetalning
            </button>
          </form>
        </section>
      )}

      {open && view.next?.kind === "redirect" && (
        <p>
          <a className="button button--primary button--large" href={view.next.url}>
            Gå till din bank
          </a>
        </p>
      )}

      {open && view.next?.kind === "invoice" && (
        <section aria-labelledby="faktura-rubrik">
          <h2 id="faktura-rubrik">Så betalar du</h2>
          <dl className="thanks-facts">
            <dt>Bankgiro</dt>
            <dd>{view.next.bankgiro}</dd>
            <dt>OCR-nummer</dt>
            <dd>{view.next.ocr}</dd>
            <dt>Belopp</dt>
            <dd>{formatSek(view.amountOre)}</dd>
            <dt>Betala senast</dt>
            <dd>{view.next.dueDate}</dd>
          </dl>
          <p>
            <a href={view.next.pdfUrl} download>
              Ladda ner fakturan (PDF)
            </a>
          </p>
          <p>När betalningen har kommit in skickar vi ett kvitto till din e-post.</p>
          {view.companyPage ? (
            <p>
              <a className="button button--secondary" href={view.companyPage}>
                Se gåvobeviset och julkortet
              </a>
            </p>
          ) : null}
        </section>
      )}

      {open && view.provider === "HLFSwish" && !view.payerAlias && view.appUrl && (
        <section className="swish-start" aria-labelledby="swish-start-rubrik">
          <h2 id="swish-start-rubrik" className="visually-hidden">
            Starta Swish
          </h2>
          <p>
            <a className="button button--primary button--large" href={view.appUrl}>
              Öppna Swish
            </a>
          </p>
          {view.qrSvg && (
            <figure className="swish-qr">
              <div role="img" aria-label="QR-kod för betalning med Swish" dangerouslySetInnerHTML={{ __html: view.qrSvg }} />
              <figcaption>Använder du en dator? Öppna Swish i mobilen, välj ”Skanna QR-kod” och skanna koden.</figcaption>
            </figure>
          )}
        </section>
      )}

      {waitsForDonorNow && (
        <>
          {view.provider === "HLFSwish" && (
            <p className="field__hint">Betalningen behöver godkännas inom tre minuter. Sidan uppdateras av sig själv.</p>
          )}
          {view.provider === "HLFSwish" && view.simulatorUrl && (
            <p className="info-box">
              Testläge: ingen riktig Swish används. <a href={view.simulatorUrl}>Öppna Swish-simulatorn</a> för att
              godkänna eller neka betalningen.
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button--secondary">
              Avbryt betalningen
            </button>
          </Form>
        </>
      )}

      {!open && view.canRetry && (
        <section className="payment-retry" aria-labelledby="forsok-igen-rubrik">
          <h2 id="forsok-igen-rubrik" className="visually-hidden">
            Försök igen
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="provider" value={view.provider} />
            <button type="submit" className="button button--primary button--large">
              Försök igen med {RETRY_PROVIDERS[view.provider as RetryProvider] ?? "samma sätt"}
            </button>
          </Form>
          {view.retryWith.filter((provider) => provider !== view.provider).length > 0 && (
            <>
              <p>Eller välj ett annat sätt att betala:</p>
              <ul className="payment-retry__others">
                {view.retryWith
                  .filter((provider) => provider !== view.provider)
                  .map((provider) => (
                    <li key={provider}>
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="provider" value={provider} />
                        <button type="submit" className="button button--secondary">
                          Betala med {RETRY_PROVIDERS[provider]} i stället
                        </button>
                      </Form>
                    </li>
                  ))}
              </ul>
            </>
          )}
        </section>
      )}
    </article>
  );
}

/** What the page says while it waits for each provider. */
const WAITING_TEXT: Record<string, string> = {
  HLFSwish: "Väntar på din betalning",
  Mondido: "Väntar på kortbetalningen",
  Brite: "Väntar på besked från din bank",
};

function maskAlias(alias: string): string {
  // 46701234567 → 070-XXX XX 67: enough for the donor to recognise, not a full number on screen.
  const local = `0${alias.slice(2)}`;
  return `${local.slice(0, 3)}-XXX XX ${local.slice(-2)}`;
}
