import { useDocumentPreview } from "../components/preview/use-document-preview";
import { countOf } from "#core/site/format";
import { PreviewNotes } from "../components/preview/preview-notes";
import { useEffect, useState, type ReactNode } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/memorial-gift";
import { containerContext } from "../context";
import { checkout } from "../giving/checkout.server";
import { clientIp } from "../donor/donor-session.server";
import { amountKr, donorLookupSchema, type GiftPaymentMethod } from "#core/gifts/gift-form";
import { memorialGiftFormSchema } from "#core/memorial/memorial-gift-form";
import { giveMemorialGift, MemorialInputError } from "#core/memorial/give-memorial-gift";
import { estimateSheetDelivery } from "#core/memorial/delivery-date";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { MemorialSourceError } from "#core/memorial/memorial-source";
import { fullName, type DeceasedPerson, type FuneralParlour } from "#core/memorial/memorial-records";
import {
  GREETING_MAX_CHARACTERS,
  MEMORIAL_SHEET_DESIGNS,
  MEMORIAL_SHEET_DESIGN_LABELS,
  type MemorialSheetDesign,
} from "#core/memorial/sheet-designs";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FieldError, TextAreaField, TextField } from "../components/form/field";
import { parseForm, replyWithValues } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import {
  AmountFields,
  DonorFields,
  DonorLookupButton,
  GIFT_FIELD_LABELS,
  PaymentFields,
  SUBMIT_LABELS,
  groupProps,
} from "../components/gift/gift-fields";
import { giftFormInit, giftFormSetup } from "../components/gift/gift-form-setup.server";
import { lookUpDonor } from "../components/gift/donor-lookup.server";
import { anySearchLimited, searchDeceasedForPage, searchParloursForPage, type PageSearch } from "./memorial-page-search.server";
import { useMemorialSearch } from "./use-memorial-search";
import { isSearchable } from "./memorial-search";
import { useLiveSearch } from "./use-live-search";
import { canPreview, previewAlt, previewSheet, type PreviewInput } from "./memorial-preview-url";
import { memorialSheetPreviewImageUrl, type MemorialSheetPreview } from "./preview-sheet";
import { useSheetPreview } from "./use-sheet-preview";
import { SheetDesignIcon } from "./sheet-design-icon";
import { enterToSubmit } from "./enter-to-submit";
import { DeceasedChoiceBody } from "./collection-parts";
import "../components/form/form.css";
import "../components/preview/preview.css";
import "./memorial-gift.css";

