import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/gift-form";
import { containerContext } from "../context";
import { checkout } from "./checkout.server";
import { amountChosenByLink, donorLookupSchema, giftFormSchema, type GiftPaymentMethod } from "#core/gifts/gift-form";
import { giveGift } from "#core/gifts/give-gift";
import { ErrorSummary } from "../components/form/error-summary";
import {
  AmountFields,
  DonorFields,
  DonorLookupButton,
  GIFT_FIELD_LABELS,
  PaymentFields,
  PublicMentionFields,
  SUBMIT_LABELS,
} from "../components/gift/gift-fields";
import { giftFormInit, giftFormSetup } from "../components/gift/gift-form-setup.server";
import { lookUpDonor } from "../components/gift/donor-lookup.server";
import { extraGiftFor } from "../donor/extra-gift.server";
import { formatSek } from "#core/site/format";
import { parseForm } from "../components/form/parse-form";
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

/** The loader's Cache-Control (private once a donor's or a letter's details are filled in) reaches the page's response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const extraFor = await extraGiftFor(context, request, new URL(request.url).searchParams.get("extra"));
  const setup = await giftFormSetup(context, request);
  // A link's amount (?belopp=500, the gala's one-tap amounts) is chosen in the form, before any script runs.
  const chosenAmount = amountChosenByLink(new URL(request.url).searchParams.get("belopp"), setup.limits);
  return data({ ...setup, extraFor, chosenAmount }, giftFormInit(setup));
}

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const formData = await request.formData();
  if (formData.get("intent") === "lookup") {
    const { result, notice, status } = await lookUpDonor(context, formData);
    return data({ result, notice }, { status });
  }
  // From a monthly donor's agreement page: an extra gift, paid now (checked again here, not taken from the form).
  const extra = formData.has("extraFor") ? await extraGiftFor(context, request, String(formData.get("extraFor"))) : null;
  const outcome = await checkout(context, request, {
    submission: parseForm(formData, giftFormSchema(container.giftLimits)),
    form: "/ge-en-gava",
    give: (value, giver) => giveGift(container, value, { ...giver, ...(extra ? { giftType: "extra" as const } : {}) }),
  });
  return outcome.response ?? data({ result: outcome.result, notice: null }, { status: outcome.status });
}

export default function GiftForm({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, defaultDevice, methods, prefill, prefilledFrom, extraFor, chosenAmount } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "gava",
    schema: giftFormSchema(limits),
    // "Hämta namn och adress" needs only the personnummer.
    intents: { lookup: donorLookupSchema },
    lastResult: actionData?.result,
    // A donor logged in with BankID gets name, e-mail, personnummer and address filled in.
    defaultValue: { amount: "250", ...chosenAmount, swishDevice: defaultDevice, paymentMethod: methods[0] ?? "swish", ...prefill, idempotencyKey },
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
      {extraFor ? (
        <>
          <h1>Ge en extra gåva</h1>
          <p className="lead">
            Tack för att du redan ger {formatSek(extraFor.monthlyAmountOre)} i månaden! En extra gåva betalar du nu, med Swish, kort,
            faktura eller direkt från din bank. Din månadsgåva fortsätter som vanligt.
          </p>
        </>
      ) : (
        <>
          <h1>Ge en gåva</h1>
          <p className="lead">
            Din gåva går direkt till forskning om hjärt- och lungsjukdomar. Välj belopp, fyll i dina uppgifter och välj hur
            du vill betala: Swish, kort, faktura eller direkt från din bank.
          </p>
          <p>
            Vill du ge varje månad, till minne av någon eller som en present? <a href="#andra-satt-att-ge">Se alla sätt att ge</a>.
          </p>
        </>
      )}
      {prefilledFrom === "letter" && (
        // Opened from the link on a letter (/brev/…): the letter's name and address are in the form.
        <div className="info-box" role="note">
          <p>
            Välkommen! Vi har fyllt i ditt namn från brevet vi skickade dig, och din adress om du vill betala med faktura. Se gärna
            efter att allt stämmer – du kan ändra det som behövs.
          </p>
        </div>
      )}
      <ErrorSummary {...summary} />
      <Form method="post" className="form gift-form" {...formProps}>
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />
        {extraFor && <input type="hidden" name="extraFor" value={extraFor.agreementId} />}

        <AmountFields fields={fields} limits={limits} />
        <DonorFields fields={fields} />
        <DonorLookupButton notice={lookupNotice} />

        <PaymentFields fields={fields} methods={methods} defaultDevice={defaultDevice} method={method} onMethodChange={setMethod} />
        {!extraFor && <PublicMentionFields fields={fields} />}

        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting}>
            {submitting ? "Skickar…" : SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt"}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
      {!extraFor && <OtherWaysToGive />}
    </article>
  );
}

/** /ge-en-gava is where donors look for every kind of gift (/satt-att-ge sends them here): each has its own form. */
const OTHER_WAYS: { to: string; label: string; what: string }[] = [
  { to: "/ge-en-gava/manadsgava", label: "Månadsgåva", what: "ett fast belopp varje månad, via autogiro eller kort" },
  { to: "/ge-en-gava/minnesgava", label: "Minnesgåva", what: "till minne av någon, med ett minnesblad till de anhöriga" },
  { to: "/minnesinsamling", label: "Minnesinsamling", what: "samla in gåvor till minne av en närstående" },
  { to: "/ge-en-gava/gratulationskort", label: "Gratulationskort", what: "en gåva som ett kort via e-post, till exempel på en födelsedag" },
  { to: "/ge-en-gava/gavokort", label: "Gåvokort", what: "ett kort som PDF att skriva ut eller skicka vidare" },
  { to: "/ge-en-gava/gavobevis", label: "Gåvobevis", what: "visar att en gåva har getts i någons namn" },
  { to: "/ge-en-gava/diplom", label: "Diplom", what: "hedra en person, en förening eller ett företag" },
  { to: "/bli-medlem", label: "Medlemskap", what: "bli medlem eller ge ett medlemskap i present" },
  { to: "/bestall-blankett", label: "Blankett på papper", what: "vi skickar en blankett med posten" },
];

function OtherWaysToGive() {
  return (
    <nav className="other-ways" aria-labelledby="andra-satt-att-ge">
      <h2 id="andra-satt-att-ge">Andra sätt att ge</h2>
      <ul className="link-list">
        {OTHER_WAYS.map((way) => (
          <li key={way.to}>
            <Link to={way.to}>{way.label}</Link> – {way.what}
          </li>
        ))}
      </ul>
    </nav>
  );
}
