import { useDocumentPreview } from "../components/preview/use-document-preview";
import { PreviewNotes } from "../components/preview/preview-notes";
import { useEffect, useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/greeting-card";
import { clientIpContext, containerContext } from "../context";
import { FORM_NOT_SENT, TOO_MANY_ORDERS, startGiftPayment } from "../giving/start-gift-payment.server";
import { donorLookupSchema, type GiftPaymentMethod } from "#core/gifts/gift-form";
import { giveGreetingCard } from "#core/cards/greeting-card-order";
import { catalogueChoices, greetingCardFormSchema, latestSendDate, type CardChoices } from "#core/cards/greeting-card-form";
import { CARD_GREETING_MAX_CHARACTERS } from "#core/cards/card-design";
import type { GreetingCardPreview } from "#core/cards/greeting-card-document";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { ErrorSummary } from "../components/form/error-summary";
import { FieldError, TextAreaField, TextField } from "../components/form/field";
import { parseForm, replyWithValues } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { AmountFields, DonorFields, DonorLookupButton, GIFT_FIELD_LABELS, PaymentFields, SUBMIT_LABELS, groupProps } from "../components/gift/gift-fields";
import { giftFormInit, giftFormSetup } from "../components/gift/gift-form-setup.server";
import { lookUpDonor } from "../components/gift/donor-lookup.server";
import { useApiCall } from "../client/client-shell-context";
import { greetingCardPreviewImageUrl, previewGreetingCard } from "./preview-card";
import { CardPicker, pickerGroups } from "./card-picker";
import "../components/form/form.css";
import "./greeting-card.css";

/**
 * The digital greeting card (/ge-en-gava/gratulationskort): pick a card
 * (grouped by occasion, the season's first), write the greeting, say to whom
 * and when it goes, then the gift's shared amount, donor and payment fields.
 * A live preview 400 ms after typing; without JavaScript a "Förhandsgranska"
 * button re-renders the page with the preview image. Works without JavaScript.
 */
export function meta() {
  return [
    { title: "Skicka ett digitalt gratulationskort – en gåva i någons namn" },
    { name: "description", content: "Välj ett kort, skriv en hälsning och skicka det med e-post i dag eller på den stora dagen – med en gåva till hjärt- och lungforskningen." },
  ];
}

/** The loader's Cache-Control (private once a donor's or a letter's details are filled in) reaches the page's response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const now = container.clock.now();
  const today = swedishDate(now);
  const groups = pickerGroups(container.cards.groupsOnSale(today));
  const wanted = new URL(request.url).searchParams.get("kort");
  const preselected = groups.flatMap((g) => g.cards).find((c) => c.code === wanted)?.code ?? null;
  const setup = await giftFormSetup(context, request);
  return data({ ...setup, groups, preselected, now: now.toISOString(), today, latest: latestSendDate(now) }, giftFormInit(setup));
}

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "lookup") {
    const { result, notice, status } = await lookUpDonor(context, formData);
    return data({ result, notice, preview: false }, { status });
  }
  const submission = parseForm(formData, greetingCardFormSchema(catalogueChoices(container.cards), container.giftLimits, container.clock.now()));
  // "Förhandsgranska" without JavaScript: the page again with everything kept and the preview image.
  if (intent === "preview") return data({ result: replyWithValues(submission, {}), notice: null, preview: true });
  if (submission.status !== "success") return data({ result: submission.reply(), notice: null, preview: false }, { status: 400 });
  if (submission.value.gift.isBot) {
    container.logger.warn({ path: "/ge-en-gava/gratulationskort" }, "greeting card form honeypot was filled in");
    return data({ result: submission.reply({ formErrors: [FORM_NOT_SENT] }), notice: null, preview: false }, { status: 400 });
  }
  // Sending starts a payment and an e-mail: the same per-address limit as the other gift orders.
  if (!(await container.giftDocumentLimiter.hit(context.get(clientIpContext) || "unknown"))) {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_ORDERS] }), notice: null, preview: false },
      { status: 429 },
    );
  }
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  const started = await startGiftPayment(() => giveGreetingCard(container, submission.value, { donorId: session?.donor.id ?? null }));
  return started.redirect ?? data({ result: submission.reply({ formErrors: [started.refusal], fieldErrors: started.fieldErrors }), notice: null, preview: false }, { status: 429 });
}

const FIELD_LABELS: Record<string, string> = {
  cardCode: "Kort",
  greeting: "Hälsning",
  recipientName: "Mottagarens namn",
  recipientEmail: "Mottagarens e-post",
  giverName: "Från",
  sendWhen: "När kortet skickas",
  deliveryDate: "Datum",
  ...GIFT_FIELD_LABELS,
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

export default function GreetingCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, preselected, limits, idempotencyKey, defaultDevice, methods, prefill, now, today, latest } = loaderData;
  const firstCard = groups[0]?.cards[0];
  // In the browser the form knows the cards the page offers; the server checks the catalogue again.
  const offered = new Set(groups.flatMap((g) => g.cards.map((c) => c.code)));
  const choices: CardChoices = { has: (code) => offered.has(code), onSale: () => true };
  const { fields, formProps, summary } = useSiteForm({
    id: "gratulationskort",
    schema: greetingCardFormSchema(choices, limits, new Date(now)),
    intents: { lookup: donorLookupSchema },
    lastResult: actionData?.result,
    defaultValue: {
      amount: "250",
      swishDevice: defaultDevice,
      paymentMethod: methods[0] ?? "swish",
      cardCode: preselected ?? firstCard?.code ?? "",
      // The chosen card's own greeting to start from; the donor changes it as they like.
      greeting: groups.flatMap((g) => g.cards).find((c) => c.code === (preselected ?? firstCard?.code))?.greeting ?? "",
      sendWhen: "now",
      ...prefill,
      idempotencyKey,
    },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");
  const initialCode = (fields.cardCode.initialValue as string | undefined) ?? firstCard?.code ?? "";
  const [card, setCard] = useState<GreetingCardPreview>({
    cardCode: initialCode,
    greeting: (fields.greeting.initialValue as string | undefined) ?? "",
    recipientName: (fields.recipientName.initialValue as string | undefined) ?? "",
    giverName: (fields.giverName.initialValue as string | undefined) ?? "",
  });
  const allCards = groups.flatMap((g) => g.cards);
  const chosen = allCards.find((c) => c.code === card.cardCode);
  const greetingLength = [...(card.greeting ?? "")].length;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === null;
  const initialWhen = (fields.sendWhen.initialValue as string | undefined) ?? "now";

  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const alt = chosen
    ? `Förhandsvisning av kortet ${chosen.title}${card.recipientName ? ` till ${card.recipientName}` : ""}. Hälsningen lyder: ${(card.greeting || chosen.greeting).replace(/\s+/g, " ")}${card.giverName ? ` Från ${card.giverName}.` : ""}`
    : "";
  const apiCall = useApiCall();
  const { shown, busy, failed } = useDocumentPreview({
    key: chosen ? JSON.stringify(card) : null,
    alt,
    initial: actionData?.preview && chosen ? { src: greetingCardPreviewImageUrl(card), alt } : null,
    request: (key, signal) => previewGreetingCard(apiCall, JSON.parse(key) as GreetingCardPreview, { signal }),
  });

  const onCardInput = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (!["cardCode", "greeting", "recipientName", "giverName"].includes(target.name)) return;
    if (target.type === "radio" && !target.checked) return;
    if (target.name === "cardCode") {
      // A greeting still as the previous card suggested follows the new card; one the donor wrote stays.
      const textarea = event.currentTarget.elements.namedItem("greeting") as HTMLTextAreaElement | null;
      const previous = allCards.find((c) => c.code === card.cardCode)?.greeting;
      const next = allCards.find((c) => c.code === target.value)?.greeting;
      if (textarea && next && (textarea.value.trim() === "" || textarea.value === previous)) {
        textarea.value = next;
        setCard((c) => ({ ...c, cardCode: target.value, greeting: next }));
        return;
      }
    }
    setCard((c) => ({ ...c, [target.name]: target.value }));
  };

  return (
    <article className="page page--narrow gift-page greeting-card-page">
      <p className="greeting-card-page__kicker">Gåva i någons namn</p>
      <h1>Skicka ett digitalt gratulationskort</h1>
      <p className="lead">
        Välj ett kort, skriv din hälsning och skicka det med e-post – i dag eller på den stora dagen. Mottagaren får kortet och veta att du har gett en gåva till
        hjärt- och lungforskningen i hens namn.
      </p>
      <ErrorSummary {...summary} />
      <Form method="post" className="form gift-form greeting-card-form" {...formProps} onInput={onCardInput} onChange={onCardInput}>
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />

        <h2>1. Välj kort</h2>
        <CardPicker field={fields.cardCode} groups={groups} initialCode={initialCode} />

        <h2>2. Skriv hälsningen</h2>
        <TextField field={fields.recipientName} label="Mottagarens namn" autoComplete="off" hint="Står överst på kortet." />
        <TextAreaField
          field={fields.greeting}
          label="Hälsning"
          rows={5}
          maxLength={CARD_GREETING_MAX_CHARACTERS + 50}
          hint={`Kortets förslag står redan här – skriv gärna med egna ord. Högst ${CARD_GREETING_MAX_CHARACTERS} tecken, du har skrivit ${greetingLength}.`}
        />
        <TextField field={fields.giverName} label="Från" autoComplete="name" hint="Ditt eller era namn, så som de ska stå på kortet." />

        <div className="preview">
          <h3>Så här blir kortet</h3>
          {shown ? (
            <img className={busy ? "preview__image preview__image--loading" : "preview__image"} src={shown.src} alt={shown.alt} width={600} height={425} />
          ) : (
            <p className="field__hint">{hydrated ? "Kortet visas här om ett ögonblick." : "Tryck på Förhandsgranska för att se kortet med din hälsning."}</p>
          )}
          <PreviewNotes failed={failed} hydrated={hydrated} documentName="Kortet" />
        </div>

        <h2>3. Vem och när</h2>
        <TextField field={fields.recipientEmail} label="Mottagarens e-post" type="email" autoComplete="off" hint="Kontrollera adressen noga – kortet skickas hit." />
        <fieldset {...groupProps(fields.sendWhen)}>
          <legend>När ska kortet skickas?</legend>
          <FieldError field={fields.sendWhen} />
          <label className="choice">
            <input type="radio" name={fields.sendWhen.name} value="now" defaultChecked={initialWhen !== "date"} />
            Direkt när gåvan är betald
          </label>
          <label className="choice">
            <input type="radio" name={fields.sendWhen.name} value="date" defaultChecked={initialWhen === "date"} />
            På en dag jag väljer
          </label>
        </fieldset>
        <div className="send-date">
          <TextField
            field={fields.deliveryDate}
            label="Dag att skicka"
            type="date"
            min={today}
            max={latest}
            hint="Kortet skickas på morgonen den dagen, klockan 8. Du kan välja en dag inom ett år."
          />
        </div>

        <h2>4. Din gåva</h2>
        <AmountFields fields={fields} limits={limits} />
        <DonorFields fields={fields} />
        <DonorLookupButton notice={actionData?.notice ?? null} />
        <PaymentFields fields={fields} methods={methods} defaultDevice={defaultDevice} method={method} onMethodChange={setMethod} />
        <p className="field__hint">Du får kvittot och en kopia av kortet med e-post.</p>

        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting}>
            {submitting ? "Skickar…" : (SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt")}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}
