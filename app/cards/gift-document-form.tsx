import { useEffect, useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/gift-document-form";
import { clientIpContext, containerContext } from "../context";
import { FORM_NOT_SENT, TOO_MANY_ORDERS, startGiftPayment } from "../giving/start-gift-payment.server";
import { amountKr, donorLookupSchema, type GiftPaymentMethod } from "#core/gifts/gift-form";
import { designChoices, earliestPostArrival, giftDocumentFormSchema, latestDeliveryDate } from "#core/gift-documents/gift-document-form";
import { giveGiftDocument } from "#core/gift-documents/gift-document-order";
import { GIFT_DOCUMENT_LABELS, OCCASION_HEADINGS, TEXT_MAX_CHARACTERS, isOccasion, type GiftDocumentKind } from "#core/gift-documents/gift-documents";
import type { GiftDocumentPreview } from "#core/gift-documents/gift-document-preview";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { formatSwedishDay } from "#core/memorial/delivery-date";
import { catalogueChoices, type CardChoices } from "#core/cards/greeting-card-form";
import { CardPicker, pickerGroups } from "./card-picker";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FieldError, TextAreaField, TextField } from "../components/form/field";
import { parseForm, replyWithValues } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { AmountFields, DonorFields, DonorLookupButton, GIFT_FIELD_LABELS, PaymentFields, SUBMIT_LABELS, groupProps } from "../components/gift/gift-fields";
import { giftFormInit, giftFormSetup } from "../components/gift/gift-form-setup.server";
import { lookUpDonor } from "../components/gift/donor-lookup.server";
import { giftDocumentKindOf } from "./kind-from-path";
import { OCCASION_CHOICES, RadioChoices } from "./radio-choices";
import { giftDocumentPreviewImageUrl, previewGiftDocument } from "./preview-gift-document";
import { useDocumentPreview } from "../components/preview/use-document-preview";
import { PreviewNotes } from "../components/preview/preview-notes";
import { useApiCall } from "../client/client-shell-context";
import "../components/form/form.css";
import "../components/preview/preview.css";
import "./gift-document-form.css";

/**
 * The order page of a gift card (/ge-en-gava/gavokort), a gift certificate
 * (/ge-en-gava/gavobevis) and a diploma (/ge-en-gava/diplom): one module, the
 * kind from the address. The document's fields first (design – for a gift
 * card, a card from the greeting-card catalogue in the same picker, `?kort=CODE`
 * chooses one – occasion, to whom, the words, from whom, how it is
 * delivered), then the gift's shared amount, donor and payment fields. A live
 * preview of the document 400 ms after typing; without JavaScript a
 * "Förhandsgranska" button re-renders the page with the preview image. Works
 * without JavaScript.
 */
const PAGE_TEXT: Record<GiftDocumentKind, { title: string; h1: string; lead: string; description: string }> = {
  gift_card: {
    title: "Köp ett gåvokort – ge en gåva i någons namn",
    h1: "Köp ett gåvokort",
    lead: "Ge en gåva till hjärt- och lungforskningen i någons namn. Du skriver ut gåvokortet själv direkt när gåvan är betald – som present på födelsedagen, till jul eller som tack.",
    description: "Köp ett gåvokort att skriva ut själv: en gåva till forskningen om hjärt- och lungsjukdomar i någons namn.",
  },
  gift_certificate: {
    title: "Beställ ett gåvobevis – en gåva i någons namn",
    h1: "Beställ ett gåvobevis",
    lead: "Ett gåvobevis berättar att en gåva till hjärt- och lungforskningen har getts i mottagarens namn. Vi skickar det med e-post eller post, den dag du väljer.",
    description: "Beställ ett gåvobevis till födelsedagen, bröllopet eller jubileet: en gåva till hjärt- och lungforskningen i någons namn.",
  },
  diploma: {
    title: "Beställ ett diplom – uppmärksamma någon med en gåva",
    h1: "Beställ ett diplom",
    lead: "Ett diplom uppmärksammar en person eller ett företag med en gåva till hjärt- och lungforskningen – för pensionären, jubilaren eller som företagets tack. Vi skickar det med e-post eller post.",
    description: "Beställ ett diplom med en gåva till hjärt- och lungforskningen, som tack eller för att fira.",
  },
};

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Sidan hittades inte" }];
  const text = PAGE_TEXT[loaded.kind];
  return [{ title: text.title }, { name: "description", content: text.description }];
}

