import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/membership";
import { containerContext } from "../context";
import { FORM_NOT_SENT, startGiftPayment } from "../giving/start-gift-payment.server";
import type { GiftPaymentMethod } from "#core/gifts/gift-form";
import { MEMBERSHIP_GREETING_MAX_CHARACTERS, membershipFormSchema } from "#core/membership/membership-form";
import {
  UNKNOWN_RENEWAL_MESSAGE,
  UnknownRenewalError,
  findMemberByReference,
  findMemberOfDonor,
  giveMembership,
  type MemberRow,
} from "#core/membership/membership-service";
import { addDays, swedishDate } from "#core/calendar/swedish-calendar";
import { formatDateLong, formatNumber } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { AddressFields } from "../components/form/address-fields";
import { TextAreaField, TextField, FieldError } from "../components/form/field";
import { GIFT_FIELD_LABELS, PaymentFields, SUBMIT_LABELS, groupProps } from "../components/gift/gift-fields";
import { PREFILLED_PAGE_HEADERS, giftFormSetup } from "../components/gift/gift-form-setup.server";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";
import { RENEWAL_INTENTS, renewalChoice, startRenewal } from "./membership-renewal.server";
import "./membership.css";

/** The summary's names for the fields, in the order they appear on the page. */
const FIELD_LABELS: Record<string, string> = {
  forWhom: "Vem medlemskapet gäller",
  recipientName: "Mottagarens namn",
  recipientEmail: "Mottagarens e-post",
  recipientStreet: "Mottagarens gatuadress",
  recipientPostalCode: "Mottagarens postnummer",
  recipientCity: "Mottagarens ort",
  greeting: "Hälsning",
  name: GIFT_FIELD_LABELS.name ?? "Namn",
  email: GIFT_FIELD_LABELS.email ?? "E-post",
  street: "Din gatuadress",
  postalCode: "Ditt postnummer",
  city: "Din ort",
  paymentMethod: "Betalsätt",
  swishDevice: "Swish",
  swishPhone: "Mobilnummer",
  idempotencyKey: "Formuläret",
  renewal: "Förnyelsen",
  form: "Formuläret",
};

export function meta() {
  return [
    { title: "Bli medlem – var med i arbetet mot hjärt- och lungsjukdomar" },
    {
      name: "description",
      content: "Bli medlem för ett år, eller ge ett medlemskap i present. Betala med Swish, kort, faktura eller direkt från din bank och få ditt medlemskort direkt.",
    },
  ];
}

/** What the page says about a membership that is being renewed or that a logged-in donor already has. */
function currentMembership(member: MemberRow, today: string) {
  const active = member.paid_until >= today;
  return {
    memberNumber: member.member_number,
    name: member.name,
    paidUntil: member.paid_until,
    active,
    // A fee paid while the year runs adds the next year; a lapsed membership starts again today.
    nextYearFrom: active ? addDays(member.paid_until, 1) : today,
  };
}

