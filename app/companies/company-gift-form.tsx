import { useEffect, useRef, useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/company-gift-form";
import { containerContext, freshTokenContext } from "../context";
import { checkout } from "../giving/checkout.server";
import { companyGiftFields, companyGiftPageSchema, COMPANY_PAYMENT_METHODS, type CompanyPaymentMethod } from "#core/companies/company-gift-form";
import { giveCompanyGift } from "#core/companies/give-company-gift";
import { checkLogo, logoLimitText, type LogoCheck } from "#core/companies/company-logo";
import { christmasCards } from "#core/companies/company-christmas";
import { MAX_ROWS, MAX_UPLOAD_BYTES, readRecipientList, LIST_TOO_LARGE_MESSAGE, type ListReadResult, type RowError } from "#core/list-orders/list-order";
import { CARD_GREETING_MAX_CHARACTERS } from "#core/cards/card-design";
import type { CardChoices } from "#core/cards/card-choices";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { CheckboxField, TextAreaField } from "../components/form/field";
import { ListRowErrors } from "../cards/list-row-errors";
import { CardPicker, pickerGroups } from "../cards/card-picker";
import { useApiCall } from "../client/client-shell-context";
import { API_TIMEOUTS_MS } from "../error-reporting/api-call";
import { previewGreetingCard } from "../cards/preview-card";
import "./company-christmas.css";
import { parseOrganisationsnummer } from "#core/companies/organisationsnummer";
import { formatNumber } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { AddressFields } from "../components/form/address-fields";
import { FieldError, TextField } from "../components/form/field";
import { groupProps, Honeypot } from "../components/gift/gift-fields";
import { parseForm, type FormResult } from "../components/form/parse-form";
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
  logo: "Logotyp",
  sendCard: "Julkort",
  cardCode: "Julkortets motiv",
  cardGreeting: "Julhälsning",
  cardList: "Lista med mottagare",
  // An address on the list has had as many e-mails from us as it may for now (core/mail/recipient-limit.ts).
  recipientEmail: "Lista med mottagare",
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

/** The Christmas cards on sale, as the browser checks them; the server checks the catalogue again. */
function christmasChoices(codes: readonly string[]): CardChoices {
  const offered = new Set(codes);
  return { has: (code) => offered.has(code), onSale: () => true };
}

export async function loader({ context }: Route.LoaderArgs) {
  const { companyGiftLimits, paymentSetup, cards, clock } = context.get(containerContext);
  const now = clock.now();
  const christmas = christmasCards(cards, swedishDate(now));
  return {
    limits: companyGiftLimits,
    now: now.toISOString(),
    groups: pickerGroups(christmas.length > 0 ? [{ occasion: "christmas", label: "Jul", description: "Julkort i föreningens färger.", inSeason: true, cards: christmas }] : []),
    idempotencyKey: context.get(freshTokenContext)(),
    methods: COMPANY_PAYMENT_METHODS.filter((m) => (paymentSetup.methods as readonly string[]).includes(m)),
  };
}

type ActionResult = { result: FormResult; rowErrors: RowError[] };

/** The logo and the list are files: read beside the schema, their problems put on their fields as the schema's are. */
export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const formData = await request.formData();
  if (formData.get("intent") === "legal-form") {
    const submission = parseForm(formData, legalFormCheck);
    return data<ActionResult>({ result: submission.reply(), rowErrors: [] }, { status: submission.status === "success" ? 200 : 400 });
  }
  const now = container.clock.now();
  const codes = christmasCards(container.cards, swedishDate(now)).map((card) => card.code);
  const submission = parseForm(formData, companyGiftPageSchema(container.companyGiftLimits, christmasChoices(codes), now));
  const logoFile = formData.get("logo");
  const logo: LogoCheck | null =
    logoFile instanceof File && logoFile.size > 0 ? checkLogo(new Uint8Array(await logoFile.arrayBuffer()), { maxBytes: container.companyGiftLimits.logoMaxBytes }) : null;
  const wantsCard = submission.status === "success" ? submission.value.card !== null : formData.get("sendCard") === "on";
  const listFile = formData.get("cardList");
  const list: ListReadResult | null = !wantsCard
    ? null
    : listFile instanceof File && listFile.size > 0
      ? listFile.size > MAX_UPLOAD_BYTES
        ? { ok: false, fileError: LIST_TOO_LARGE_MESSAGE, rowErrors: [] }
        : readRecipientList(new Uint8Array(await listFile.arrayBuffer()), { emailOnly: true })
      : { ok: false, fileError: "Välj listan med mottagarna (CSV).", rowErrors: [] };
  const fileErrors: Record<string, string[]> = {};
  if (logo && !logo.ok) fileErrors.logo = [logo.message];
  if (list && !list.ok) {
    fileErrors.cardList = [list.fileError ?? `${new Set(list.rowErrors.map((e) => e.row)).size} rader i listan behöver rättas. Inget är skickat eller beställt.`];
  }
  const rowErrors = list && !list.ok ? [...list.rowErrors] : [];
  if (submission.status !== "success" || Object.keys(fileErrors).length > 0) {
    const reply = submission.reply({ fieldErrors: fileErrors });
    const result: FormResult = { ...reply, error: { ...(reply.error ?? {}), ...fileErrors } };
    return data<ActionResult>({ result, rowErrors }, { status: 400 });
  }
  const recipients = list?.ok ? list.recipients : [];
  const outcome = await checkout(context, request, {
    submission,
    form: "/foretag/ge-en-gava",
    // Cards to a list are e-mail we send: counted per visitor as the other orders are.
    limitOrders: recipients.length > 0,
    // The giver is the company, never a logged-in visitor: the session is not passed on.
    give: (value) =>
      giveCompanyGift(container, value, {
        logo: logo?.ok ? logo.logo : null,
        card: value.card ? { choice: value.card, recipients } : null,
      }),
  });
  return outcome.response ?? data<ActionResult>({ result: outcome.result, rowErrors: [] }, { status: outcome.status });
}

