import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/list-order";
import { containerContext } from "../context";
import { checkout } from "../giving/checkout.server";
import { type GiftPaymentMethod } from "#core/gifts/gift-form";
import { giveListOrder, LIST_KIND_CHOICES, LIST_TOO_LARGE_MESSAGE, listOrderFormSchema, MAX_ROWS, MAX_UPLOAD_BYTES, readRecipientList, type RowError } from "#core/list-orders/list-order";
import { DESIGN_LABELS, GIFT_DOCUMENT_DESIGNS, TEXT_MAX_CHARACTERS } from "#core/gift-documents/gift-documents";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { latestDeliveryDate } from "#core/gift-documents/gift-document-form";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, TextAreaField, TextField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { AmountFields, DonorFields, GIFT_FIELD_LABELS, PaymentFields, SUBMIT_LABELS } from "../components/gift/gift-fields";
import { giftFormInit, giftFormSetup } from "../components/gift/gift-form-setup.server";
import { OCCASION_CHOICES, RadioChoices } from "./radio-choices";
import { ListRowErrors } from "./list-row-errors";
import "../components/form/form.css";
import "./gift-document-form.css";
import "./gift-document-order.css";

/**
 * /ge-en-gava/lista: a company orders gift certificates, diplomas or gift
 * cards for many recipients at once from a CSV file (multipart form, works
 * without JavaScript). Every row is checked before anything is stored; the
 * problems are listed by line, column and reason, and nothing is paid until
 * the whole list is right. One gift for the whole list, typically by invoice.
 */
export function meta() {
  return [
    { title: "Beställ till många mottagare – gåvobevis, diplom och gåvokort med lista" },
    { name: "description", content: "För företag och föreningar: skicka gåvobevis, diplom eller gåvokort till många mottagare på en gång från en lista." },
  ];
}

// A larger request is refused before it reaches the action, with the same words (server/page-requests.ts, UPLOAD_PAGES).
const TOO_LARGE = LIST_TOO_LARGE_MESSAGE;