/** The loader's Cache-Control (private once a donor's or a letter's details are filled in) reaches the page's response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const kind = giftDocumentKindOf(request);
  if (!kind) throw data(null, { status: 404 });
  const container = context.get(containerContext);
  const now = container.clock.now();
  // Only a gift card wears a catalogue card; the season's groups first, as on the greeting card page.
  const groups = kind === "gift_card" ? pickerGroups(container.cards.groupsOnSale(swedishDate(now))) : [];
  const wanted = new URL(request.url).searchParams.get("kort");
  const preselected = groups.flatMap((g) => g.cards).find((c) => c.code === wanted)?.code ?? null;
  const setup = await giftFormSetup(context, request);
  return data(
    {
      ...setup,
      kind,
      groups,
      preselected,
      now: now.toISOString(),
      today: swedishDate(now),
      latest: latestDeliveryDate(now),
      earliestPost: earliestPostArrival(now),
    },
    giftFormInit(setup),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const kind = giftDocumentKindOf(request);
  if (!kind) throw data(null, { status: 404 });
  const formData = await request.formData();
  if (formData.get("intent") === "lookup") {
    const { result, notice, status } = await lookUpDonor(context, formData);
    return data({ result, notice, preview: false }, { status });
  }
  const submission = parseForm(formData, giftDocumentFormSchema(kind, container.giftLimits, container.clock.now(), catalogueChoices(container.cards)));
  // "Förhandsgranska" without JavaScript: the page again with everything kept and the preview image.
  if (formData.get("intent") === "preview") return data({ result: replyWithValues(submission, {}), notice: null, preview: true });
  if (submission.status !== "success") return data({ result: submission.reply(), notice: null, preview: false }, { status: 400 });
  if (submission.value.gift.isBot) {
    container.logger.warn({ path: new URL(request.url).pathname }, "gift document form honeypot was filled in");
    return data({ result: submission.reply({ formErrors: [FORM_NOT_SENT] }), notice: null, preview: false }, { status: 400 });
  }
  // Ordering starts a payment and sends documents: the same per-address limit as the JSON API.
  if (!(await container.giftDocumentLimiter.hit(context.get(clientIpContext) || "unknown"))) {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_ORDERS] }), notice: null, preview: false },
      { status: 429 },
    );
  }
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  const started = await startGiftPayment(() => giveGiftDocument(container, kind, submission.value, { donorId: session?.donor.id ?? null }));
  return started.redirect ?? data({ result: submission.reply({ formErrors: [started.refusal], fieldErrors: started.fieldErrors }), notice: null, preview: false }, { status: 429 });
}

/** The fields the preview shows, as the donor has them now. */
interface DocumentDraft {
  design: string;
  cardCode: string;
  occasion: string;
  recipientName: string;
  text: string;
  signature: string;
  amount: string;
  customAmount: string;
  showAmount: boolean;
}

const DRAFT_FIELDS = new Set<string>(["design", "cardCode", "occasion", "recipientName", "text", "signature", "amount", "customAmount", "showAmount"]);

/** What the preview is asked for: the kind's design or card, the words, and the amount when the document shows it (a gift card always does). */
function previewOf(kind: GiftDocumentKind, draft: DocumentDraft): GiftDocumentPreview {
  const kr = amountKr(draft.amount, draft.customAmount);
  return {
    documentKind: kind,
    ...(kind === "gift_card" ? { cardCode: draft.cardCode } : { design: draft.design }),
    occasion: draft.occasion,
    recipientName: draft.recipientName,
    text: draft.text,
    signature: draft.signature,
    ...((kind === "gift_card" || draft.showAmount) && kr !== null ? { amountKr: kr } : {}),
  };
}