/** The loader's Cache-Control (a renewal link's page, or one with a donor's details filled in, is never stored) reaches the page's response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const setup = await giftFormSetup(context, request);
  const today = swedishDate(container.clock.now());
  const renewalReference = new URL(request.url).searchParams.get("fornya");
  const renewing = renewalReference ? await findMemberByReference(container.db, renewalReference) : undefined;
  const session = renewing ? null : await container.donors.sessions.current(request.headers.get("cookie"));
  const own = session ? await findMemberOfDonor(container.db, session.donor.id) : undefined;
  const member = renewing ?? own;
  return data(
    {
      ...setup,
      feeKr: container.membershipFeeKr,
      renewal: renewing ? { reference: renewing.reference, ...currentMembership(renewing, today) } : null,
      renewalNotFound: Boolean(renewalReference) && !renewing,
      ownMembership: !renewing && own ? currentMembership(own, today) : null,
      // A logged-in member may have the membership renewed every year by card or autogiro (decision 0028).
      automaticRenewal: !renewing && own && session ? await renewalChoice(context, session.donor.id) : null,
      // The renewal link fills in the member's own details, as we have them.
      prefill: member
        ? { ...setup.prefill, name: member.name, email: member.email ?? setup.prefill?.email ?? "", street: member.street, postalCode: member.postal_code, city: member.city }
        : setup.prefill,
    },
    // A renewal link shows the member's name and address, a logged-in donor's or a letter's details are filled in: never kept by a cache.
    renewalReference || setup.prefill ? { headers: PREFILLED_PAGE_HEADERS } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const formData = await request.formData();
  if ((RENEWAL_INTENTS as readonly string[]).includes(String(formData.get("intent")))) {
    const started = await startRenewal(context, request, formData);
    if (started instanceof Response) return started;
    return data({ result: undefined, renewalProblem: started.renewalProblem }, { status: 400 });
  }
  const submission = parseForm(formData, membershipFormSchema(container.membershipFeeKr));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (submission.value.gift.isBot) {
    container.logger.warn({ path: "/bli-medlem" }, "membership form honeypot was filled in");
    return data({ result: submission.reply({ formErrors: [FORM_NOT_SENT] }) }, { status: 400 });
  }
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  try {
    const started = await startGiftPayment(() => giveMembership(container, submission.value, { donorId: session?.donor.id ?? null }));
    return started.redirect ?? data({ result: submission.reply({ formErrors: [started.refusal], fieldErrors: started.fieldErrors }) }, { status: 429 });
  } catch (error) {
    if (!(error instanceof UnknownRenewalError)) throw error;
    return data({ result: submission.reply({ formErrors: [UNKNOWN_RENEWAL_MESSAGE] }) }, { status: 400 });
  }
}

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  const { feeKr, idempotencyKey, defaultDevice, methods, prefill, renewal, renewalNotFound, ownMembership, automaticRenewal } = loaderData;
  const renewalProblem = actionData && "renewalProblem" in actionData ? actionData.renewalProblem : null;
  const { fields, formProps, summary } = useSiteForm({
    id: "medlem",
    schema: membershipFormSchema(feeKr),
    lastResult: actionData?.result,
    defaultValue: {
      forWhom: "self",
      swishDevice: defaultDevice,
      paymentMethod: methods[0] ?? "swish",
      ...prefill,
      renewal: renewal?.reference ?? "",
      idempotencyKey,
    },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey", "renewal"],
  });
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const fee = `${formatNumber(feeKr)} kr`;

  return (
    <article className="page page--narrow gift-page membership-page">
      {/* A member logged in is not asked to become one (issue #29): the page is about their membership. */}
      <h1>{renewal ? "Förnya ditt medlemskap" : ownMembership ? "Ditt medlemskap" : "Bli medlem"}</h1>
      <p className="lead">
        Som medlem är du med i arbetet mot hjärt- och lungsjukdomar: du får nyheter om forskningen några gånger om året och inbjudningar
        till föreläsningar där forskarna berättar om sitt arbete. Medlemsavgiften är <strong>{fee} för ett år</strong>.
      </p>
      <p className="field__hint">
        Vill du hellre bli medlem med en blankett på papper? <Link to="/bestall-blankett?blankett=medlemskap">Beställ den här</Link>, så skickar vi den
        med posten.
      </p>

      {renewal && (
        <div className="notice" role="note">
          <p>
            <strong>
              Medlemsnummer {renewal.memberNumber}, {renewal.name}.
            </strong>{" "}
            {renewal.active
              ? `Medlemskapet gäller till och med ${formatDateLong(renewal.paidUntil)}. Förnyar du nu gäller det nya året från ${formatDateLong(renewal.nextYearFrom)}, så du förlorar inga dagar.`
              : `Medlemskapet gällde till och med ${formatDateLong(renewal.paidUntil)}. Förnyar du nu gäller det ett år från i dag, med samma medlemsnummer.`}
          </p>
        </div>
      )}
      {renewalNotFound && (
        <div className="notice notice--warning" role="note">
          <p>Vi hittar inte medlemskapet som länken gäller. Fyll i formuläret nedan, eller kontakta oss så hjälper vi dig.</p>
        </div>
      )}
      {ownMembership && (
        <div className="notice" role="note">
          <p>
            {ownMembership.active
              ? `Du är redan medlem (nummer ${ownMembership.memberNumber}) till och med ${formatDateLong(ownMembership.paidUntil)}. Betalar du avgiften för dig själv nu förlängs medlemskapet med ett år från ${formatDateLong(ownMembership.nextYearFrom)}.`
              : `Ditt medlemskap (nummer ${ownMembership.memberNumber}) gällde till och med ${formatDateLong(ownMembership.paidUntil)}. Betalar du avgiften nu gäller det igen, med samma nummer.`}
          </p>
        </div>
      )}
      {automaticRenewal && (
        <section aria-labelledby="automatisk-rubrik" className="automatic-renewal">
          <h2 id="automatisk-rubrik">Förnya automatiskt varje år</h2>
          {renewalProblem && (
            <div className="notice notice--error" role="alert">
              <p>{renewalProblem}</p>
            </div>
          )}
          {automaticRenewal.running ? (
            <p>
              Ditt medlemskap förnyas automatiskt med {automaticRenewal.running.method === "card" ? "kort" : "autogiro"}
              {automaticRenewal.running.nextDebitOn ? `. Nästa avgift dras ${formatDateLong(automaticRenewal.running.nextDebitOn)}` : ""}.{" "}
              <Link to={`/mina-sidor/manadsgava/${automaticRenewal.running.id}`}>Se eller avsluta förnyelsen</Link>.
            </p>
          ) : (
            <>
              <p>
                Slipp påminnelsen: avgiften på {fee} dras en gång om året, och varje betald avgift förlänger medlemskapet med ett år. Du kan
                avsluta när du vill på Mina sidor.
              </p>
              <Form method="post" className="form renewal-choices">
                <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
                <p className="field__hint">Med kort betalar du årets avgift nu hos vår betalpartner, som sparar kortet till nästa år.</p>
                <button type="submit" name="intent" value="renew-card" className="button button--secondary" disabled={submitting}>
                  Förnya med kort
                </button>
                {automaticRenewal.mandateBank ? (
                  <>
                    <p className="field__hint">
                      Med autogiro dras avgiften från samma konto ({automaticRenewal.mandateBank}) som din månadsgåva, strax innan medlemsåret tar
                      slut. Vi meddelar dig datumet i förväg.
                    </p>
                    <button type="submit" name="intent" value="renew-autogiro" className="button button--secondary" disabled={submitting}>
                      Förnya med autogiro
                    </button>
                  </>
                ) : (
                  <p className="field__hint">
                    Vill du hellre använda autogiro? <Link to="/bestall-blankett?blankett=autogiro">Beställ en autogiroblankett</Link>.
                  </p>
                )}
              </Form>
            </>
          )}
        </section>
      )}

      {ownMembership && (
        <h2 id="betala-avgift">{ownMembership.active ? "Betala nästa års avgift nu, eller ge ett medlemskap i present" : "Betala avgiften, eller ge ett medlemskap i present"}</h2>
      )}
      <ErrorSummary {...summary} />
      <Form method="post" className="form gift-form membership-form" {...formProps} aria-labelledby={ownMembership ? "betala-avgift" : undefined}>
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />
        <input type="hidden" name={fields.renewal.name} defaultValue={fields.renewal.initialValue ?? ""} />

        {renewal ? (
          <input type="hidden" name={fields.forWhom.name} value="self" />
        ) : (
          <fieldset {...groupProps(fields.forWhom)}>
            <legend>Vem ska bli medlem?</legend>
            <FieldError field={fields.forWhom} />
            <label className="choice">
              <input type="radio" name={fields.forWhom.name} value="self" defaultChecked={(fields.forWhom.initialValue ?? "self") === "self"} />
              Jag själv
            </label>
            <label className="choice">
              <input type="radio" name={fields.forWhom.name} value="present" defaultChecked={fields.forWhom.initialValue === "present"} />
              Någon annan – jag ger medlemskapet i present
            </label>
          </fieldset>
        )}

        <fieldset className="fieldset for-present">
          <legend>Den som får medlemskapet</legend>
          <p className="field__hint">Medlemmen får våra utskick på den här adressen. Du får medlemskortet att skriva ut och ge bort.</p>
          <TextField field={fields.recipientName} label="Namn" autoComplete="off" />
          <AddressFields fields={{ street: fields.recipientStreet, postalCode: fields.recipientPostalCode, city: fields.recipientCity }} />
          <TextField
            field={fields.recipientEmail}
            label="E-post (frivilligt)"
            type="email"
            autoComplete="off"
            hint="Om du fyller i den får medlemmen själv en påminnelse inför förnyelsen om ett år."
          />
          <TextAreaField
            field={fields.greeting}
            label="Hälsning på medlemskortet (frivilligt)"
            rows={3}
            maxLength={MEMBERSHIP_GREETING_MAX_CHARACTERS}
            hint={`Högst ${MEMBERSHIP_GREETING_MAX_CHARACTERS} tecken.`}
          />
        </fieldset>

        <fieldset className="fieldset">
          <legend>Dina uppgifter</legend>
          <TextField field={fields.name} label="Namn" autoComplete="name" />
          <TextField field={fields.email} label="E-post" type="email" autoComplete="email" hint="Hit skickar vi kvittot och medlemskortet." />
        </fieldset>

        <fieldset className="fieldset">
          <legend>Din adress</legend>
          <p className="field__hint for-self">Som medlem får du våra utskick hit.</p>
          <p className="field__hint for-present">Behövs bara om du betalar med faktura.</p>
          <AddressFields fields={fields} />
        </fieldset>

        <PaymentFields
          fields={fields}
          methods={methods}
          defaultDevice={defaultDevice}
          method={method}
          onMethodChange={setMethod}
          invoiceAddress={false}
        />

        <p className="membership-fee-note">
          Medlemsavgiften räknas inte som en gåva och ger därför ingen skattereduktion. Vill du ha skattereduktion kan du i stället{" "}
          <Link to="/ge-en-gava">ge en gåva</Link> eller <Link to="/ge-en-gava/manadsgava">bli månadsgivare</Link>.
        </p>
        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting}>
            {submitting ? "Skickar…" : `${SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt"} (${fee})`}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>. Läs mer{" "}
          <Link to="/medlemskap">om medlemskapet</Link>.
        </p>
      </Form>
    </article>
  );
}
