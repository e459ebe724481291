import { useState } from "react";
import { Form, Link, data, redirect, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/gift-form";
import { clientIpContext, containerContext } from "../context";
import { parsePersonnummer } from "../../core/identity/personnummer";
import { donorLookupSchema, giftFormSchema, type GiftPaymentMethod } from "../../core/gifts/gift-form";
import { giveGift } from "../../core/gifts/give-gift";
import { ErrorSummary } from "../components/form/error-summary";
import {
  AmountFields,
  DonorFields,
  GIFT_FIELD_LABELS,
  PaymentFields,
  SUBMIT_LABELS,
} from "../components/gift/gift-fields";
import { giftFormSetup } from "../components/gift/gift-form-setup.server";
import { parseForm, replyWithValues } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";

/** The summary's names for the fields, in the order they appear on the page. */
const FIELD_LABELS: Record<string, string> = {
  ...GIFT_FIELD_LABELS,
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

export function meta() {
  return [
    { title: "Ge en gåva – stöd forskningen om hjärta och lungor" },
    { name: "description", content: "Ge en gåva med Swish till forskning om hjärt- och lungsjukdomar. Välj belopp och betala direkt." },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return giftFormSetup(context, request);
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
  // The payment method is controlled: the button says where the donor goes next.
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const lookupNotice = actionData?.notice ?? null;

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

        <AmountFields fields={fields} limits={limits} />
        <DonorFields fields={fields} />
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

        <PaymentFields fields={fields} methods={methods} defaultDevice={defaultDevice} method={method} onMethodChange={setMethod} />

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
