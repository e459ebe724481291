import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/company-gift-form";
import { containerContext, freshTokenContext } from "../context";
import { checkout } from "../giving/checkout.server";
import { companyGiftFields, companyGiftSchema, COMPANY_PAYMENT_METHODS, type CompanyPaymentMethod } from "#core/companies/company-gift-form";
import { giveCompanyGift } from "#core/companies/give-company-gift";
import { parseOrganisationsnummer } from "#core/companies/organisationsnummer";
import { formatNumber } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { AddressFields } from "../components/form/address-fields";
import { FieldError, TextField } from "../components/form/field";
import { groupProps, Honeypot } from "../components/gift/gift-fields";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";

/** The summary's names for the fields, in the order they appear on the page. */
const FIELD_LABELS: Record<string, string> = {
  organisationsnummer: "Organisationsnummer",
  companyName: "Företagets namn",
  contactName: "Kontaktperson",
  email: "E-post",
  street: "Gatuadress",
  postalCode: "Postnummer",
  city: "Ort",
  companyReference: "Er referens",
  amount: "Belopp",
  paymentMethod: "Betalsätt",
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

const METHOD_LABELS: Record<CompanyPaymentMethod, string> = {
  invoice: "Faktura (bankgiro, betala inom 30 dagar)",
  card: "Kort (Visa, Mastercard)",
  swish: "Swish (företagets Swish)",
};

const SUBMIT_LABELS: Record<CompanyPaymentMethod, string> = {
  invoice: "Skicka fakturan",
  card: "Fortsätt till kortbetalning",
  swish: "Fortsätt till Swish",
};

/** "Visa företagsform" without JavaScript: only the number is checked, and the page comes back with the legal form. */
const legalFormCheck = z.object({ organisationsnummer: companyGiftFields.organisationsnummer });

export function meta() {
  return [
    { title: "Ge en gåva som företag – stöd forskningen om hjärta och lungor" },
    {
      name: "description",
      content: "Ge en företagsgåva till hjärt- och lungforskningen. Aktiebolag och ekonomiska föreningar kan få skattereduktion för gåvor på minst 2 000 kr.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { companyGiftLimits, paymentSetup } = context.get(containerContext);
  return {
    limits: companyGiftLimits,
    idempotencyKey: context.get(freshTokenContext)(),
    methods: COMPANY_PAYMENT_METHODS.filter((m) => (paymentSetup.methods as readonly string[]).includes(m)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const formData = await request.formData();
  if (formData.get("intent") === "legal-form") {
    const submission = parseForm(formData, legalFormCheck);
    return data({ result: submission.reply() }, { status: submission.status === "success" ? 200 : 400 });
  }
  const outcome = await checkout(context, request, {
    submission: parseForm(formData, companyGiftSchema(container.companyGiftLimits)),
    form: "/foretag/ge-en-gava",
    // The giver is the company, never a logged-in visitor: the session is not passed on.
    give: (value) => giveCompanyGift(container, value),
  });
  return outcome.response ?? data({ result: outcome.result }, { status: outcome.status });
}

export default function CompanyGiftForm({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, methods } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "foretagsgava",
    schema: companyGiftSchema(limits),
    intents: { "legal-form": legalFormCheck },
    lastResult: actionData?.result,
    defaultValue: { amount: "", paymentMethod: methods[0] ?? "invoice", idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const [orgNumber, setOrgNumber] = useState<string>((fields.organisationsnummer.initialValue as string | undefined) ?? "");
  const [method, setMethod] = useState<string>((fields.paymentMethod.initialValue as string | undefined) ?? methods[0] ?? "invoice");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const minimum = `${formatNumber(limits.minKr)} kr`;

  return (
    <article className="page page--narrow gift-page">
      <h1>Ge en gåva som företag</h1>
      <p className="lead">
        Tack för att ert företag vill stödja forskningen om hjärt- och lungsjukdomar. Fyll i företagets uppgifter och välj hur ni vill
        betala: med faktura, kort eller Swish.
      </p>
      <div className="info-box" role="note">
        <p>
          <strong>Skattereduktion för företag gäller gåvor på minst 2 000 kr.</strong> Sedan 2026 kan aktiebolag och ekonomiska föreningar få
          tillbaka 20,6 procent av gåvan på skatten, för gåvor upp till 800 000 kr per år. Vi lämnar en kontrolluppgift till Skatteverket och
          ni begär skattereduktionen i företagets inkomstdeklaration. <Link to="/foretag">Läs mer om företagsgåvor</Link>.
        </p>
      </div>
      <ErrorSummary {...summary} />
      <Form method="post" className="form gift-form" {...formProps}>
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />

        <TextField
          field={fields.organisationsnummer}
          label="Organisationsnummer"
          inputMode="numeric"
          autoComplete="off"
          hint="Tio siffror, till exempel 556677-8899."
          onInput={(event) => setOrgNumber(event.currentTarget.value)}
        />
        <LegalForm orgNumber={orgNumber} />

        <TextField field={fields.companyName} label="Företagets namn" autoComplete="organization" />
        <TextField field={fields.contactName} label="Kontaktperson" autoComplete="name" />
        <TextField field={fields.email} label="E-post" type="email" autoComplete="email" hint="Hit skickar vi fakturan och kvittot." />
        <AddressFields fields={fields} />
        <TextField field={fields.companyReference} label="Er referens (frivilligt)" hint="Till exempel ett inköpsnummer eller namnet på den som attesterar. Den står på fakturan." />

        <TextField
          field={fields.amount}
          label="Belopp (kronor)"
          inputMode="numeric"
          autoComplete="off"
          hint={`Minst ${minimum}. Skattereduktionen gäller varje gåva på minst 2 000 kr.`}
        />

        <fieldset {...groupProps(fields.paymentMethod)}>
          <legend>Hur vill ni betala?</legend>
          <FieldError field={fields.paymentMethod} />
          {methods.map((m) => (
            <label className="choice" key={m}>
              <input type="radio" name={fields.paymentMethod.name} value={m} checked={method === m} onChange={() => setMethod(m)} />
              {METHOD_LABELS[m]}
            </label>
          ))}
        </fieldset>

        <Honeypot field={fields.website} />

        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting}>
            {submitting ? "Skickar…" : (SUBMIT_LABELS[method as CompanyPaymentMethod] ?? "Fortsätt")}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar kontaktpersonens uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}

/**
 * What the number's first digit says about the company's legal form, as soon
 * as it is a valid number (typed, or sent back by the server without
 * JavaScript), for the company to confirm; a button asks the server when
 * scripts are off.
 */
function LegalForm({ orgNumber }: { orgNumber: string }) {
  const parsed = parseOrganisationsnummer(orgNumber);
  return (
    <div className="field" aria-live="polite">
      {parsed ? (
        <p className="field__hint">
          Företagsform enligt numret: <strong>{parsed.legalForm}</strong>.{" "}
          {parsed.taxReductionForm
            ? "Stämmer det kan gåvan ge skattereduktion."
            : "Den företagsformen får ingen skattereduktion för gåvor, men gåvan gör lika stor nytta."}
        </p>
      ) : (
        <noscript>
          <button type="submit" name="intent" value="legal-form" className="button button--secondary" formNoValidate>
            Visa företagsform
          </button>
        </noscript>
      )}
    </div>
  );
}
