import { useEffect, useRef } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/postal-form";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp } from "../donor/donor-session.server";
import { FORM_NOT_SENT } from "../giving/checkout.server";
import { POSTAL_FORM_LABELS, type PostalFormKind } from "#core/postal-forms/postal-form-kinds";
import { postalFormThing } from "#core/postal-forms/postal-form-letter";
import { postalFormPageRequest, postalFormPageSchema } from "#core/postal-forms/postal-form-schema";
import { orderPostalForm, POSTAL_FORMS_LIMITED_MESSAGES, PostalFormsLimitedError } from "#core/postal-forms/postal-form-service";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { formatDateLong } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { AddressFields } from "../components/form/address-fields";
import { FieldError, TextField } from "../components/form/field";
import { groupProps } from "../components/gift/gift-fields";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";
import "./postal-form.css";

/**
 * /bestall-blankett: a paper form by post, for those who would rather fill in
 * paper than a web page (decision 0023). The same schema, service and limits
 * as POST /api/PostalForm – per visitor (`postalFormLimiter`) and per postal
 * address (in the database) – and, like every form on the site, it works
 * without JavaScript (decision 0011). A refused order stores nothing. The
 * answer is a confirmation in place of the form: what is coming, to which
 * address, by which day. (No thank-you page by reference: a form's
 * reference opens nothing, so it must not show a name and address.)
 */

/** The three forms in the order people are offered them, with a word for links (`?blankett=medlemskap`) and one line each. */
const CHOICES: ReadonlyArray<{ kind: PostalFormKind; slug: string; explanation: string }> = [
  { kind: "autogiro_mandate", slug: "autogiro", explanation: "För att ge en gåva varje månad. Du fyller i ditt bankkonto, skriver under och skickar tillbaka den." },
  { kind: "membership", slug: "medlemskap", explanation: "För att bli medlem i ett år. Du fyller i den och skickar tillbaka den till oss." },
  { kind: "payin_slips", slug: "inbetalningskort", explanation: "För att ge en gåva när du vill – på banken eller i internetbanken." },
];

/** The summary's names for the fields, in the order they appear on the page. */
const FIELD_LABELS: Record<string, string> = {
  kind: "Blankett",
  name: "Namn",
  street: "Gatuadress",
  postalCode: "Postnummer",
  city: "Ort",
  email: "E-post",
  form: "Formuläret",
};

/** An answer that shows a person's name and address is never kept by a cache. */
const NO_STORE = { "Cache-Control": "no-store" } as const;

export function meta() {
  return [
    { title: "Beställ en blankett på papper" },
    {
      name: "description",
      content: "Vill du hellre fylla i papper? Beställ en autogiroblankett, en blankett för medlemskap eller inbetalningskort, så skickar vi den med posten. Det kostar ingenting.",
    },
  ];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return new Headers([...loaderHeaders, ...actionHeaders]);
}

export function loader({ request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const wanted = new URL(request.url).searchParams.get("blankett");
  return {
    preselected: CHOICES.find((c) => c.slug === wanted)?.kind ?? null,
    phone: container.site.phone,
    email: container.site.email,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Ordering costs postage and fills someone's letterbox: never on another site's behalf.
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const submission = parseForm(await request.formData(), postalFormPageSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), ordered: null }, { status: 400, headers: NO_STORE });
  const { request: order, isBot } = postalFormPageRequest(submission.value);
  if (isBot) {
    container.logger.warn({ path: "/bestall-blankett" }, "postal form honeypot was filled in");
    return data({ result: submission.reply({ formErrors: [FORM_NOT_SENT] }), ordered: null }, { status: 400, headers: NO_STORE });
  }
  try {
    const deps = { db: container.db, clock: container.clock, perVisitor: container.postalFormLimiter, recipientMail: container.recipientMail };
    const { form, created } = await orderPostalForm(deps, clientIp(context), order);
    return data(
      {
        result: null,
        ordered: {
          reference: form.reference,
          kind: form.kind,
          // The address as typed now. A repeat is answered with the waiting request's reference and day – never with what
          // its first sender gave (their e-mail address): the answer says no more than the API's (decision 0023).
          name: order.name,
          street: order.street,
          postalCode: order.postalCode,
          city: order.city,
          // A confirmation goes only to the address given with a new request.
          email: created ? form.email : null,
          expectedBy: form.expected_by,
          // False when the same form to the same name and address was already waiting: that one is coming.
          created,
        },
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (error instanceof RecipientMailLimitedError) {
      return data({ result: submission.reply({ fieldErrors: { email: [RECIPIENT_MAIL_LIMITED_MESSAGE] } }), ordered: null }, { status: 429, headers: NO_STORE });
    }
    if (!(error instanceof PostalFormsLimitedError)) throw error;
    const retryAfter = error.by === "visitor" ? await container.postalFormLimiter.secondsLeft(clientIp(context)) : (error.retryAfterSeconds ?? 86_400);
    return data(
      { result: submission.reply({ formErrors: [POSTAL_FORMS_LIMITED_MESSAGES[error.by]] }), ordered: null },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(retryAfter) } },
    );
  }
}

