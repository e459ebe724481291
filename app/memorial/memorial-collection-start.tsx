import { useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/memorial-collection-start";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp } from "../donor/donor-session.server";
import { openCollectionSchema, MESSAGE_MAX_CHARACTERS } from "#core/memorial/collection-forms";
import { managePath, openCollection } from "#core/memorial/collection-service";
import { FundraiserInputError } from "#core/fundraisers/fundraiser-errors";
import { RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { COLLECTION_ORGANISER_KINDS, COLLECTION_ORGANISER_LABELS } from "#core/memorial/collection-status";
import { MemorialSourceError } from "#core/memorial/memorial-source";
import type { DeceasedPerson } from "#core/memorial/memorial-records";
import { MEMORIAL_SHEET_DESIGNS, MEMORIAL_SHEET_DESIGN_LABELS } from "#core/memorial/sheet-designs";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FieldError, TextAreaField, TextField } from "../components/form/field";
import { parseForm, replyWithValues } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { groupProps } from "../components/gift/gift-fields";
import { anySearchLimited, searchDeceasedForPage, type PageSearch } from "./memorial-page-search.server";
import { SheetDesignIcon } from "./sheet-design-icon";
import { DeceasedChoiceBody } from "./collection-parts";
import { enterToSubmit } from "./enter-to-submit";
import "../components/form/form.css";
import "./memorial-gift.css";
import "./memorial-collection.css";

const FIELD_LABELS: Record<string, string> = {
  deceasedId: "Personen",
  organiserKind: "Vem du är",
  organiserName: "Ert namn på sidan",
  organiserEmail: "Er e-postadress",
  message: "Några ord från familjen",
  design: "Motiv",
  slug: "Egen adress",
  familyConsent: "Familjens medgivande",
  form: "Formuläret",
};

export function meta() {
  return [
    { title: "Starta en minnesinsamling" },
    {
      name: "description",
      content: "Starta en minnesinsamling till minne av någon. En sida att dela i dödsannonsen där alla kan ge en minnesgåva till hjärt- och lungforskningen.",
    },
  ];
}

/** `?person=<id>` (from the memorial gift page) starts with that person chosen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const id = new URL(request.url).searchParams.get("person")?.slice(0, 64) ?? "";
  let person: DeceasedPerson | null = null;
  if (id) {
    try {
      person = await container.memorialLookup.deceased(id);
    } catch (error) {
      if (!(error instanceof MemorialSourceError)) throw error;
    }
  }
  return { person };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const formData = await request.formData();
  const query = String(formData.get("deceasedQuery") ?? "");
  const town = String(formData.get("deceasedTownQuery") ?? "");
  const intent = formData.get("intent");
  // Every post re-runs the search typed, so the list (and the choice in it) stays on the page.
  const search: PageSearch<DeceasedPerson> | null = query.trim() || intent === "search" ? await searchDeceasedForPage(container, clientIp(context), query, town) : null;
  const submission = parseForm(formData, openCollectionSchema());
  if (intent === "search") return data({ result: replyWithValues(submission, {}), search }, { status: anySearchLimited(search) ? 429 : 200 });
  const fail = (result: ReturnType<typeof submission.reply>, status = 400) => data({ result, search }, { status });
  if (!(await container.collections.openings.hit(clientIp(context)))) {
    return fail(submission.reply({ formErrors: ["Många insamlingar har startats härifrån på kort tid. Vänta en stund och försök igen, eller ring oss."] }), 429);
  }
  if (submission.status !== "success") return fail(submission.reply());
  try {
    const { collection, token } = await openCollection(
      {
        db: container.db,
        clock: container.clock,
        memorialLookup: container.memorialLookup,
        linkKey: container.collections.linkKey,
        perDeceased: container.collections.perDeceased,
        recipientMail: container.recipientMail,
      },
      submission.value,
    );
    return redirect(`${managePath(collection.slug, token)}&ny=1`, 303);
  } catch (error) {
    if (error instanceof FundraiserInputError || error instanceof RecipientMailLimitedError) {
      const status = error instanceof RecipientMailLimitedError ? 429 : 400;
      return fail(submission.reply({ fieldErrors: Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) }), status);
    }
    if (error instanceof MemorialSourceError) {
      container.logger.warn({ path: "/minnesinsamling", code: error.code }, "memorial source unavailable when opening a collection");
      return fail(submission.reply({ formErrors: ["Vi kan inte kontrollera uppgifterna om personen just nu. Försök igen om en stund."] }), 503);
    }
    throw error;
  }
}

const count = (n: number) => `${n} ${n === 1 ? "person" : "personer"}`;

export default function MemorialCollectionStart({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, formProps, summary } = useSiteForm({
    id: "minnesinsamling",
    schema: openCollectionSchema(),
    intents: { search: z.object({}) },
    lastResult: actionData?.result,
    defaultValue: { design: "ljus", showGreetings: "on", organiserKind: "family", ...(loaderData.person ? { deceasedId: loaderData.person.id } : {}) },
    labels: FIELD_LABELS,
  });
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof initial[name] === "string" ? (initial[name] as string) : "");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const search = actionData?.search ?? null;
  const [deceasedId, setDeceasedId] = useState(fields.deceasedId.initialValue ?? "");
  const preset = loaderData.person;
  const people = uniqueById([...(preset ? [preset] : []), ...(search?.items ?? [])]);

  return (
    <article className="page page--narrow memorial-page collection-page">
      <h1>Starta en minnesinsamling</h1>
      <p className="lead">
        En minnesinsamling är en egen sida till minne av den som har gått bort. Dela adressen i dödsannonsen eller med
        släkt och vänner, så kan alla ge en minnesgåva till hjärt- och lungforskningen i stället för blommor.
      </p>
      <ul className="collection-promises">
        <li>Alla som ger skriver en hälsning. När ni avslutar insamlingen får ni alla minnesblad samlade i en PDF.</li>
        <li>Ni bestämmer om hälsningarna och summan ska synas på sidan. Ingen ser vad någon annan har gett, om inte givaren själv vill.</li>
        <li>Ni behöver inget konto. Vi mejlar en länk som ni hanterar insamlingen med.</li>
      </ul>
      <ErrorSummary {...summary} />
      <Form method="post" className="form memorial-form" {...formProps} onKeyDown={enterToSubmit}>
        <section className="memorial-step" aria-labelledby="steg-person">
          <h2 id="steg-person">1. Vem vill ni hedra?</h2>
          <p className="field__hint">Sök på namnet så som det står i dödsannonsen.</p>
          <div className="search-row">
            <div className="field">
              <label htmlFor="minnesinsamling-deceasedQuery">Sök på namn</label>
              <input id="minnesinsamling-deceasedQuery" name="deceasedQuery" type="search" autoComplete="off" defaultValue={text("deceasedQuery")} />
            </div>
            <div className="field">
              <label htmlFor="minnesinsamling-deceasedTownQuery">Ort (frivilligt)</label>
              <input id="minnesinsamling-deceasedTownQuery" name="deceasedTownQuery" type="search" autoComplete="off" className="input--short" defaultValue={text("deceasedTownQuery")} />
            </div>
            <button type="submit" name="intent" value="search" className="button button--secondary" formNoValidate>
              Sök
            </button>
          </div>
          <p className="search-status" role="status">
            {search?.error ??
              (search === null ? "" : search.items.length === 0 ? "Vi hittade ingen med det namnet under de senaste 90 dagarna. Prova med bara efternamnet." : `${count(search.items.length)} hittades. Välj den ni vill hedra.`)}
          </p>
          {people.length > 0 ? (
            <fieldset {...groupProps(fields.deceasedId, "result-list")}>
              <legend className="visually-hidden">Välj personen</legend>
              <FieldError field={fields.deceasedId} />
              {people.map((person) => (
                <label className="result-choice" key={person.id}>
                  <input type="radio" name={fields.deceasedId.name} value={person.id} checked={deceasedId === person.id} onChange={() => setDeceasedId(person.id)} />
                  <DeceasedChoiceBody person={person} />
                </label>
              ))}
            </fieldset>
          ) : (
            <FieldError field={fields.deceasedId} />
          )}
          <p className="field__hint">
            Hittar ni inte personen? Insamlingen behöver uppgifterna från dödsannonsen. Ring oss så hjälper vi till, eller{" "}
            <Link to="/ge-en-gava/minnesgava">ge en minnesgåva</Link> med uppgifterna ni har.
          </p>
        </section>

        <section className="memorial-step" aria-labelledby="steg-ni">
          <h2 id="steg-ni">2. Om er</h2>
          <fieldset {...groupProps(fields.organiserKind)}>
            <legend>Vem startar insamlingen?</legend>
            <FieldError field={fields.organiserKind} />
            {COLLECTION_ORGANISER_KINDS.map((kind) => (
              <label className="choice choice--large" key={kind}>
                <input type="radio" name={fields.organiserKind.name} value={kind} defaultChecked={fields.organiserKind.initialValue === kind} />
                {COLLECTION_ORGANISER_LABELS[kind]}
              </label>
            ))}
          </fieldset>
          <TextField field={fields.organiserName} label="Ert namn så som det ska stå på sidan" hint="Till exempel Familjen Öberg, eller Eva och barnen." autoComplete="name" />
          <TextField
            field={fields.organiserEmail}
            label="Er e-postadress"
            hint="Dit skickar vi länken för att hantera insamlingen, och alla minnesblad när den avslutas. Den visas inte på sidan."
            type="email"
            autoComplete="email"
          />
          <CheckboxField field={fields.familyConsent} label="Familjen vill att insamlingen startas" />
        </section>

        <section className="memorial-step" aria-labelledby="steg-sidan">
          <h2 id="steg-sidan">3. Sidan</h2>
          <TextAreaField
            field={fields.message}
            label="Några ord från familjen (frivilligt)"
            rows={4}
            hint={`Visas överst på sidan, till exempel: I stället för blommor, tänk gärna på hjärt- och lungforskningen. Högst ${MESSAGE_MAX_CHARACTERS} tecken.`}
          />
          <fieldset {...groupProps(fields.design)}>
            <legend>Motiv för sidan och minnesbladen</legend>
            <FieldError field={fields.design} />
            <div className="sheet-designs">
              {MEMORIAL_SHEET_DESIGNS.map((d) => (
                <label className="sheet-design" key={d}>
                  <input type="radio" name={fields.design.name} value={d} defaultChecked={fields.design.initialValue === d} />
                  <span className="sheet-design__card">
                    <SheetDesignIcon design={d} />
                    <span>{MEMORIAL_SHEET_DESIGN_LABELS[d]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="fieldset">
            <legend>Vad ska synas på sidan?</legend>
            <CheckboxField field={fields.showGreetings} label="Hälsningar och namn från dem som har gett och vill synas" />
            <CheckboxField field={fields.showTotal} label="Hur mycket som har samlats in totalt" />
            <p className="field__hint">Enskilda belopp syns bara om givaren själv väljer det. Ni kan ändra det här senare.</p>
          </fieldset>
          <TextField
            field={fields.slug}
            label="Egen adress (frivilligt)"
            hint="Lämna tomt så skapar vi en adress som ingen kan gissa. Vill ni välja själv, till exempel marta-oberg, blir sidan /minnesinsamling/marta-oberg."
            autoComplete="off"
            spellCheck={false}
          />
        </section>

        <p>
          <button type="submit" className="button button--primary button--large" disabled={busy} data-main-submit="">
            {busy ? "Skickar…" : "Starta minnesinsamlingen"}
          </button>
        </p>
        <p className="field__hint">
          Vi behandlar era uppgifter, och uppgifterna om den som har gått bort, enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}

function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