/** The summary's names for the fields, in the order they appear on the page (the order of the donor's thinking). */
const FIELD_LABELS: Record<string, string> = {
  deceasedId: "Personen",
  deceasedName: "Namn på den som har gått bort",
  deceasedDeathDate: "Dödsdatum",
  deceasedTown: "Hemort",
  funeralDate: "Begravningsdag",
  sheetTo: "Minnesbladet",
  parlourId: "Begravningsbyrå",
  recipientName: "Vem minnesbladet ska till",
  recipientEmail: "Familjens e-postadress",
  recipientStreet: "Familjens gatuadress",
  recipientPostalCode: "Familjens postnummer",
  recipientCity: "Familjens ort",
  design: "Motiv",
  greeting: "Hälsning",
  signature: "Hälsningar från",
  ...GIFT_FIELD_LABELS,
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

const DESTINATION_LABELS = {
  parlour: "Till begravningsbyrån",
  family_email: "Till familjen med e-post",
  family_post: "Till familjen med post",
} as const;
type Destination = keyof typeof DESTINATION_LABELS;


export function meta() {
  return [
    { title: "Ge en minnesgåva – till minne av någon" },
    {
      name: "description",
      content: "Ge en gåva till hjärt- och lungforskningen till minne av någon. Vi skickar ett minnesblad med din hälsning till familjen eller begravningsbyrån.",
    },
  ];
}

/** The loader's Cache-Control (private once a donor's or a letter's details are filled in) reaches the page's response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const setup = await giftFormSetup(context, request);
  return data(
    {
      ...setup,
      // The server's moment, so the delivery estimate reads the same before and after hydration.
      now: context.get(containerContext).clock.now().toISOString(),
    },
    giftFormInit(setup),
  );
}

type Searches = { deceased: PageSearch<DeceasedPerson> | null; parlour: PageSearch<FuneralParlour> | null };

/**
 * Every post re-runs the searches the donor typed, so the lists (and the
 * choice in them) stay on the page without JavaScript; "Sök" and
 * "Förhandsgranska" need nothing else, the final submit goes through
 * giveMemorialGift.
 */
/** The memorial source (death notices) did not answer when the gift was given. */
const MEMORIAL_SOURCE_DOWN =
  "Vi kan inte kontrollera uppgifterna om personen just nu. Försök igen om en stund, eller skriv uppgifterna själv under Hittar du inte personen?";

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const formData = await request.formData();
  const text = (name: string) => String(formData.get(name) ?? "");
  const intent = formData.get("intent");
  const searches: Searches = {
    deceased: isSearchable(text("deceasedQuery")) || intent === "search" ? await searchDeceasedForPage(container, clientIp(context), text("deceasedQuery"), text("deceasedTownQuery")) : null,
    parlour: isSearchable(text("parlourQuery")) || intent === "searchParlour" ? await searchParloursForPage(container, clientIp(context), text("parlourQuery")) : null,
  };
  const today = swedishDate(container.clock.now());
  const schema = memorialGiftFormSchema(container.giftLimits, today);
  if (intent === "lookup") {
    const { result, notice, status } = await lookUpDonor(context, formData);
    return data({ result, searches, preview: false, notice }, { status });
  }
  const submission = parseForm(formData, schema);
  if (intent === "search" || intent === "searchParlour" || intent === "preview") {
    const status = anySearchLimited(searches.deceased, searches.parlour) ? 429 : 200;
    return data({ result: replyWithValues(submission, {}), searches, preview: intent === "preview", notice: null }, { status });
  }
  const outcome = await checkout(context, request, {
    submission,
    form: "/ge-en-gava/minnesgava",
    give: (value, giver) => giveMemorialGift(container, value, giver),
    refuse: (error) => {
      if (error instanceof MemorialInputError) {
        return { status: 400, fieldErrors: Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, [message]])) };
      }
      if (error instanceof MemorialSourceError) {
        container.logger.warn({ path: "/ge-en-gava/minnesgava", code: error.code }, "memorial source unavailable at submit");
        return { status: 400, formErrors: [MEMORIAL_SOURCE_DOWN] };
      }
      return undefined;
    },
  });
  return outcome.response ?? data({ result: outcome.result, searches, preview: false, notice: null }, { status: outcome.status });
}