type Ordered = NonNullable<Route.ComponentProps["actionData"]>["ordered"];

export default function PostalForm({ loaderData, actionData }: Route.ComponentProps) {
  const { phone, email } = loaderData;
  if (actionData?.ordered) return <Confirmation ordered={actionData.ordered} phone={phone} siteEmail={email} />;
  return <OrderForm {...loaderData} lastResult={actionData?.result ?? null} />;
}

function OrderForm({
  preselected,
  phone,
  lastResult,
}: {
  preselected: PostalFormKind | null;
  phone: string;
  lastResult: NonNullable<Route.ComponentProps["actionData"]>["result"];
}) {
  const { fields, formProps, summary } = useSiteForm({
    id: "blankett",
    schema: postalFormPageSchema,
    lastResult,
    defaultValue: { kind: preselected ?? undefined },
    labels: FIELD_LABELS,
  });
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const chosen = fields.kind.initialValue;

  return (
    <article className="page page--narrow postal-page">
      <EnvelopeArt />
      <h1>Beställ en blankett på papper</h1>
      <p className="lead">
        Vill du hellre fylla i en blankett än ett formulär på nätet? Välj vilken du vill ha och skriv vart vi ska skicka den, så kommer
        den med posten inom några dagar. Det kostar ingenting.
      </p>

      <ErrorSummary {...summary} />
      <Form method="post" className="form postal-form" {...formProps}>
        <fieldset {...groupProps(fields.kind, "postal-choices")}>
          <legend className="postal-legend">Vilken blankett vill du ha?</legend>
          <FieldError field={fields.kind} />
          {CHOICES.map(({ kind, explanation }) => {
            const id = `${fields.kind.id}-${kind}`;
            return (
              <div className="postal-choice" key={kind}>
                <input type="radio" id={id} name={fields.kind.name} value={kind} defaultChecked={chosen === kind} aria-describedby={`${id}-hint`} />
                <label htmlFor={id}>{POSTAL_FORM_LABELS[kind]}</label>
                <p className="field__hint" id={`${id}-hint`}>
                  {explanation}
                </p>
              </div>
            );
          })}
        </fieldset>

        <fieldset className="fieldset">
          <legend className="postal-legend">Vart ska vi skicka den?</legend>
          <p className="field__hint">Skriv namnet och adressen som de ska stå på kuvertet.</p>
          <TextField field={fields.name} label="Namn" autoComplete="name" />
          <AddressFields fields={fields} />
        </fieldset>

        <TextField
          field={fields.email}
          label="E-post (frivilligt)"
          type="email"
          autoComplete="email"
          hint="Skriv din e-post om du vill ha en bekräftelse på beställningen. Vi använder den inte till något annat."
        />

        <div className="honeypot" aria-hidden="true">
          <label htmlFor={fields.website.id}>Lämna det här fältet tomt</label>
          <input type="text" id={fields.website.id} name={fields.website.name} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting}>
            {submitting ? "Skickar…" : "Beställ blanketten"}
          </button>
        </p>
        <p className="field__hint">
          Vi använder namnet och adressen bara för att skicka det du beställer. Läs mer i vår{" "}
          <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>

      <div className="postal-help" role="note">
        <h2>Hellre ringa?</h2>
        <p>
          Ring oss på <a href={telHref(phone)}>{phone}</a>, så skickar vi blanketten åt dig. Vill du hellre ge direkt på nätet? Gå till{" "}
          <Link to="/ge-en-gava">Ge en gåva</Link>, <Link to="/ge-en-gava/manadsgava">Bli månadsgivare</Link> eller{" "}
          <Link to="/bli-medlem">Bli medlem</Link>.
        </p>
      </div>
    </article>
  );
}