/** The image's words for a screen reader: what the document says. */
function previewAlt(definite: string, draft: DocumentDraft): string {
  const heading = OCCASION_HEADINGS[isOccasion(draft.occasion) ? draft.occasion : "annat"];
  const parts = [`Förhandsvisning av ${definite}${draft.recipientName ? ` till ${draft.recipientName}` : ""}: ${heading}`];
  if (draft.text) parts.push(draft.text.replace(/\s+/g, " "));
  if (draft.signature) parts.push(`Från ${draft.signature}`);
  // Each part a sentence of its own, without doubling the donor's own full stop.
  return parts.map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`)).join(" ");
}

const FIELD_LABELS: Record<string, string> = {
  design: "Motiv",
  cardCode: "Kort",
  occasion: "Tillfälle",
  recipientName: "Mottagarens namn",
  text: "Text",
  signature: "Från",
  delivery: "Hur det skickas",
  recipientEmail: "Mottagarens e-post",
  recipientStreet: "Mottagarens gatuadress",
  recipientPostalCode: "Mottagarens postnummer",
  recipientCity: "Mottagarens ort",
  deliveryDate: "Datum",
  ...GIFT_FIELD_LABELS,
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

export default function GiftDocumentForm({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, groups, preselected, limits, idempotencyKey, defaultDevice, methods, prefill, now, today, latest, earliestPost } = loaderData;
  const label = GIFT_DOCUMENT_LABELS[kind];
  const text = PAGE_TEXT[kind];
  const designs = designChoices(kind);
  const firstCard = groups[0]?.cards[0]?.code ?? "";
  // In the browser the form knows the cards the page offers; the server checks the catalogue again.
  const offered = new Set(groups.flatMap((g) => g.cards.map((c) => c.code)));
  const choices: CardChoices = { has: (code) => offered.has(code), onSale: () => true };
  const { fields, formProps, summary } = useSiteForm({
    id: label.slug,
    schema: giftDocumentFormSchema(kind, limits, new Date(now), choices),
    intents: { lookup: donorLookupSchema },
    lastResult: actionData?.result,
    defaultValue: {
      amount: "250",
      swishDevice: defaultDevice,
      paymentMethod: methods[0] ?? "swish",
      design: designs[0]?.value ?? "",
      cardCode: preselected ?? firstCard,
      occasion: "fodelsedag",
      delivery: "email",
      showAmount: "on",
      ...prefill,
      idempotencyKey,
    },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");
  const [textLength, setTextLength] = useState<number>(((fields.text.initialValue as string | undefined) ?? "").length);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const initialDesign = (fields.design.initialValue as string | undefined) ?? designs[0]?.value;
  const initialCard = (fields.cardCode.initialValue as string | undefined) ?? preselected ?? firstCard;
  const initialOccasion = (fields.occasion.initialValue as string | undefined) ?? "fodelsedag";
  const initialDelivery = (fields.delivery.initialValue as string | undefined) ?? "email";
  const initialText = (name: "recipientName" | "text" | "signature" | "amount" | "customAmount") => (fields[name].initialValue as string | undefined) ?? "";

  const [draft, setDraft] = useState<DocumentDraft>({
    design: initialDesign ?? "",
    cardCode: initialCard,
    occasion: initialOccasion,
    recipientName: initialText("recipientName"),
    text: initialText("text"),
    signature: initialText("signature"),
    amount: initialText("amount") || "250",
    customAmount: initialText("customAmount"),
    showAmount: fields.showAmount.initialValue === "on",
  });
  const onDraftInput = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (!DRAFT_FIELDS.has(target.name)) return;
    if (target.type === "checkbox") return setDraft((d) => ({ ...d, [target.name]: target.checked }));
    if (target.type === "radio" && !target.checked) return;
    setDraft((d) => ({ ...d, [target.name]: target.value }));
  };
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const preview = previewOf(kind, draft);
  const previewable = kind !== "gift_card" || offered.has(draft.cardCode);
  const alt = previewAlt(label.definite, draft);
  const apiCall = useApiCall();
  const shownPreview = useDocumentPreview({
    key: previewable ? JSON.stringify(preview) : null,
    alt,
    initial: actionData?.preview && previewable ? { src: giftDocumentPreviewImageUrl(label.slug, preview), alt } : null,
    request: (key, signal) => previewGiftDocument(apiCall, JSON.parse(key) as GiftDocumentPreview, { signal }),
  });

  return (
    <article className="page page--narrow gift-page gift-document-page">
      <p className="gift-document-page__kicker">Gåva i någons namn</p>
      <h1>{text.h1}</h1>
      <p className="lead">{text.lead}</p>
      {kind !== "gift_card" ? (
        <p>
          Ska ni skicka till många mottagare på en gång? <Link to="/ge-en-gava/lista">Beställ med en lista</Link>.
        </p>
      ) : null}
      <ErrorSummary {...summary} />
      <Form
        method="post"
        className={`form gift-form gift-document-form gift-document-form--${kind}`}
        {...formProps}
        onInput={onDraftInput}
        onChange={onDraftInput}
      >
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />

        <h2>{label.name}</h2>
        {kind === "gift_card" ? (
          <>
            <h3>Välj kort</h3>
            <p className="field__hint">Samma motiv som våra digitala gratulationskort. Motivet hamnar överst på gåvokortet.</p>
            <CardPicker field={fields.cardCode} groups={groups} initialCode={initialCard} />
          </>
        ) : (
          <RadioChoices field={fields.design} legend="Motiv" choices={designs} initial={initialDesign} />
        )}
        <RadioChoices field={fields.occasion} legend="Tillfälle" choices={OCCASION_CHOICES} initial={initialOccasion} />

        <TextField field={fields.recipientName} label="Mottagarens namn" autoComplete="off" hint={`Står stort på ${label.definite}.`} />
        <TextAreaField
          field={fields.text}
          label="Text (frivillig)"
          rows={4}
          hint={`Din hälsning, högst ${TEXT_MAX_CHARACTERS} tecken. Du har skrivit ${textLength}.`}
          onInput={(event) => setTextLength(event.currentTarget.value.length)}
        />
        <TextField field={fields.signature} label="Från" autoComplete="name" hint="Till exempel Anna och Per, eller företagets namn." />

        <div className="preview">
          <h3>Så här blir {label.definite}</h3>
          {shownPreview.shown ? (
            <img
              className={shownPreview.busy ? "preview__image preview__image--loading" : "preview__image"}
              src={shownPreview.shown.src}
              alt={shownPreview.shown.alt}
              width={420}
              height={594}
            />
          ) : (
            <p className="field__hint">
              {hydrated ? `${label.name} visas här om ett ögonblick.` : `Tryck på Förhandsgranska för att se ${label.definite} med din text.`}
            </p>
          )}
          <PreviewNotes failed={shownPreview.failed} hydrated={hydrated} documentName={label.name} />
        </div>

        {kind === "gift_card" ? (
          <p className="info-box">Gåvokortet blir en PDF i A5 som du skriver ut själv, direkt när gåvan är betald. Beloppet står på kortet.</p>
        ) : (
          <>
            <fieldset {...groupProps(fields.delivery)}>
              <legend>Hur ska {label.definite} skickas?</legend>
              <FieldError field={fields.delivery} />
              <label className="choice">
                <input type="radio" name={fields.delivery.name} value="email" defaultChecked={initialDelivery === "email"} />
                Med e-post (PDF)
              </label>
              <label className="choice">
                <input type="radio" name={fields.delivery.name} value="post" defaultChecked={initialDelivery === "post"} />
                Med post, tryckt på fint papper
              </label>
            </fieldset>
            <div className="delivery-email">
              <TextField field={fields.recipientEmail} label="Mottagarens e-post" type="email" autoComplete="off" />
            </div>
            <fieldset className="fieldset delivery-post">
              <legend>Mottagarens adress</legend>
              <TextField field={fields.recipientStreet} label="Mottagarens gatuadress" autoComplete="off" />
              <TextField field={fields.recipientPostalCode} label="Mottagarens postnummer" inputMode="numeric" autoComplete="off" className="input--short" />
              <TextField field={fields.recipientCity} label="Mottagarens ort" autoComplete="off" />
            </fieldset>
            <TextField
              field={fields.deliveryDate}
              label="Datum (frivilligt)"
              type="date"
              min={today}
              max={latest}
              hint={`Med e-post: dagen det skickas. Med post: dagen det ska vara framme, tidigast ${formatSwedishDay(earliestPost)}. Lämna tomt så skickar vi direkt.`}
            />
            <CheckboxField field={fields.showAmount} label={`Visa beloppet på ${label.definite}`} />
          </>
        )}

        <h2>Gåvan</h2>
        <AmountFields fields={fields} limits={limits} />
        <DonorFields fields={fields} />
        <DonorLookupButton notice={actionData?.notice ?? null} />
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
