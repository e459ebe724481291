import { useEffect, useState } from "react";
import { Form, Link, data, redirect, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/monthly-gift";
import { containerContext, freshTokenContext } from "../context";
import { PRIVATE_HEADERS, assertSameOrigin, clientIp, optionalDonor } from "../donor/donor-session.server";
import { MONTHLY_PRESET_AMOUNTS_KR, checkAccount, isAutogiroSignup, mandateText, monthlyGiftFormSchema } from "#core/agreements/monthly-gift-form";
import { firstDebitOn } from "#core/agreements/debit-schedule";
import { OTHER_AMOUNT } from "#core/gifts/gift-form";
import { RFA } from "#core/donors/bankid-messages";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { formatDateLong, formatNumber } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FieldError, TextField } from "../components/form/field";
import { AmountFields, groupProps } from "../components/gift/gift-fields";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { BankIdPendingPanel } from "../components/bankid/bankid-pending-panel";
import { SIGNING_RETURN_PATH, latestSigningOrder, mandateSigning, signingBrowser } from "./monthly-gift-signup.server";
import { completeMandateSigning, signingDraft, startMandateSigning } from "#core/agreements/mandate-signing";
import { startCardSignup } from "./monthly-gift-card.server";
import "../components/form/form.css";
import "./monthly-gift.css";