function Confirmation({ ordered, phone, siteEmail }: { ordered: NonNullable<Ordered>; phone: string; siteEmail: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // In place of the form (with JavaScript): the heading takes focus, so a screen reader starts here.
  useEffect(() => heading.current?.focus(), []);
  const { thing, plural } = postalFormThing(ordered.kind);
  const [It, it] = plural ? ["De", "dem"] : ["Den", "den"];
  return (
    <article className="page page--narrow postal-page postal-confirmation">
      <EnvelopeArt />
      <h1 ref={heading} tabIndex={-1}>
        {ordered.created ? "Tack för din beställning!" : "Din beställning är redan på väg"}
      </h1>
      <p className="lead">
        {ordered.created
          ? `Vi har tagit emot din beställning och skickar ${thing} med posten till:`
          : `Du har redan beställt ${thing} till den här adressen, och vi har inte glömt ${it}. Vi skickar ${it} med posten till:`}
      </p>
      <address className="postal-address">
        {ordered.name}
        <br />
        {ordered.street}
        <br />
        {ordered.postalCode} {ordered.city}
      </address>
      <p className="postal-when">
        {It} bör vara framme senast <strong>{formatDateLong(ordered.expectedBy)}</strong>.
      </p>
      {ordered.email && <p>Vi skickar också en bekräftelse till {ordered.email}.</p>}
      <p>
        Din referens är <strong className="postal-reference">{ordered.reference}</strong>. Nämn den gärna om du kontaktar oss.
      </p>

      <div className="postal-help" role="note">
        <h2>Frågor, eller har ingenting kommit?</h2>
        <p>
          Ring oss på <a href={telHref(phone)}>{phone}</a> eller skriv till <a href={`mailto:${siteEmail}`}>{siteEmail}</a>, så hjälper vi
          dig. Hör också av dig om något blev fel i adressen.
        </p>
      </div>

      <ul className="postal-next">
        <li>
          <Link to="/bestall-blankett">Beställ en blankett till</Link>
        </li>
        <li>
          <Link to="/satt-att-ge">Fler sätt att ge</Link>
        </li>
        <li>
          <Link to="/">Till startsidan</Link>
        </li>
      </ul>
    </article>
  );
}

/** "010-123 45 67" as a number a phone can call. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** An envelope with a heart for a stamp: decoration, so it says nothing to a screen reader. */
function EnvelopeArt() {
  return (
    <svg className="postal-art" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
      <rect x="4" y="8" width="136" height="84" rx="8" fill="var(--colour-surface, #f6f1ee)" stroke="var(--colour-accent, #1d4f73)" strokeWidth="3" />
      <path d="M8 14 L72 58 L136 14" fill="none" stroke="var(--colour-accent, #1d4f73)" strokeWidth="3" strokeLinejoin="round" />
      <rect x="104" y="50" width="26" height="32" rx="3" fill="#ffffff" stroke="var(--colour-primary, #a3112e)" strokeWidth="2" strokeDasharray="3 2" />
      <path d="M117 75 C108 69 107 62 110.5 59.5 C113.5 57.5 116 58.5 117 62 C118 58.5 120.5 57.5 123.5 59.5 C127 62 126 69 117 75Z" fill="var(--colour-primary, #a3112e)" />
      <path d="M20 74 H70 M20 82 H56" stroke="var(--colour-accent, #1d4f73)" strokeWidth="3" strokeLinecap="round" opacity="0.5" />
      <circle cx="150" cy="20" r="5" fill="var(--colour-primary, #a3112e)" opacity="0.35" />
      <circle cx="154" cy="40" r="3" fill="var(--colour-primary, #a3112e)" opacity="0.25" />
    </svg>
  );
}