export default function CompanyGiftForm({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, methods, groups, now } = loaderData;
  const christmasCodes = groups.flatMap((g) => g.cards.map((c) => c.code));
  const firstCard = groups[0]?.cards[0];
  const { fields, formProps, summary } = useSiteForm({
    id: "foretagsgava",
    schema: companyGiftPageSchema(limits, christmasChoices(christmasCodes), new Date(now)),
    intents: { "legal-form": legalFormCheck },
    lastResult: actionData?.result,
    defaultValue: { amount: "", paymentMethod: methods[0] ?? "invoice", cardCode: firstCard?.code ?? "", cardGreeting: firstCard?.greeting ?? "", idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const [orgNumber, setOrgNumber] = useState<string>((fields.organisationsnummer.initialValue as string | undefined) ?? "");
  const [method, setMethod] = useState<string>((fields.paymentMethod.initialValue as string | undefined) ?? methods[0] ?? "invoice");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const minimum = `${formatNumber(limits.minKr)} kr`;
  const rowErrors = actionData?.rowErrors ?? [];
  // The files are not the schema's fields: their errors come back in the action's result under their names.
  const fileErrors = (actionData?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  const logoError = fileErrors.logo?.[0] ?? null;
  const listError = fileErrors.cardList?.[0] ?? null;
  const preview = useCertificatePreview(limits.logoMaxBytes);
  const [sendCard, setSendCard] = useState<boolean>(fields.sendCard.initialValue === "on");

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
      {rowErrors.length > 0 ? <ListRowErrors errors={rowErrors} note="Rätta raderna i filen och välj den igen. Inget är skickat eller beställt." /> : null}
      <Form method="post" encType="multipart/form-data" className="form gift-form" {...formProps}
        onChange={(event) => {
          preview.onFormChange(event);
          const target = event.target as unknown as HTMLInputElement;
          if (target.name === "sendCard") setSendCard(target.checked);
        }}
      >
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

        <TextField field={fields.companyName} label="Företagets namn" autoComplete="organization" hint="Så som det ska stå på gåvobeviset." />
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

        <h2>Julgåva i stället för julklappar</h2>
        <p>
          Ger ni gåvan i stället för julklappar till kunder eller medarbetare? Ni får ett gåvobevis med företagets namn att visa upp – med er
          logotyp om ni vill – och kan skicka ett digitalt julkort till en lista. Båda är frivilliga och ingår i gåvan.
        </p>
        <div className={`field${logoError || preview.error ? " field--error" : ""}`} id="foretagsgava-logo">
          <label htmlFor="company-logo">Företagets logotyp (frivillig, PNG eller SVG, {logoLimitText({ maxBytes: limits.logoMaxBytes })})</label>
          <p className="field__hint" id="company-logo-hint">
            Den står överst på gåvobeviset. En SVG-fil med text ska ha texten omvandlad till konturer. En PNG ska vara minst 32 och högst 4 000
            bildpunkter på varje led.
          </p>
          {logoError || preview.error ? (
            <p className="field__error" id="company-logo-error" role={preview.error ? "alert" : undefined}>
              {preview.error ?? logoError}
            </p>
          ) : null}
          <input
            id="company-logo"
            name="logo"
            type="file"
            accept=".png,.svg,image/png,image/svg+xml"
            aria-describedby={`company-logo-hint${logoError || preview.error ? " company-logo-error" : ""}`}
            aria-invalid={logoError || preview.error ? true : undefined}
          />
        </div>
        <div className="preview" aria-live="polite">
          {preview.src ? (
            <>
              <h3>Så här blir gåvobeviset</h3>
              <img className="company-gift-form__preview" src={preview.src} alt="Förhandsvisning av gåvobeviset med företagets namn och logotyp." width={320} height={453} />
            </>
          ) : (
            <p className="field__hint">Gåvobeviset visas när ni har skickat gåvan, och här så snart ni väljer en logotyp.</p>
          )}
        </div>

        {groups.length > 0 ? (
          <>
            <CheckboxField field={fields.sendCard} label="Skicka ett digitalt julkort till kunder eller medarbetare" />
            <div className="company-gift-form__card" hidden={!sendCard && preview.hydrated}>
              <CardPicker field={fields.cardCode} groups={groups} initialCode={(fields.cardCode.initialValue as string | undefined) ?? firstCard?.code ?? ""} />
              <TextAreaField
                field={fields.cardGreeting}
                label="Julhälsning"
                rows={4}
                maxLength={CARD_GREETING_MAX_CHARACTERS + 50}
                hint={`Står på kortet, med företagets namn under. Högst ${CARD_GREETING_MAX_CHARACTERS} tecken.`}
              />
              <CardPreview groups={groups} />
              <div className={`field${listError ? " field--error" : ""}`} id="foretagsgava-cardList">
                <label htmlFor="card-list">Lista med mottagare (CSV, högst 1 MB)</label>
                <p className="field__hint" id="card-list-hint">
                  Spara listan från Excel som ”CSV (semikolonavgränsad)”. Första raden är rubriker: <strong>namn; e-post</strong> och gärna{" "}
                  <strong>text</strong>, som ersätter hälsningen för den raden. Varje adress får ett kort, högst {MAX_ROWS} mottagare. Korten skickas
                  med e-post när gåvan är betald.
                </p>
                {listError ? (
                  <p className="field__error" id="card-list-error">
                    {listError}
                  </p>
                ) : null}
                <input id="card-list" name="cardList" type="file" accept=".csv,text/csv" aria-describedby={`card-list-hint${listError ? " card-list-error" : ""}`} aria-invalid={listError ? true : undefined} />
              </div>
            </div>
          </>
        ) : null}

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

/**
 * The certificate's live preview (with JavaScript): when the logo or the
 * company's name changes, both go to /foretag/ge-en-gava/gavobevis.png, which
 * checks the logo as the gift will and answers the certificate as an image,
 * or the reason the logo is refused.
 */
function useCertificatePreview(maxBytes: number) {
  const apiCall = useApiCall();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  const request = (form: HTMLFormElement) => {
    const logo = (form.elements.namedItem("logo") as HTMLInputElement | null)?.files?.[0];
    if (!logo) {
      setError(null);
      return;
    }
    if (logo.size > maxBytes) {
      setError(`Logotypen är för stor. Filen får vara ${logoLimitText({ maxBytes })}.`);
      return;
    }
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    const body = new FormData();
    body.set("logo", logo);
    body.set("companyName", (form.elements.namedItem("companyName") as HTMLInputElement | null)?.value ?? "");
    body.set("amount", (form.elements.namedItem("amount") as HTMLInputElement | null)?.value ?? "");
    void apiCall(
      "CompanyCertificate/Preview",
      "error_gift_card_preview",
      async (signal) => {
        const response = await fetch("/foretag/ge-en-gava/gavobevis.png", { method: "POST", body, signal });
        if (response.status === 400) {
          const refused = (await response.json()) as { error?: { message?: string } };
          return { error: refused.error?.message ?? "Logotypen kunde inte läsas." };
        }
        if (!response.ok) return { error: "Förhandsvisningen gick inte att visa just nu. Gåvan kan skickas ändå." };
        return { url: URL.createObjectURL(await response.blob()) };
      },
      { timeoutMs: API_TIMEOUTS_MS.frontend, signal: controller.signal },
    ).then(
      (answer) => {
        setError(answer.error ?? null);
        if (answer.url) setSrc(answer.url);
      },
      () => undefined,
    );
  };

  const onFormChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (!["logo", "companyName", "amount"].includes(target.name)) return;
    const form = event.currentTarget;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => request(form), target.name === "logo" ? 0 : 400);
  };
  return { src, error, hydrated, onFormChange };
}

/** The Christmas card's live preview (with JavaScript), with the greeting typed and a stand-in for each recipient's name. */
function CardPreview({ groups }: { groups: ReturnType<typeof pickerGroups> }) {
  const apiCall = useApiCall();
  const [src, setSrc] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = formRef.current?.closest("form");
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let controller: AbortController | null = null;
    const update = () => {
      const code = (form.querySelector('input[name="cardCode"]:checked') as HTMLInputElement | null)?.value ?? groups[0]?.cards[0]?.code ?? "";
      const greeting = (form.elements.namedItem("cardGreeting") as HTMLTextAreaElement | null)?.value ?? "";
      const giverName = (form.elements.namedItem("companyName") as HTMLInputElement | null)?.value || "Företagets namn";
      if (!code || greeting.trim().length < 2) return;
      controller?.abort();
      controller = new AbortController();
      previewGreetingCard(apiCall, { cardCode: code, greeting, recipientName: "Mottagarens namn", giverName }, { signal: controller.signal }).then(
        (url) => setSrc((old) => (old && URL.revokeObjectURL(old), url)),
        () => undefined,
      );
    };
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement).name;
      if (!["cardCode", "cardGreeting", "companyName", "sendCard"].includes(name)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(update, 400);
    };
    form.addEventListener("input", onInput);
    form.addEventListener("change", onInput);
    update();
    return () => {
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onInput);
      controller?.abort();
    };
  }, [apiCall, groups]);
  return (
    <div className="preview" ref={formRef}>
      <h3>Så här blir julkortet</h3>
      {src ? (
        <img className="company-gift-form__preview" src={src} alt="Förhandsvisning av julkortet med företagets hälsning." width={600} height={425} />
      ) : (
        <p className="field__hint">{hydrated ? "Kortet visas här om ett ögonblick." : "Ni ser kortet med er hälsning när gåvan är skickad, innan något går i väg."}</p>
      )}
    </div>
  );
}