const FIELD_LABELS: Record<string, string> = {
  amount: "Belopp per månad",
  customAmount: "Annat belopp",
  debitDay: "Dragningsdag",
  method: "Betalsätt",
  name: "Namn",
  email: "E-post",
  personnummer: "Personnummer",
  clearing: "Clearingnummer",
  account: "Kontonummer",
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

export function meta() {
  return [
    { title: "Bli månadsgivare – ge varje månad via autogiro eller kort" },
    { name: "description", content: "Ge ett fast belopp varje månad via autogiro eller kort och ge forskningen om hjärta och lungor trygghet över tid. Ändra, pausa eller avsluta när du vill." },
  ];
}

/**
 * The empty form is public (indexed, and kept for anonymous visitors by the
 * page cache); once it shows a donor's details or a signing it is private.
 * While a signature is pending, a page without JavaScript reloads itself every
 * two seconds (Refresh header; a meta refresh would also fire with JavaScript
 * after a client-side navigation).
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  if (!loaderHeaders.has("Cache-Control")) return {};
  const refresh = loaderHeaders.get("Refresh");
  return refresh ? { ...PRIVATE_HEADERS, Refresh: refresh } : PRIVATE_HEADERS;
}

function limitsOf(context: Route.LoaderArgs["context"]) {
  const { config } = context.get(containerContext);
  return { minKr: config.MONTHLY_GIFT_MIN_KR, maxKr: config.GIFT_MAX_KR };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const url = new URL(request.url);
  const orderRef = url.searchParams.get("order") ?? (url.searchParams.get("fran") === "bankid" ? await latestSigningOrder(context, request) : null);
  const today = swedishDate(container.clock.now());
  let signing = null;
  let problem: string | null = null;
  let draft = null;
  if (orderRef) {
    const signer = mandateSigning(context);
    const browser = signingBrowser(context, request);
    // A browser without the BankID cookie cannot have started this order.
    const result = await completeMandateSigning(signer, orderRef, browser.setCookie ? null : browser.id);
    if (result.status === "created") throw redirect(`/ge-en-gava/manadsgava/tack/${result.agreementId}${result.emailReplaced ? "?ny-epost=1" : ""}`);
    draft = await signingDraft(signer, orderRef);
    if (result.status === "failed") problem = result.message;
    else if (draft) {
      const poll = await container.donors.bankId.poll(orderRef, browser.id);
      signing = poll
        ? { orderRef, sameDevice: poll.sameDevice, autoStartUrl: poll.autoStartUrl, message: poll.message?.text ?? RFA.RFA21, mandate: mandateText(container.site, draft) }
        : null;
    }
  }
  const session = await optionalDonor(context, request);
  const donor = session?.donor;
  const prefill: Record<string, string> = draft
    ? {
        amount: MONTHLY_PRESET_AMOUNTS_KR.map((n) => n * 100).includes(draft.amountOre as never) ? String(draft.amountOre / 100) : OTHER_AMOUNT,
        customAmount: MONTHLY_PRESET_AMOUNTS_KR.map((n) => n * 100).includes(draft.amountOre as never) ? "" : String(draft.amountOre / 100),
        debitDay: String(draft.debitDay),
        name: draft.name,
        email: draft.email,
        personnummer: draft.personnummer,
        clearing: draft.account.clearing,
        account: draft.account.number,
      }
    : donor
      ? { name: `${donor.given_name} ${donor.surname}`.trim(), email: donor.email ?? "", personnummer: donor.personnummer ?? "", ...(url.searchParams.get("metod") === "kort" ? { method: "card" } : {}) }
      : {};
  // A signing, a draft or a logged-in donor's details make the page personal.
  const personal = orderRef !== null || donor !== undefined || Object.keys(prefill).length > 0;
  return data(
    {
      limits: limitsOf(context),
      today,
      idempotencyKey: context.get(freshTokenContext)(),
      prefill,
      signing,
      problem,
      site: { name: container.site.name },
      firstDebitExample: firstDebitOn(today, 28),
      loggedIn: donor !== undefined,
    },
    { headers: { ...(personal ? PRIVATE_HEADERS : {}), ...(signing ? { Refresh: "2" } : {}) } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const formData = await request.formData();
  if (formData.get("intent") === "cancel") {
    const { bankId } = container.donors;
    await bankId.cancel(String(formData.get("orderRef") ?? ""), bankId.browserId(request.headers.get("cookie")).id);
    return redirect("/ge-en-gava/manadsgava", 303);
  }
  const now = container.clock.now();
  const submission = parseForm(formData, monthlyGiftFormSchema(limitsOf(context), now, swedishDate(now)));
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  if (submission.value.isBot) {
    container.logger.warn({ path: "/ge-en-gava/manadsgava" }, "monthly gift form honeypot was filled in");
    return data({ result: submission.reply({ formErrors: ["Formuläret kunde inte skickas. Försök igen."] }), problem: null }, { status: 400 });
  }
  if (submission.value.method === "card") {
    const session = await optionalDonor(context, request);
    if (!session) {
      return data({ result: submission.reply({ fieldErrors: { method: [CARD_NEEDS_LOGIN] } }), problem: null }, { status: 400 });
    }
    return startCardSignup(context, session, submission.value);
  }
  const signup = submission.value;
  if (!isAutogiroSignup(signup)) return data({ result: submission.reply(), problem: null }, { status: 400 });
  const ip = clientIp(context);
  if (!(await container.donors.limits.bankIdStarts.hit(ip))) {
    return data({ result: submission.reply(), problem: "Du har försökt skriva under många gånger på kort tid. Vänta en minut och försök igen." }, { status: 429 });
  }
  const browser = signingBrowser(context, request);
  const started = await startMandateSigning(mandateSigning(context), signup, {
    endUserIp: ip,
    browserId: browser.id,
    sameDevice: formData.get("device") === "this",
    // On the same device the BankID app sends the donor back here, not to the login page.
    returnUrl: `${container.config.publicUrl}${SIGNING_RETURN_PATH}`,
  });
  if ("error" in started) return data({ result: submission.reply(), problem: started.error }, { status: 502 });
  const headers = browser.setCookie ? { "Set-Cookie": browser.setCookie } : undefined;
  return redirect(`/ge-en-gava/manadsgava?${new URLSearchParams({ order: started.orderRef })}`, { status: 303, headers });
}

const CARD_NEEDS_LOGIN = "Logga in med BankID för att ge med kort, så att gåvan hamnar på Mina sidor och räknas för din skattereduktion.";
const CARD_LOGIN_PATH = `/logga-in?${new URLSearchParams({ returnTo: "/ge-en-gava/manadsgava?metod=kort" })}`;
const kr = formatNumber;
const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

export default function MonthlyGift({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, today, idempotencyKey, prefill, signing, site, firstDebitExample, loggedIn } = loaderData;
  const problem = actionData?.problem ?? loaderData.problem;
  const [now] = useState(() => new Date());
  const { fields, formProps, summary } = useSiteForm({
    id: "manadsgava",
    schema: monthlyGiftFormSchema(limits, now, today),
    lastResult: actionData?.result,
    defaultValue: { amount: "200", debitDay: "28", ...prefill, idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const [clearing, setClearing] = useState<string>((fields.clearing.initialValue as string | undefined) ?? "");
  const [account, setAccount] = useState<string>((fields.account.initialValue as string | undefined) ?? "");
  const bank = clearing.replace(/\D/g, "").length >= 4 && account.replace(/\D/g, "").length >= 5 ? checkAccount(clearing, account) : null;
  const [method, setMethod] = useState<string>((fields.method.initialValue as string | undefined) ?? "autogiro");
  const byCard = method === "card";
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (signing) return <SigningStep signing={signing} siteName={site.name} />;

  return (
    <article className="page page--narrow gift-page monthly-gift">
      <h1>Bli månadsgivare</h1>
      <p className="lead">
        Med en månadsgåva via autogiro eller kort ger du forskningen om hjärta och lungor en trygg grund, månad efter månad. Du kan
        ändra beloppet, pausa eller avsluta när du vill på <Link to="/mina-sidor">Mina sidor</Link>.
      </p>
      <MonthlyHeartArt />
      {problem && (
        <div className="notice notice--error" role="alert">
          <p>{problem}</p>
        </div>
      )}
      <ErrorSummary {...summary} />
      <Form method="post" className="form gift-form" {...formProps}>
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />

        <AmountFields
          fields={fields}
          limits={limits}
          legend="Belopp per månad"
          presetsKr={MONTHLY_PRESET_AMOUNTS_KR}
          defaultAmount="200"
          customLabel="Annat belopp per månad (kronor)"
          customHint={`Välj "Annat belopp" ovan och skriv ett belopp från ${kr(limits.minKr)} kronor.`}
          chosenHint={(chosenKr) =>
            chosenKr >= 200
              ? `Efter skattereduktionen kostar ${kr(chosenKr)} kr i månaden dig ${kr(chosenKr * 0.75)} kr, om dina gåvor blir minst 2 000 kr under året.`
              : "Gåvor på minst 200 kr per dragning ger skattereduktion."
          }
        />

        <div className={`field${fields.debitDay.errors ? " field--error" : ""}`}>
          <label htmlFor={fields.debitDay.id}>Dag i månaden då pengarna dras</label>
          <p className="field__hint" id={`${fields.debitDay.id}-hint`}>
            Välj en dag mellan den 1 och den 28. Faller dagen på en helg dras pengarna nästa bankdag. Med den 28 blir din första
            dragning {formatDateLong(firstDebitExample)}.
          </p>
          <FieldError field={fields.debitDay} />
          <select
            id={fields.debitDay.id}
            name={fields.debitDay.name}
            defaultValue={(fields.debitDay.initialValue as string | undefined) ?? "28"}
            aria-describedby={`${fields.debitDay.id}-hint${fields.debitDay.errors ? ` ${fields.debitDay.errorId}` : ""}`}
            aria-invalid={fields.debitDay.errors ? true : undefined}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                Den {d}:e
              </option>
            ))}
          </select>
        </div>

        <fieldset {...groupProps(fields.method)}>
          <legend>Så vill du betala</legend>
          <FieldError field={fields.method} />
          <label className="choice">
            <input type="radio" name={fields.method.name} value="autogiro" checked={!byCard} onChange={() => setMethod("autogiro")} />
            Autogiro – från ditt bankkonto, medgivandet skrivs under med BankID
          </label>
          <label className="choice">
            <input type="radio" name={fields.method.name} value="card" checked={byCard} onChange={() => setMethod("card")} />
            Kort
          </label>
          <p className="field__hint">
            Med kort betalar du den första gåvan nu hos vår betalpartner, som sparar kortet. Sedan dras gåvan från kortet på din valda dag
            varje månad.{loggedIn ? "" : " Du loggar först in med BankID, så att gåvan hamnar på Mina sidor."}
          </p>
          {!loggedIn && (byCard || fields.method.errors) && (
            <p>
              <Link to={CARD_LOGIN_PATH}>Logga in med BankID för att ge med kort</Link>
            </p>
          )}
        </fieldset>

        <TextField field={fields.name} label="Namn" autoComplete="name" />
        <TextField field={fields.email} label="E-post" type="email" autoComplete="email" hint="Hit skickar vi bekräftelsen och besked innan något ändras." />
        {!byCard && (
          <TextField
            field={fields.personnummer}
            label="Personnummer"
            inputMode="numeric"
            autoComplete="off"
            hint="Autogiro kräver personnummer, och du behöver ha fyllt 18 år. Vi rapporterar dina gåvor till Skatteverket för skattereduktion."
          />
        )}

        {!byCard && (
          <fieldset className="fieldset">
            <legend>Konto som pengarna dras från</legend>
            <p className="field__hint">Kontot måste vara ditt eget. Clearingnumret är de fyra (hos Swedbank ibland fem) första siffrorna.</p>
            <TextField field={fields.clearing} label="Clearingnummer" inputMode="numeric" autoComplete="off" onInput={(e) => setClearing(e.currentTarget.value)} />
            <TextField field={fields.account} label="Kontonummer" inputMode="numeric" autoComplete="off" onInput={(e) => setAccount(e.currentTarget.value)} />
            <p className="bank-name" aria-live="polite">
              {bank ? `Bank: ${bank.bankName}` : ""}
            </p>
          </fieldset>
        )}

        <CheckboxField field={fields.newsletter} label="Ja, jag vill få nyhetsbrev om forskningen (högst en gång i månaden)" />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={fields.website.id}>Lämna det här fältet tomt</label>
          <input type="text" id={fields.website.id} name={fields.website.name} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        {byCard ? (
          <p>
            <button type="submit" name="device" value="card" className="button button--primary button--large" disabled={submitting}>
              {submitting ? "Skickar…" : "Gå vidare till kortbetalning"}
            </button>
          </p>
        ) : (
          <>
            <p>Du skriver under medgivandet till autogiro med BankID. Du ser hela texten innan du skriver under.</p>
            <p className="field__hint">
              Har du inte BankID, eller vill du hellre fylla i papper? <Link to="/bestall-blankett?blankett=autogiro">Beställ en autogiroblankett</Link>, så skickar vi den med posten.
            </p>
            <div className="login-choices">
              <button type="submit" name="device" value="this" className="button button--primary button--large" disabled={submitting}>
                {submitting ? "Skickar…" : "Skriv under med BankID"}
              </button>
              <button type="submit" name="device" value="other" className="button button--secondary" disabled={submitting}>
                BankID på en annan enhet (QR-kod)
              </button>
            </div>
          </>
        )}
        <p className="field__hint">
          Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}

interface SigningState {
  orderRef: string;
  sameDevice: boolean;
  autoStartUrl: string;
  message: string;
  mandate: string;
}

/** The mandate as the donor signs it, and BankID's progress; without JavaScript the page refreshes itself. */
function SigningStep({ signing, siteName }: { signing: SigningState; siteName: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<{ message: string; qrSvg: string | null }>({ message: signing.message, qrSvg: null });
  const navigate = useNavigate();
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const tick = async () => {
      try {
        const response = await fetch("/api/BankID/Poll", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ orderRef: signing.orderRef }),
        });
        if (stopped) return;
        const next = response.ok ? ((await response.json()) as { status: string; message: string | null; qrSvg: string | null }) : null;
        if (!next || next.status !== "pending") {
          // Complete or failed: the loader finishes the sign-up or explains what went wrong.
          navigate(`/ge-en-gava/manadsgava?${new URLSearchParams({ order: signing.orderRef })}`, { replace: true });
          return;
        }
        setState({ message: next.message ?? RFA.RFA21, qrSvg: next.qrSvg });
      } catch {
        // A dropped request: try again on the next tick.
      }
      if (!stopped) timer = window.setTimeout(tick, 1000);
    };
    timer = window.setTimeout(tick, 1000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [signing.orderRef, navigate]);

  return (
    <article className="page page--narrow monthly-gift">
      <h1>Skriv under medgivandet</h1>
      <section aria-labelledby="medgivande-rubrik" className="mandate">
        <h2 id="medgivande-rubrik">Det här skriver du under</h2>
        {signing.mandate.split("\n").filter(Boolean).map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </section>
      <BankIdPendingPanel
        order={{ orderRef: signing.orderRef, sameDevice: signing.sameDevice, autoStartUrl: signing.autoStartUrl, ...state }}
        hydrated={hydrated}
        purpose="sign"
        cancelLabel="Avbryt"
      />
      <p className="field__hint">Medgivandet går till Bankgirot. {siteName} får aldrig se ditt saldo.</p>
    </article>
  );
}

/** A small heart with a calendar's twelve dots: one gift, every month. */
function MonthlyHeartArt() {
  return (
    <svg className="monthly-art" viewBox="0 0 240 64" role="img" aria-label="Ett hjärta och tolv prickar, en för varje månad">
      <path d="M32 56 C8 40 4 24 14 14 C22 6 30 10 32 18 C34 10 42 6 50 14 C60 24 56 40 32 56Z" fill="var(--colour-primary, #a3112e)" />
      {Array.from({ length: 12 }, (_, i) => (
        <circle key={i} cx={80 + i * 13} cy={32} r={i % 3 === 0 ? 5 : 4} fill={i % 3 === 0 ? "var(--colour-accent, #1d4f73)" : "var(--colour-primary, #a3112e)"} opacity={0.35 + i * 0.05} />
      ))}
    </svg>
  );
}
