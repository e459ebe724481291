import { useState } from "react";
import { Form, Link, data, redirect, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/gift-form";
import { clientIpContext, containerContext } from "../context";
import { parsePersonnummer } from "../../core/identity/personnummer";
import {
  OTHER_AMOUNT,
  PRESET_AMOUNTS_KR,
  donorLookupSchema,
  giftFormSchema,
  type GiftPaymentMethod,
} from "../../core/gifts/gift-form";
import { giveGift } from "../../core/gifts/give-gift";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FieldError, TextField, type Field } from "../components/form/field";
import { AddressFields } from "../components/form/address-fields";
import { parseForm, replyWithValues } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { donorPrefill } from "../donors/gift-prefill.server";
import "../components/form/form.css";

/** The summary's names for the fields, in the order they appear on the page. */
const FIELD_LABELS: Record<string, string> = {
  amount: "Belopp",
  customAmount: "Annat belopp",
  name: "Namn",
  email: "E-post",
  personnummer: "Personnummer",
  paymentMethod: "Betalsätt",
  swishDevice: "Swish",
  swishPhone: "Mobilnummer",
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
  const formData = await request.formData();
  if (formData.get("intent") === "lookup") return lookUpDonor(context, formData);
  const submission = parseForm(formData, giftFormSchema(container.giftLimits));
  if (submission.status !== "success") return data({ result: submission.reply(), notice: null }, { status: 400 });
  if (submission.value.isBot) {
    container.logger.warn({ path: "/ge-en-gava" }, "gift form honeypot was filled in");
    return data({ result: submission.reply({ formErrors: ["Formuläret kunde inte skickas. Försök igen."] }), notice: null }, { status: 400 });
  }
  // A donor logged in with BankID gives as themselves: the gift is theirs in Mina sidor at once.
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  const { gift, payment } = await giveGift(container, submission.value, { donorId: session?.donor.id ?? null });
  // A bank payment continues at the bank's page; everything else on our payment page.
  if (payment.provider === "Brite" && payment.client_url && payment.status === "pending") return redirectDocument(payment.client_url, 303);
  return redirect(`/ge-en-gava/betalning/${gift.order_reference}`, 303);
}

/**
 * "Hämta namn och adress": fills name and address from the population register
 * for the personnummer given, with or without JavaScript. Limited per address
 * like the API's look-up; a protected identity gets no address; nothing stored.
 */
async function lookUpDonor(context: Route.ActionArgs["context"], formData: FormData) {
  const container = context.get(containerContext);
  const submission = parseForm(formData, donorLookupSchema);
  const fail = (message: string, status = 400) =>
    data({ result: submission.reply({ fieldErrors: { personnummer: [message] } }), notice: null }, { status });
  if (!container.donors.limits.lookups.hit(context.get(clientIpContext) || "unknown")) {
    return fail("Du har gjort för många sökningar på kort tid. Vänta en minut eller fyll i uppgifterna själv.", 429);
  }
  if (submission.status !== "success") return data({ result: submission.reply(), notice: null }, { status: 400 });
  const parsed = parsePersonnummer(submission.value.personnummer, { now: container.clock.now() });
  if (!parsed) return fail("Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN.");
  try {
    const person = await container.donors.register.lookup(parsed.canonical);
    if (!person) return fail("Vi hittade ingen person med det personnumret. Fyll i namn och adress själv.", 404);
    const address = person.protectedIdentity ? null : (person.address ?? null);
    return data({
      result: replyWithValues(submission, {
        name: `${person.givenName} ${person.surname}`,
        ...(address ? { street: address.street, postalCode: address.postalCode, city: address.city } : {}),
      }),
      notice: address ? "Vi har fyllt i ditt namn och din adress." : "Vi har fyllt i ditt namn.",
    });
  } catch (error) {
    container.logger.warn({ event: "LookupIdentityFailed", err: error }, "identity look-up failed");
    return fail("Vi kunde inte hämta dina uppgifter just nu. Fyll i namn och adress själv.", 502);
  }
}