export default function MemorialGift({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, defaultDevice, methods, prefill, now } = loaderData;
  const today = swedishDate(new Date(now));
  const { form, fields, formProps, summary } = useSiteForm({
    id: "minnesgava",
    schema: memorialGiftFormSchema(limits, today),
    // "Hämta namn och adress" needs only the personnummer.
    intents: { lookup: donorLookupSchema },
    lastResult: actionData?.result,
    defaultValue: { amount: "250", swishDevice: defaultDevice, paymentMethod: methods[0] ?? "swish", design: "lilja", ...prefill, idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  const initialText = (name: string) => (typeof initial[name] === "string" ? (initial[name] as string) : "");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === null;
  const memorialSearch = useMemorialSearch();

  // --- Who is remembered ---
  const [deceasedQuery, setDeceasedQuery] = useState(initialText("deceasedQuery"));
  const [townQuery, setTownQuery] = useState(initialText("deceasedTownQuery"));
  const [deceasedId, setDeceasedId] = useState(fields.deceasedId.initialValue ?? "");
  // "Ingen av dessa" is checked only once the donor chooses it: a fresh result list starts with nothing chosen.
  const [noneChosen, setNoneChosen] = useState(false);
  const [chosen, setChosen] = useState<DeceasedPerson | null>(
    () => actionData?.searches.deceased?.items.find((p) => p.id === deceasedId) ?? null,
  );
  const manualHasContent = ["deceasedName", "deceasedDeathDate", "deceasedTown", "funeralDate"].some(
    (name) => initialText(name) !== "" || (fields[name as "deceasedName"].errors?.length ?? 0) > 0,
  );
  const manualHasErrors = ["deceasedName", "deceasedDeathDate", "deceasedTown", "funeralDate"].some(
    (name) => (fields[name as "deceasedName"].errors?.length ?? 0) > 0,
  );
  const [manualOpen, setManualOpen] = useState(manualHasContent || Boolean(actionData?.searches.deceased?.unavailable));
  const [typedFuneralDate, setTypedFuneralDate] = useState(initialText("funeralDate"));
  const [typedName, setTypedName] = useState(initialText("deceasedName"));
  const [typedDeathDate, setTypedDeathDate] = useState(initialText("deceasedDeathDate"));

  // --- Where the sheet goes ---
  const [sheetTo, setSheetTo] = useState<string>(fields.sheetTo.initialValue ?? "");
  const [parlourQuery, setParlourQuery] = useState(initialText("parlourQuery"));
  const [parlourId, setParlourId] = useState(fields.parlourId.initialValue ?? "");
  const [chosenParlour, setChosenParlour] = useState<FuneralParlour | null>(
    () => actionData?.searches.parlour?.items.find((p) => p.id === parlourId) ?? null,
  );

  // --- The sheet ---
  const [design, setDesign] = useState<string>(fields.design.initialValue ?? "lilja");
  const [greeting, setGreeting] = useState(fields.greeting.initialValue ?? "");
  const [signature, setSignature] = useState(fields.signature.initialValue ?? "");
  const [showAmount, setShowAmount] = useState(fields.showAmount.initialValue === "on");
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");
  const [amountText, setAmountText] = useState({ amount: fields.amount.initialValue ?? "250", custom: fields.customAmount.initialValue ?? "" });

  // Announced politely a moment after typing stops, never on every keystroke.
  const greetingLength = [...greeting].length;
  const [announcedLength, setAnnouncedLength] = useState("");
  useEffect(() => {
    if (greetingLength === 0) return;
    const timer = setTimeout(() => setAnnouncedLength(`${greetingLength} av ${GREETING_MAX_CHARACTERS} tecken`), 1200);
    return () => clearTimeout(timer);
  }, [greetingLength]);

  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The live preview, asked for 400 ms after the donor stops typing; the last good one stays while a field needs correcting.
  const kr = showAmount ? amountKr(amountText.amount, amountText.custom) : null;
  const designLabel = MEMORIAL_SHEET_DESIGN_LABELS[design as MemorialSheetDesign] ?? MEMORIAL_SHEET_DESIGN_LABELS.lilja;
  const previewInput: PreviewInput = {
    design: (MEMORIAL_SHEET_DESIGNS as readonly string[]).includes(design) ? (design as MemorialSheetDesign) : "lilja",
    deceasedName: chosen ? fullName(chosen) : typedName,
    birthYear: chosen?.birthYear ?? null,
    dateOfDeath: chosen ? chosen.dateOfDeath : typedDeathDate,
    greeting,
    signature,
    amountKr: kr,
  };
  const previewable = canPreview(previewInput);
  const requestPreview = useSheetPreview();
  const {
    shown: shownPreview,
    busy: previewBusy,
    failed: previewFailed,
  } = useDocumentPreview({
    key: previewable ? JSON.stringify(previewSheet(previewInput)) : null,
    alt: previewAlt(previewInput, designLabel),
    initial:
      actionData?.preview && previewable
        ? { src: memorialSheetPreviewImageUrl(previewSheet(previewInput)), alt: previewAlt(previewInput, designLabel) }
        : null,
    request: (key, signal) => requestPreview(JSON.parse(key) as MemorialSheetPreview, { signal }),
  });

  // Results as the donor types, the earlier search cancelled.
  const deceasedSearch = useLiveSearch({
    query: { name: deceasedQuery, town: townQuery },
    search: ({ name, town }, signal) => memorialSearch.searchDeceased({ name, ...(town.trim() ? { town } : {}) }, { signal }),
    initial: actionData?.searches.deceased ?? null,
    messages: {
      unavailable: "Sökningen bland dödsannonser fungerar inte just nu. Skriv in uppgifterna själv nedan, så kommer gåvan fram ändå.",
      invalid: "Skriv minst två bokstäver av namnet, med vanliga bokstäver.",
    },
    onUnavailable: () => setManualOpen(true),
    enabled: hydrated,
  });
  const parlourSearch = useLiveSearch({
    query: parlourQuery,
    search: (query, signal) => memorialSearch.searchFuneralParlours({ query }, { signal }),
    initial: actionData?.searches.parlour ?? null,
    messages: {
      unavailable: "Sökningen bland begravningsbyråer fungerar inte just nu. Välj att skicka minnesbladet till familjen i stället, eller försök igen om en stund.",
      invalid: "Skriv minst två bokstäver av byråns namn eller ort.",
    },
    enabled: hydrated,
  });
  const { items: people, message: peopleMessage, searching: searchingPeople } = deceasedSearch;
  const { items: parlours, message: parlourMessage, searching: searchingParlours } = parlourSearch;

  const choosePerson = (person: DeceasedPerson | null) => {
    setChosen(person);
    setNoneChosen(person === null);
    setDeceasedId(person?.id ?? "");
    if (person) setManualOpen(false);
    // The funeral parlour that has the funeral is offered first, and chosen when nothing else is.
    if (person?.funeralParlour && (person.funeralDate === null || person.funeralDate >= today)) {
      if (sheetTo === "") setSheetTo("parlour");
      if (parlourId === "") {
        setParlourId(person.funeralParlour.id);
        setChosenParlour(person.funeralParlour);
      }
    }
  };

  // The chosen person's parlour first in the list, then the search's.
  const personParlour = chosen?.funeralParlour ?? null;
  const parlourOptions = uniqueById([personParlour, chosenParlour, ...(parlours ?? [])]);
  // The person chosen stays in the list when the donor searches again.
  const peopleShown = people ? uniqueById([chosen, ...people]) : null;
  const funeralDate = chosen ? chosen.funeralDate : /^\d{4}-\d{2}-\d{2}$/.test(typedFuneralDate) ? typedFuneralDate : null;
  // As core/memorial/sheet-delivery.ts sends it: by e-mail to the family's address or to a parlour that has one, otherwise by post.
  const parlourPost = sheetTo === "parlour" && chosenParlour !== null && !chosenParlour.email;
  const estimate =
    sheetTo === "" ? null : estimateSheetDelivery(new Date(now), sheetTo === "family_post" || parlourPost ? "post" : "email", funeralDate);

  return (
    <article className="page page--narrow gift-page memorial-page">
      <h1>Ge en gåva till minne av någon</h1>
      <p className="lead">
        Din minnesgåva går till forskning om hjärt- och lungsjukdomar. Vi skickar ett minnesblad med din hälsning till
        familjen eller till begravningsbyrån. Det tar bara några minuter.
      </p>
      <p className="memorial-invite">
        Är du anhörig? <Link to="/minnesinsamling">Starta en minnesinsamling</Link> – en sida att dela i dödsannonsen, där
        alla kan ge en minnesgåva och skriva en hälsning till er.
      </p>
      <ErrorSummary {...summary} />
      <Form method="post" className="form gift-form memorial-form" {...formProps} onKeyDown={enterToSubmit}>
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />

        {/* 1. Who is remembered */}
        <section className="memorial-step" aria-labelledby="steg-person">
          <h2 id="steg-person">1. Vem vill du hedra?</h2>
          <p className="field__hint">Sök på namnet så som det stod i dödsannonsen. Förnamn eller efternamn räcker.</p>
          <div className="search-row">
            <div className="field">
              <label htmlFor="minnesgava-deceasedQuery">Sök på namn</label>
              <input
                id="minnesgava-deceasedQuery"
                name="deceasedQuery"
                type="search"
                autoComplete="off"
                enterKeyHint="search"
                value={deceasedQuery}
                aria-describedby="minnesgava-deceasedQuery-status"
                onChange={(e) => setDeceasedQuery(e.currentTarget.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="minnesgava-deceasedTownQuery">Ort (frivilligt)</label>
              <input
                id="minnesgava-deceasedTownQuery"
                name="deceasedTownQuery"
                type="search"
                autoComplete="off"
                className="input--short"
                value={townQuery}
                onChange={(e) => setTownQuery(e.currentTarget.value)}
              />
            </div>
            <SearchButton intent="search" hydrated={hydrated} onSearch={deceasedSearch.run}>
              Sök
            </SearchButton>
          </div>
          <p className="search-status" id="minnesgava-deceasedQuery-status" role="status">
            {searchingPeople
              ? "Söker…"
              : peopleMessage
                ? peopleMessage
                : people === null
                  ? ""
                  : people.length === 0
                    ? "Vi hittade ingen med det namnet under de senaste 90 dagarna. Prova med bara efternamnet, eller skriv uppgifterna själv nedan."
                    : `${countOf(people.length, "person", "personer")} hittades. Välj den du vill hedra.`}
          </p>

          {peopleShown && peopleShown.length > 0 && (
            <fieldset {...groupProps(fields.deceasedId, "result-list")}>
              <legend className="visually-hidden">Välj personen</legend>
              <FieldError field={fields.deceasedId} />
              {peopleShown.map((person) => (
                <label className="result-choice" key={person.id}>
                  <input
                    type="radio"
                    name={fields.deceasedId.name}
                    value={person.id}
                    checked={deceasedId === person.id}
                    onChange={() => choosePerson(person)}
                  />
                  <DeceasedChoiceBody person={person} />
                </label>
              ))}
              <label className="result-choice result-choice--none">
                <input type="radio" name={fields.deceasedId.name} value="" checked={noneChosen && deceasedId === ""} onChange={() => choosePerson(null)} />
                <span className="result-choice__body">Ingen av dessa</span>
              </label>
            </fieldset>
          )}
          {!(peopleShown && peopleShown.length > 0) && (
            <>
              {deceasedId !== "" && <input type="hidden" name={fields.deceasedId.name} value={deceasedId} />}
              <FieldError field={fields.deceasedId} />
            </>
          )}

          <details
            className="manual"
            open={manualOpen || manualHasErrors}
            onToggle={(e) => {
              const open = e.currentTarget.open;
              if (open === manualOpen) return;
              setManualOpen(open);
              // Typing the details by hand replaces a person chosen from the list.
              if (open) choosePerson(null);
            }}
          >
            <summary>Hittar du inte personen?</summary>
            <div className="manual__fields">
              <p className="field__hint">Skriv uppgifterna själv. Dödsannonsen brukar ha dem.</p>
              <TextField field={fields.deceasedName} label="Namn på den som har gått bort" autoComplete="off" onInput={(e) => setTypedName(e.currentTarget.value)} />
              <TextField
                field={fields.deceasedDeathDate}
                label="Dödsdatum"
                hint="Skriv som ÅÅÅÅ-MM-DD, till exempel 2026-11-20."
                inputMode="numeric"
                autoComplete="off"
                onInput={(e) => setTypedDeathDate(e.currentTarget.value.trim())}
              />
              <TextField field={fields.deceasedTown} label="Hemort" autoComplete="off" />
              <TextField
                field={fields.funeralDate}
                label="Begravningsdag (frivilligt)"
                hint="Om du vet den. Då ser vi till att minnesbladet kommer fram i tid."
                inputMode="numeric"
                autoComplete="off"
                onInput={(e) => setTypedFuneralDate(e.currentTarget.value.trim())}
              />
            </div>
          </details>
        </section>

        {/* 2. Where the sheet goes */}
        <section className="memorial-step" aria-labelledby="steg-mottagare">
          <h2 id="steg-mottagare">2. Vart ska minnesbladet skickas?</h2>
          <fieldset {...groupProps(fields.sheetTo)}>
            <legend>Skicka minnesbladet</legend>
            <FieldError field={fields.sheetTo} />
            {(Object.keys(DESTINATION_LABELS) as Destination[]).map((to) => (
              <label className="choice choice--large" key={to}>
                <input type="radio" name={fields.sheetTo.name} value={to} checked={sheetTo === to} onChange={() => setSheetTo(to)} />
                {DESTINATION_LABELS[to]}
              </label>
            ))}
          </fieldset>

          <div className="sheet-to-parlour">
            {personParlour && (
              <p className="field__hint">
                Begravningen sköts av {personParlour.name}. Vi kan skicka minnesbladet dit, så finns det på plats vid begravningen.
              </p>
            )}
            <div className="search-row">
              <div className="field">
                <label htmlFor="minnesgava-parlourQuery">Sök begravningsbyrå</label>
                <p className="field__hint" id="minnesgava-parlourQuery-hint">
                  Byråns namn eller ort, till exempel Fonus Umeå.
                </p>
                <input
                  id="minnesgava-parlourQuery"
                  name="parlourQuery"
                  type="search"
                  autoComplete="off"
                  enterKeyHint="search"
                  value={parlourQuery}
                  aria-describedby="minnesgava-parlourQuery-hint minnesgava-parlourQuery-status"
                  onChange={(e) => setParlourQuery(e.currentTarget.value)}
                />
              </div>
              <SearchButton intent="searchParlour" hydrated={hydrated} onSearch={parlourSearch.run}>
                Sök byrå
              </SearchButton>
            </div>
            <p className="search-status" id="minnesgava-parlourQuery-status" role="status">
              {searchingParlours
                ? "Söker…"
                : parlourMessage
                  ? parlourMessage
                  : parlours === null
                    ? ""
                    : parlours.length === 0
                      ? "Vi hittade ingen begravningsbyrå med det namnet. Prova med orten, eller skicka minnesbladet till familjen."
                      : `${countOf(parlours.length, "begravningsbyrå", "begravningsbyråer")} hittades.`}
            </p>
            {parlourOptions.length > 0 ? (
              <fieldset {...groupProps(fields.parlourId, "result-list")}>
                <legend className="visually-hidden">Välj begravningsbyrå</legend>
                <FieldError field={fields.parlourId} />
                {parlourOptions.map((parlour) => (
                  <label className="result-choice" key={parlour.id}>
                    <input
                      type="radio"
                      name={fields.parlourId.name}
                      value={parlour.id}
                      checked={parlourId === parlour.id}
                      onChange={() => {
                        setParlourId(parlour.id);
                        setChosenParlour(parlour);
                      }}
                    />
                    <span className="result-choice__body">
                      <span className="result-choice__title">{parlour.name}</span>
                      <span>
                        {parlour.postalAddress.street}, {parlour.postalAddress.postalCode} {parlour.postalAddress.city}
                      </span>
                      {parlour.id === personParlour?.id && <span className="result-choice__note">Har hand om begravningen</span>}
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : (
              <>
                {parlourId !== "" && <input type="hidden" name={fields.parlourId.name} value={parlourId} />}
                <FieldError field={fields.parlourId} />
              </>
            )}
          </div>

          <div className="sheet-to-family">
            <TextField field={fields.recipientName} label="Vem ska minnesbladet till?" hint="Till exempel Familjen Andersson, eller Eva och barnen." autoComplete="off" />
          </div>
          <div className="sheet-to-email">
            <TextField field={fields.recipientEmail} label="Familjens e-postadress" type="email" autoComplete="off" />
          </div>
          <div className="sheet-to-post">
            <TextField field={fields.recipientStreet} label="Familjens gatuadress" autoComplete="off" />
            <TextField field={fields.recipientPostalCode} label="Familjens postnummer" inputMode="numeric" autoComplete="off" className="input--short" />
            <TextField field={fields.recipientCity} label="Familjens ort" autoComplete="off" />
          </div>

          <p className={`delivery-estimate${estimate?.inTimeForFuneral === false ? " delivery-estimate--warning" : ""}`} role="status" hidden={!estimate}>
            {estimate?.inTimeForFuneral === false && <strong>Obs: </strong>}
            {estimate?.message}
          </p>
        </section>

        {/* 3. The sheet */}
        <section className="memorial-step" aria-labelledby="steg-minnesblad">
          <h2 id="steg-minnesblad">3. Minnesbladet</h2>
          <fieldset {...groupProps(fields.design)}>
            <legend>Välj motiv</legend>
            <FieldError field={fields.design} />
            <div className="sheet-designs">
              {MEMORIAL_SHEET_DESIGNS.map((d) => (
                <label className="sheet-design" key={d}>
                  <input type="radio" name={fields.design.name} value={d} checked={design === d} onChange={() => setDesign(d)} />
                  <span className="sheet-design__card">
                    <SheetDesignIcon design={d} />
                    <span>{MEMORIAL_SHEET_DESIGN_LABELS[d]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <TextAreaField
            field={fields.greeting}
            label="Din hälsning (frivilligt)"
            rows={5}
            hint={
              <>
                Några enkla rader räcker, till exempel ett minne eller en tanke till familjen.{" "}
                <span className={greetingLength > GREETING_MAX_CHARACTERS ? "count count--over" : "count"}>
                  {greetingLength} av {GREETING_MAX_CHARACTERS} tecken
                </span>
              </>
            }
            onInput={(e) => setGreeting(e.currentTarget.value)}
          />
          <p className="visually-hidden" role="status" aria-live="polite">
            {announcedLength}
          </p>
          <TextField
            field={fields.signature}
            label="Hälsningar från"
            hint="Ditt eller era namn, så som de ska stå på minnesbladet."
            autoComplete="name"
            onInput={(e) => setSignature(e.currentTarget.value)}
          />
          <div onChange={(e) => setShowAmount((e.target as HTMLInputElement).checked)}>
            <CheckboxField field={fields.showAmount} label="Visa beloppet på minnesbladet" />
          </div>

          <div className="preview">
            <h3>Så här blir minnesbladet</h3>
            {shownPreview ? (
              <img
                className={previewBusy ? "preview__image preview__image--loading" : "preview__image"}
                src={shownPreview.src}
                alt={shownPreview.alt}
                width={600}
                height={849}
              />
            ) : (
              <p className="field__hint">
                {previewable
                  ? hydrated
                    ? "Minnesbladet visas här om ett ögonblick."
                    : "Tryck på Förhandsgranska för att se minnesbladet med din hälsning."
                  : "Välj personen du vill hedra, eller skriv namnet och dödsdatumet, så visar vi minnesbladet här."}
              </p>
            )}
            <PreviewNotes failed={previewFailed} hydrated={hydrated} documentName="Minnesbladet" />
          </div>
        </section>

        {/* 4. The gift */}
        <section className="memorial-step" aria-labelledby="steg-gava">
          <h2 id="steg-gava">4. Din gåva</h2>
          <div
            onChange={(e) => {
              const target = e.target as HTMLInputElement;
              if (target.name === "amount") setAmountText((a) => ({ ...a, amount: target.value }));
            }}
            onInput={(e) => {
              const target = e.target as HTMLInputElement;
              if (target.name === "customAmount") setAmountText({ amount: target.value.trim() ? "annat" : amountText.amount, custom: target.value });
            }}
            className="form"
          >
            <AmountFields fields={fields} limits={limits} />
            <DonorFields fields={fields} />
            <DonorLookupButton notice={actionData?.notice ?? null} />
          </div>
        </section>

        {/* 5. Payment */}
        <section className="memorial-step" aria-labelledby="steg-betalning">
          <h2 id="steg-betalning">5. Betalning</h2>
          <PaymentFields
            fields={fields}
            methods={methods}
            defaultDevice={defaultDevice}
            method={method}
            onMethodChange={(m: GiftPaymentMethod) => setMethod(m)}
          />
        </section>

        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting} data-main-submit="">
            {submitting ? "Skickar…" : (SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt")}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar dina uppgifter, och uppgifterna om den som har gått bort, enligt vår{" "}
          <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}

/** "Sök": a submit button (intent) that re-renders the page with results without JavaScript; with it, searches at once in place. */
function SearchButton({ intent, hydrated, onSearch, children }: { intent: string; hydrated: boolean; onSearch: () => void; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="button button--secondary"
      formNoValidate
      onClick={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
    </button>
  );
}

function uniqueById<T extends { id: string }>(items: (T | null)[]): T[] {
  const seen = new Set<string>();
  return items.filter((item): item is T => item !== null && !seen.has(item.id) && Boolean(seen.add(item.id)));
}