/** The loader's Cache-Control (private once a donor's or a letter's details are filled in) reaches the page's response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const setup = await giftFormSetup(context, request);
  const now = context.get(containerContext).clock.now();
  // A company pays the whole list with one invoice: offered first.
  const methods = setup.methods.includes("invoice") ? (["invoice", ...setup.methods.filter((m) => m !== "invoice")] as typeof setup.methods) : setup.methods;
  return data({ ...setup, methods, now: now.toISOString(), today: swedishDate(now), latest: latestDeliveryDate(now) }, giftFormInit(setup));
}

type ActionResult = { result: FormResult; fileError: string | null; rowErrors: RowError[]; rows: number | null };

export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    const message = "Formuläret kunde inte läsas. Välj filen igen och skicka på nytt.";
    return data<ActionResult>({ result: { status: "error", error: { file: [message] } }, fileError: message, rowErrors: [], rows: null }, { status: 400 });
  }
  const submission = parseForm(formData, listOrderFormSchema(container.giftLimits, container.clock.now()));
  const file = formData.get("file");
  const read =
    file instanceof File && file.size > 0
      ? file.size > MAX_UPLOAD_BYTES
        ? ({ ok: false, fileError: TOO_LARGE, rowErrors: [] } as const)
        : readRecipientList(new Uint8Array(await file.arrayBuffer()))
      : ({ ok: false, fileError: "Välj filen med mottagarna (CSV).", rowErrors: [] } as const);
  const fileError = read.ok ? null : read.fileError ?? (read.rowErrors.length > 0 ? `${new Set(read.rowErrors.map((e) => e.row)).size} rader i listan behöver rättas. Inget är beställt.` : null);
  const rowErrors: RowError[] = read.ok ? [] : [...read.rowErrors];
  const fileFieldError: Record<string, string[]> = fileError ? { file: [fileError] } : {};
  if (submission.status !== "success" || !read.ok) {
    const reply = submission.status === "success" ? submission.reply({ fieldErrors: fileFieldError }) : submission.reply();
    const result: FormResult = submission.status === "success" ? reply : { ...reply, error: { ...(reply.error ?? {}), ...fileFieldError } };
    return data<ActionResult>({ result, fileError, rowErrors, rows: read.ok ? read.recipients.length : null }, { status: 400 });
  }
  const outcome = await checkout(context, request, {
    submission,
    form: "/ge-en-gava/lista",
    limitOrders: true,
    give: (value, giver) => giveListOrder(container, value, read.recipients, giver),
  });
  return outcome.response ?? data<ActionResult>({ result: outcome.result, fileError: null, rowErrors: [], rows: null }, { status: outcome.status });
}

const FIELD_LABELS: Record<string, string> = {
  file: "Lista med mottagare",
  kind: "Vad mottagarna får",
  design: "Motiv",
  occasion: "Tillfälle",
  text: "Gemensam text",
  signature: "Från",
  deliveryDate: "Datum",
  ...GIFT_FIELD_LABELS,
  amount: "Belopp per mottagare",
  customAmount: "Annat belopp per mottagare",
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

const ALL_DESIGNS = [...new Set(Object.values(GIFT_DOCUMENT_DESIGNS).flat())];

export default function ListOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, idempotencyKey, defaultDevice, methods, prefill, now, today, latest } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "lista",
    schema: listOrderFormSchema(limits, new Date(now)),
    lastResult: actionData?.result,
    defaultValue: { amount: "250", swishDevice: defaultDevice, paymentMethod: methods[0] ?? "invoice", kind: "gift_certificate", design: "lager", occasion: "foretagets_tack", showAmount: "on", ...prefill, idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "invoice");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [clientFileError, setClientFileError] = useState<string | null>(null);
  const fileError = clientFileError ?? actionData?.fileError ?? null;
  const rowErrors = clientFileError ? [] : (actionData?.rowErrors ?? []);
  const kind = (fields.kind.initialValue as string | undefined) ?? "gift_certificate";
  const design = (fields.design.initialValue as string | undefined) ?? "lager";
  const occasion = (fields.occasion.initialValue as string | undefined) ?? "foretagets_tack";

  return (
    <article className="page page--narrow gift-page gift-document-page">
      <p className="gift-document-page__kicker">För företag och föreningar</p>
      <h1>Beställ till många mottagare</h1>
      <p className="lead">
        Tacka kunder, medarbetare eller medlemmar med en gåva till hjärt- och lungforskningen i deras namn. Ladda upp en
        lista, så skickar vi ett gåvobevis, diplom eller gåvokort till var och en – med e-post eller post. Hela listan
        betalas med en faktura.
      </p>
      <ErrorSummary {...summary} />
      {rowErrors.length > 0 ? <ListRowErrors errors={rowErrors} note="Rätta raderna i filen och välj den igen. Inget är beställt eller betalt." /> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="form gift-form gift-document-form"
        {...formProps}
        onSubmit={(event) => {
          // A file over the limit is not sent at all: the donor is told at once.
          const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
          if (file && file.size > MAX_UPLOAD_BYTES) {
            event.preventDefault();
            setClientFileError(LIST_TOO_LARGE_MESSAGE);
            return;
          }
          setClientFileError(null);
          formProps.onSubmit?.(event);
        }}
      >
        <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />

        <h2>Listan</h2>
        <div className={`field${fileError ? " field--error" : ""}`} id="lista-file">
          <label htmlFor="list-file">Lista med mottagare (CSV, högst 1 MB)</label>
          <p className="field__hint" id="list-file-hint">
            Spara listan från Excel som ”CSV (semikolonavgränsad)”. Första raden är rubriker: <strong>namn; e-post; gatuadress; postnummer; ort; text</strong>.
            Med e-post skickar vi med e-post, annars med post. Text är frivillig och ersätter den gemensamma texten. Högst {MAX_ROWS} rader.
          </p>
          {fileError ? (
            <p className="field__error" id="list-file-error" role={clientFileError ? "alert" : undefined}>
              {fileError}
            </p>
          ) : null}
          <input
            id="list-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby={`list-file-hint${fileError ? " list-file-error" : ""}`}
            aria-invalid={fileError ? true : undefined}
          />
          <p className="field__hint">
            <a href="/exempel/mottagarlista.csv" download>
              Ladda ner en exempellista
            </a>
          </p>
        </div>

        <RadioChoices field={fields.kind} legend="Vad ska mottagarna få?" choices={LIST_KIND_CHOICES} initial={kind} className="" />
        <RadioChoices
          field={fields.design}
          legend="Motiv"
          hint="Gåvobevis: Lagerkrans eller Band och rosett. Diplom: Sigill eller Lagerkrans. Gåvokort: Hjärtan, Blommor eller Stjärnor."
          choices={ALL_DESIGNS.map((value) => ({ value, label: DESIGN_LABELS[value] }))}
          initial={design}
        />
        <RadioChoices field={fields.occasion} legend="Tillfälle" choices={OCCASION_CHOICES} initial={occasion} />
        <TextAreaField field={fields.text} label="Gemensam text (frivillig)" rows={4} hint={`Står på varje dokument som inte har en egen text i listan. Högst ${TEXT_MAX_CHARACTERS} tecken.`} />
        <TextField field={fields.signature} label="Från" autoComplete="organization" hint="Till exempel företagets namn." />
        <TextField
          field={fields.deliveryDate}
          label="Datum (frivilligt)"
          type="date"
          min={today}
          max={latest}
          hint="Dagen e-posten skickas och posten ska vara framme. Lämna tomt så skickar vi så snart fakturan är betald."
        />
        <CheckboxField field={fields.showAmount} label="Visa beloppet på dokumenten" />

        <h2>Gåvan</h2>
        <AmountFields fields={fields} limits={limits} legend="Belopp per mottagare" />
        <DonorFields fields={fields} />
        <PaymentFields fields={fields} methods={methods} defaultDevice={defaultDevice} method={method} onMethodChange={setMethod} />

        <p>
          <button type="submit" className="button button--primary button--large" disabled={submitting}>
            {submitting ? "Kontrollerar listan…" : SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt"}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar uppgifterna enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>. Mottagarnas uppgifter används bara för att skicka dokumenten.
        </p>
      </Form>
    </article>
  );
}
