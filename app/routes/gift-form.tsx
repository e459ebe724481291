import { useState, type FormEvent } from "react";
import { Form, Link, data, redirect, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/gift-form";
import { clientIpContext, containerContext } from "../context";
import { parsePersonnummer } from "../../core/identity/personnummer";
import {
  OTHER_AMOUNT,
  PRESET_AMOUNTS_KR,
  fieldErrors,
  giftFormSchema,
  type FieldErrors,
  type GiftPaymentMethod,
} from "../../core/gifts/gift-form";
import { giveGift } from "../../core/gifts/give-gift";
import { ErrorSummary, errorId, fieldId } from "../components/form/error-summary";
import { TextField } from "../components/form/field";
import { AddressFields } from "../components/form/address-fields";
import { donorPrefill } from "../donors/gift-prefill.server";
import "../components/form/form.css";

const FIELD_LABELS: Record<string, string> = {
  amount: "Belopp",
  customAmount: "Annat belopp",
  name: "Namn",
  email: "E-post",
  personnummer: "Personnummer",
  swishPhone: "Mobilnummer",
  paymentMethod: "Betalsätt",
  street: "Gatuadress",
  postalCode: "Postnummer",
  city: "Ort",
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

const METHOD_LABELS: Record<GiftPaymentMethod, string> = {
  swish: "Swish",
  card: "Kort (Visa, Mastercard)",
  invoice: "Faktura (bankgiro, betala inom 30 dagar)",
  bank: "Direkt från din bank",
};

const SUBMIT_LABELS: Record<GiftPaymentMethod, string> = {
  swish: "Fortsätt till Swish",
  card: "Fortsätt till kortbetalning",
  invoice: "Skicka fakturan",
  bank: "Fortsätt till din bank",
};

export function meta() {
  return [
    { title: "Ge en gåva – stöd forskningen om hjärta och lungor" },
    { name: "description", content: "Ge en gåva med Swish till forskning om hjärt- och lungsjukdomar. Välj belopp och betala direkt." },
  ];
}

/** Phones get the Swish app on the same device by default; computers a QR code or a request to their phone. */
function isPhone(userAgent: string | null): boolean {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent ?? "");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { giftLimits, paymentSetup } = context.get(containerContext);
  const phone = isPhone(request.headers.get("user-agent"));
  const methods = paymentSetup.methods.filter((m): m is GiftPaymentMethod => m !== "autogiro");
  return {
    limits: giftLimits,
    // A donor logged in with BankID gets name, e-mail, personnummer and address filled in.
    prefill: await donorPrefill(context, request),
    idempotencyKey: globalThis.crypto.randomUUID(),
    defaultDevice: phone ? ("this" as const) : ("other" as const),
    // Swish first on phones, where the app is one tap away.
    methods: phone && methods.includes("swish") ? ["swish" as const, ...methods.filter((m) => m !== "swish")] : methods,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  if (form.intent === "lookup") return lookUpDonor(context, form);
  const parsed = giftFormSchema(container.giftLimits).safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: form }, { status: 400 });
  if (parsed.data.isBot) {
    container.logger.warn({ path: "/ge-en-gava" }, "gift form honeypot was filled in");
    return data({ errors: { form: "Formuläret kunde inte skickas. Försök igen." }, values: form }, { status: 400 });
  }
  const { gift, payment } = await giveGift(container, parsed.data);
  // A bank payment continues at the bank's page; everything else on our payment page.
  if (payment.provider === "Brite" && payment.client_url && payment.status === "pending") return redirectDocument(payment.client_url, 303);
  return redirect(`/ge-en-gava/betalning/${gift.order_reference}`, 303);
}

/**
 * "Hämta namn och adress": fills name and address from the population register
 * for the personnummer given, with or without JavaScript. Limited per address
 * like the API's look-up; a protected identity gets no address; nothing stored.
 */