export default function GiftForm({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, defaultDevice, methods, prefill } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "gava",
    schema: giftFormSchema(limits),
    // "Hämta namn och adress" needs only the personnummer.
    intents: { lookup: donorLookupSchema },
    lastResult: actionData?.result,
    // A donor logged in with BankID gets name, e-mail, personnummer and address filled in.
    defaultValue: { amount: "250", swishDevice: defaultDevice, paymentMethod: methods[0] ?? "swish", ...prefill, idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  // The radio groups are controlled: the free amount chooses "Annat belopp" as the donor types, the
  // Swish fields show only for Swish, and the button says where the donor goes next.
  const [amount, setAmount] = useState<string>(fields.amount.initialValue ?? "250");
  const [device, setDevice] = useState<string>(fields.swishDevice.initialValue ?? defaultDevice);
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const lookupNotice = actionData?.notice ?? null;

  const kr = (n: number) => new Intl.NumberFormat("sv-SE").format(n);
  const groupProps = (field: Field, className = "") => ({
    id: field.id,
    className: `fieldset${field.errors ? " fieldset--error" : ""}${className ? ` ${className}` : ""}`,
    "aria-describedby": field.errors ? field.errorId : undefined,
  });
  return (
    <article className="page page--narrow gift-page">
      <h1>Ge en gåva</h1>
      <p className="lead">
        Din gåva går direkt till forskning om hjärt- och lungsjukdomar. Välj belopp, fyll i dina uppgifter och välj hur
        du vill betala: Swish, kort, faktura eller direkt från din bank.
      </p>
      <ErrorSummary {...summary} />
      <Form method="post" className="form gift-form" {...formProps}>
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />

        <fieldset {...groupProps(fields.amount)}>
          <legend>Belopp</legend>
          <FieldError field={fields.amount} />
          <div className="amount-choices">
            {[...PRESET_AMOUNTS_KR.map(String), OTHER_AMOUNT].map((value) => (
              <label className="amount-choice" key={value}>
                <input
                  type="radio"
                  name={fields.amount.name}
                  value={value}
                  checked={amount === value}
                  onChange={() => setAmount(value)}
                />
                <span>{value === OTHER_AMOUNT ? "Annat belopp" : `${kr(Number(value))} kr`}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          field={fields.customAmount}
          label="Annat belopp (kronor)"
          hint={`Välj "Annat belopp" ovan och skriv ett belopp mellan ${kr(limits.minKr)} och ${kr(limits.maxKr)} kronor.`}
          inputMode="numeric"
          autoComplete="off"
          // Only typing an amount chooses "Annat belopp": passing through the field with the keyboard must not.
          onInput={(event) => {
            if (event.currentTarget.value.trim() !== "") setAmount(OTHER_AMOUNT);
          }}
        />

        <TextField field={fields.name} label="Namn" autoComplete="name" />
        <TextField field={fields.email} label="E-post" type="email" autoComplete="email" hint="Hit skickar vi kvittot." />
        <TextField
          field={fields.personnummer}
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

        <fieldset {...groupProps(fields.paymentMethod)}>
          <legend>Hur vill du betala?</legend>
          <FieldError field={fields.paymentMethod} />
          {methods.map((m) => (
            <label className="choice" key={m}>
              <input type="radio" name={fields.paymentMethod.name} value={m} checked={method === m} onChange={() => setMethod(m)} />
              {METHOD_LABELS[m]}
            </label>
          ))}
        </fieldset>

        <fieldset {...groupProps(fields.swishDevice, "method-swish")}>
          <legend>Hur vill du använda Swish?</legend>
          <FieldError field={fields.swishDevice} />
          <label className="choice">
            <input type="radio" name={fields.swishDevice.name} value="this" checked={device === "this"} onChange={() => setDevice("this")} />
            Öppna Swish på den här enheten
          </label>
          <label className="choice">
            <input type="radio" name={fields.swishDevice.name} value="other" checked={device === "other"} onChange={() => setDevice("other")} />
            Swish på en annan enhet (QR-kod eller mobilnummer)
          </label>
        </fieldset>
        <div className="method-swish">
          <TextField
            field={fields.swishPhone}
            label="Mobilnummer för Swish (frivilligt)"
            type="tel"
            autoComplete="tel"
            hint="Om du använder Swish på en annan enhet: skriv ditt nummer så skickar vi betalningen till din Swish-app. Lämna tomt för att skanna en QR-kod i stället."
          />
        </div>

        <fieldset className="fieldset method-invoice">
          <legend>Adress för fakturan</legend>
          <p className="field__hint">Fyll i om du vill betala med faktura. Fakturan skickas till din e-post.</p>
          <AddressFields fields={fields} />
        </fieldset>

        <CheckboxField field={fields.newsletter} label="Ja, jag vill få nyhetsbrev om forskningen (högst en gång i månaden)" />

        <div className="honeypot" aria-hidden="true">
          <label htmlFor={fields.website.id}>Lämna det här fältet tomt</label>
          <input type="text" id={fields.website.id} name={fields.website.name} tabIndex={-1} autoComplete="off" defaultValue="" />
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
