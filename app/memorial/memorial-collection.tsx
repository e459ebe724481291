import { useState } from "react";
import { Form, Link, data, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/memorial-collection";
import { containerContext } from "../context";
import { checkout } from "../giving/checkout.server";
import { assertSameOrigin } from "../donor/donor-session.server";
import type { GiftPaymentMethod } from "#core/gifts/gift-form";
import { collectionGiftSchema } from "#core/memorial/collection-forms";
import { isSlug } from "#core/memorial/collection-slug";
import { collectionGiftFacts, findCollectionWithMemorial, giveCollectionGift } from "#core/memorial/collection-service";
import { FundraiserClosedError } from "#core/fundraisers/fundraiser-errors";
import { publicCollectionView } from "#core/memorial/collection-privacy";
import { GREETING_MAX_CHARACTERS } from "#core/memorial/sheet-designs";
import { formatSek } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, TextAreaField, TextField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { AmountFields, DonorFields, GIFT_FIELD_LABELS, PaymentFields, SUBMIT_LABELS } from "../components/gift/gift-fields";
import { giftFormSetup } from "../components/gift/gift-form-setup.server";
import { CollectionHeading, GreetingText, personFacts } from "./collection-parts";
import "../components/form/form.css";
import "./memorial-gift.css";
import "./memorial-collection.css";

const FIELD_LABELS: Record<string, string> = {
  greeting: "Hälsning",
  signature: "Hälsningar från",
  ...GIFT_FIELD_LABELS,
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

const CLOSED_MESSAGE = "Minnesinsamlingen är avslutad och tar inte emot fler gåvor. Du kan fortfarande ge en minnesgåva med ett eget minnesblad.";

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.person.name;
  return [
    { title: name ? `Minnesinsamling till minne av ${name}` : "Minnesinsamling" },
    // Names of the deceased and of those who gave: for those the family shares the address with, not for search engines.
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * React Router reloads a page's data after an action unless the action failed
 * (4xx); a gift refused because the collection has closed (409) must reload
 * it, so that a visitor who had the page open sees the closed collection – no
 * form, and no greetings the family has hidden since – not the old page.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

async function collectionFor(context: Route.LoaderArgs["context"], slug: string) {
  const container = context.get(containerContext);
  const found = isSlug(slug) ? await findCollectionWithMemorial(container.db, slug) : null;
  if (!found) throw data(null, { status: 404 });
  return { container, ...found };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { container, collection, memorial } = await collectionFor(context, params.slug);
  const view = publicCollectionView(
    { status: collection.status, showGreetings: collection.show_greetings === 1, showTotal: collection.show_total === 1 },
    await collectionGiftFacts(container.db, collection.id),
  );
  return {
    ...(await giftFormSetup(context, request)),
    collection: {
      slug: collection.slug,
      design: collection.design,
      message: collection.message,
      organiserName: collection.organiser_name,
      showGreetings: collection.show_greetings === 1,
    },
    person: personFacts(memorial),
    view,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { container, collection, memorial } = await collectionFor(context, params.slug);
  const submission = parseForm(await request.formData(), collectionGiftSchema(container.giftLimits));
  const fail = (result: FormResult, status: number) => data({ result }, { status });
  if (collection.status !== "open") return fail(submission.reply({ formErrors: [CLOSED_MESSAGE] }), 409);
  const outcome = await checkout(context, request, {
    submission,
    form: "/minnesinsamling/:slug",
    give: (value, giver) => giveCollectionGift(container, { collection, memorial }, value, giver),
    // Closed while the page was open: the refusal, and the page shows the closed state (shouldRevalidate).
    refuse: (error) => (error instanceof FundraiserClosedError ? { status: 409, formErrors: [CLOSED_MESSAGE] } : undefined),
  });
  return outcome.response ?? fail(outcome.result, outcome.status);
}

export default function MemorialCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, defaultDevice, methods, prefill, collection, person, view } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "insamlingsgava",
    schema: collectionGiftSchema(limits),
    lastResult: actionData?.result,
    defaultValue: { amount: "250", swishDevice: defaultDevice, paymentMethod: methods[0] ?? "swish", ...prefill, idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");
  const [greetingLength, setGreetingLength] = useState([...(fields.greeting.initialValue ?? "")].length);

  return (
    <article className="page page--narrow memorial-page collection-page">
      <CollectionHeading person={person} design={collection.design} />
      {collection.message && (
        <blockquote className="collection-message">
          <p>{collection.message}</p>
          <footer>{collection.organiserName}</footer>
        </blockquote>
      )}
      {view.total && view.total.gifts > 0 && (
        <p className="collection-total">
          <strong>{formatSek(view.total.amountOre)}</strong> har samlats in från {view.total.gifts === 1 ? "en givare" : `${view.total.gifts} givare`} till
          hjärt- och lungforskningen.
        </p>
      )}

      {view.open ? (
        <section aria-labelledby="ge-gava" className="collection-give">
          <h2 id="ge-gava">Ge en minnesgåva</h2>
          <p>
            Din gåva går till forskning om hjärt- och lungsjukdomar. Din hälsning hamnar på ett minnesblad som familjen får
            tillsammans med de andra när insamlingen avslutas.
          </p>
          <ErrorSummary {...summary} />
          <Form method="post" className="form gift-form memorial-form" {...formProps}>
            <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />
            <TextAreaField
              field={fields.greeting}
              label="Din hälsning (frivilligt)"
              rows={4}
              hint={
                <>
                  Ett minne eller en tanke till familjen.{" "}
                  <span className={greetingLength > GREETING_MAX_CHARACTERS ? "count count--over" : "count"}>
                    {greetingLength} av {GREETING_MAX_CHARACTERS} tecken
                  </span>
                </>
              }
              onInput={(e) => setGreetingLength([...e.currentTarget.value].length)}
            />
            <TextField field={fields.signature} label="Hälsningar från" hint="Ditt eller era namn, så som de ska stå på minnesbladet." autoComplete="name" />
            {collection.showGreetings ? (
              <CheckboxField field={fields.showOnPage} label="Visa min hälsning och mitt namn på den här sidan" />
            ) : (
              <p className="field__hint">Familjen har valt att hälsningarna bara finns på minnesbladen, inte på sidan.</p>
            )}
            <CheckboxField field={fields.showAmount} label="Visa beloppet på minnesbladet och vid min hälsning" />
            <AmountFields fields={fields} limits={limits} legend="Din gåva" />
            <DonorFields fields={fields} />
            <PaymentFields fields={fields} methods={methods} defaultDevice={defaultDevice} method={method} onMethodChange={(m: GiftPaymentMethod) => setMethod(m)} />
            <p>
              <button type="submit" className="button button--primary button--large" disabled={submitting}>
                {submitting ? "Skickar…" : (SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt")}
              </button>
            </p>
            <p className="field__hint">
              Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>. Beloppet syns
              bara om du väljer det.
            </p>
          </Form>
        </section>
      ) : (
        <section className="collection-closed" aria-labelledby="avslutad">
          <h2 id="avslutad">Insamlingen är avslutad</h2>
          <p>Tack till alla som har hedrat minnet med en gåva. Familjen får alla hälsningar samlade.</p>
          {actionData?.result && <p role="alert">{CLOSED_MESSAGE}</p>}
          <p>
            <Link to="/ge-en-gava/minnesgava">Ge en minnesgåva</Link> med ett eget minnesblad.
          </p>
        </section>
      )}

      {view.greetings.length > 0 && (
        <section aria-labelledby="halsningar" className="collection-greetings">
          <h2 id="halsningar">Hälsningar</h2>
          <ul>
            {view.greetings.map((g) => (
              <li key={g.giftId}>
                <GreetingText greeting={g.greeting} name={g.name} amountOre={g.amountOre} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