async function lookUpDonor(context: Route.ActionArgs["context"], form: Record<string, string>) {
  const container = context.get(containerContext);
  const fail = (message: string, status = 400) =>
    data({ errors: { personnummer: message }, values: form, lookupId: globalThis.crypto.randomUUID(), notice: null }, { status });
  if (!container.donors.limits.lookups.hit(context.get(clientIpContext) || "unknown")) {
    return fail("Du har gjort för många sökningar på kort tid. Vänta en minut eller fyll i uppgifterna själv.", 429);
  }
  const parsed = parsePersonnummer(form.personnummer ?? "", { now: container.clock.now() });
  if (!parsed) return fail("Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN.");
  try {
    const person = await container.donors.register.lookup(parsed.canonical);
    if (!person) return fail("Vi hittade ingen person med det personnumret. Fyll i namn och adress själv.", 404);
    const address = person.protectedIdentity ? null : (person.address ?? null);
    return data({
      errors: {},
      lookupId: globalThis.crypto.randomUUID(),
      notice: address ? "Vi har fyllt i ditt namn och din adress." : "Vi har fyllt i ditt namn.",
      values: {
        ...form,
        name: `${person.givenName} ${person.surname}`,
        ...(address ? { street: address.street, postalCode: address.postalCode, city: address.city } : {}),
      },
    });
  } catch (error) {
    container.logger.warn({ event: "LookupIdentityFailed", err: error }, "identity look-up failed");
    return fail("Vi kunde inte hämta dina uppgifter just nu. Fyll i namn och adress själv.", 502);
  }
}

export default function GiftForm({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, defaultDevice, methods, prefill } = loaderData;
  const values: Record<string, string> = actionData?.values ?? prefill ?? {};
  const lookupNotice = actionData && "notice" in actionData ? actionData.notice : null;
  const serverErrors = actionData?.errors ?? {};
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [amount, setAmount] = useState<string>(values.amount ?? "250");
  const [device, setDevice] = useState<string>(values.swishDevice ?? defaultDevice);
  const [method, setMethod] = useState<string>(values.paymentMethod ?? methods[0] ?? "swish");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  const schema = giftFormSchema(limits);
  const validate = (formElement: HTMLFormElement): FieldErrors => {
    const result = schema.safeParse(Object.fromEntries(new FormData(formElement)) as Record<string, string>);
    return result.success ? {} : fieldErrors(result.error);
  };

  // Errors shown next to fields: the server's after a submit, or – as the donor
  // types – the client's for the fields they have already left.
  const inlineErrors: FieldErrors = clientErrors
    ? Object.fromEntries(Object.entries(clientErrors).filter(([field]) => touched[field] || touched.__submit))
    : serverErrors;
  const summaryErrors: FieldErrors = clientErrors && touched.__submit ? clientErrors : clientErrors ? {} : serverErrors;

  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (!target.name) return;
    setTouched((t) => ({ ...t, [target.name]: true }));
    setClientErrors(validate(event.currentTarget));
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (clientErrors) setClientErrors(validate(event.currentTarget));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The look-up button submits the form for the server to fill in; the rest may still be empty.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "lookup") return;
    const errors = validate(event.currentTarget);
    setTouched((t) => ({ ...t, __submit: true }));
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) event.preventDefault();
  };

  const kr = (n: number) => new Intl.NumberFormat("sv-SE").format(n);
  return (
    <article className="page page--narrow gift-page">
      <h1>Ge en gåva</h1>
      <p className="lead">
        Din gåva går direkt till forskning om hjärt- och lungsjukdomar. Välj belopp, fyll i dina uppgifter och välj hur
        du vill betala: Swish, kort, faktura eller direkt från din bank.
      </p>
      <ErrorSummary errors={summaryErrors} labels={FIELD_LABELS} />
      <Form
        method="post"
        className="form gift-form"
        // A look-up answer remounts the fields so that they show the filled-in values.
        key={actionData && "lookupId" in actionData ? actionData.lookupId : "form"}
        noValidate onBlur={onBlur} onChange={onChange} onSubmit={onSubmit}>
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey ?? idempotencyKey} />

        <fieldset className={`fieldset${inlineErrors.amount ? " fieldset--error" : ""}`} id={fieldId("amount")}>
          <legend>Belopp</legend>
          {inlineErrors.amount && (
            <p className="field__error" id={errorId("amount")}>
              <span className="visually-hidden">Fel: </span>
              {inlineErrors.amount}
            </p>
          )}
          <div className="amount-choices">
            {PRESET_AMOUNTS_KR.map((preset) => (
              <label className="amount-choice" key={preset}>
                <input
                  type="radio"
                  name="amount"
                  value={String(preset)}
                  checked={amount === String(preset)}
                  onChange={() => setAmount(String(preset))}
                />
                <span>{kr(preset)} kr</span>
              </label>
            ))}
            <label className="amount-choice">
              <input type="radio" name="amount" value={OTHER_AMOUNT} checked={amount === OTHER_AMOUNT} onChange={() => setAmount(OTHER_AMOUNT)} />
              <span>Annat belopp</span>
            </label>
          </div>
        </fieldset>
        <TextField
          name="customAmount"
          label="Annat belopp (kronor)"
          hint={`Välj "Annat belopp" ovan och skriv ett belopp mellan ${kr(limits.minKr)} och ${kr(limits.maxKr)} kronor.`}
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.customAmount ?? ""}
          error={inlineErrors.customAmount}
          onFocus={() => setAmount(OTHER_AMOUNT)}
        />

        <TextField name="name" label="Namn" autoComplete="name" defaultValue={values.name ?? ""} error={inlineErrors.name} />
        <TextField
          name="email"
          label="E-post"
          type="email"
          autoComplete="email"
          hint="Hit skickar vi kvittot."
          defaultValue={values.email ?? ""}
          error={inlineErrors.email}
        />
        <TextField
          name="personnummer"
          label="Personnummer (frivilligt)"
          inputMode="numeric"
          autoComplete="off"
          hint={
            <>
              Fyll i om du vill ha skattereduktion. Du får 25 procent av gåvan tillbaka på skatten om du ger minst 200
              kronor per gåva och minst 2 000 kronor under året. Vi rapporterar dina gåvor till Skatteverket.{" "}
              <Link to="/skattereduktion">Läs mer om skattereduktion</Link>.
            </>
          }
          defaultValue={values.personnummer ?? ""}
          error={inlineErrors.personnummer}
        />
        <div className="lookup">
          <button type="submit" name="intent" value="lookup" className="button button--secondary" formNoValidate>
            Hämta namn och adress
          </button>
          {lookupNotice && (
            <p className="field__hint" role="status">
              {lookupNotice}
            </p>
          )}
        </div>

        <fieldset className={`fieldset${inlineErrors.paymentMethod ? " fieldset--error" : ""}`} id={fieldId("paymentMethod")}>
          <legend>Hur vill du betala?</legend>
          {methods.map((m) => (
            <label className="choice" key={m}>
              <input type="radio" name="paymentMethod" value={m} checked={method === m} onChange={() => setMethod(m)} />
              {METHOD_LABELS[m]}
            </label>
          ))}
        </fieldset>

        <fieldset className="fieldset method-swish">
          <legend>Hur vill du använda Swish?</legend>
          <label className="choice">
            <input type="radio" name="swishDevice" value="this" checked={device === "this"} onChange={() => setDevice("this")} />
            Öppna Swish på den här enheten
          </label>
          <label className="choice">
            <input type="radio" name="swishDevice" value="other" checked={device === "other"} onChange={() => setDevice("other")} />
            Swish på en annan enhet (QR-kod eller mobilnummer)
          </label>
        </fieldset>
        <div className="method-swish">
        <TextField
          name="swishPhone"
          label="Mobilnummer för Swish (frivilligt)"
          type="tel"
          autoComplete="tel"
          hint="Om du använder Swish på en annan enhet: skriv ditt nummer så skickar vi betalningen till din Swish-app. Lämna tomt för att skanna en QR-kod i stället."
          defaultValue={values.swishPhone ?? ""}
          error={inlineErrors.swishPhone}
        />
        </div>

        <fieldset className="fieldset method-invoice">
          <legend>Adress för fakturan</legend>
          <p className="field__hint">Fyll i om du vill betala med faktura. Fakturan skickas till din e-post.</p>
          <AddressFields values={values} errors={inlineErrors} />
        </fieldset>

        <div className="choice">
          <input type="checkbox" id={fieldId("newsletter")} name="newsletter" defaultChecked={values.newsletter === "on"} />
          <label htmlFor={fieldId("newsletter")}>Ja, jag vill få nyhetsbrev om forskningen (högst en gång i månaden)</label>
        </div>

        <div className="honeypot" aria-hidden="true">
          <label htmlFor="falt-website">Lämna det här fältet tomt</label>
          <input type="text" id="falt-website" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting}>
            {submitting ? "Skickar…" : SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt"}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}
