import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/fundraiser-start";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp, optionalDonor } from "../donor/donor-session.server";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { startFundraiserSchema, PURPOSE_MAX_CHARACTERS, TITLE_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import { FundraiserInputError, fundraiserManagePath, startFundraiser } from "#core/fundraisers/fundraiser-service";
import { DEFAULT_PICTURE_FOR_KIND, FUNDRAISER_KIND_LABELS, FUNDRAISER_PICTURES, FUNDRAISER_PICTURE_LABELS, PERSONAL_FUNDRAISER_KINDS } from "#core/fundraisers/fundraiser-kinds";
import { RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { ALT_TEXT_MAX_CHARACTERS, chosenFile, PICTURE_ACCEPT, PICTURE_MESSAGES, pictureSizeText } from "#core/fundraisers/fundraiser-pictures";
import { readPictureUpload } from "./fundraiser-picture-upload.server";
import { TeamJoinError } from "#core/fundraisers/fundraiser-team-rules";
import { joiningTeam } from "./fundraiser-team-join.server";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FieldError, FileField, TextAreaField, TextField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { groupProps } from "../components/gift/gift-fields";
import { FundraiserPicture } from "./fundraiser-picture";
import "../components/form/form.css";
import "./fundraiser.css";

const FIELD_LABELS: Record<string, string> = {
  kind: "Vad du samlar in till",
  title: "Rubrik",
  message: "Text",
  goal: "Mål",
  endsOn: "Slutdatum",
  picture: "Bild",
  pictureFile: "Egen bild",
  pictureAlt: "Beskrivning av bilden",
  organiserName: "Ditt namn",
  organiserEmail: "Din e-postadress",
  slug: "Egen adress",
  terms: "Villkoren",
  form: "Formuläret",
};

const KIND_HINTS: Record<(typeof PERSONAL_FUNDRAISER_KINDS)[number], string> = {
  birthday: "Be om gåvor till forskningen i stället för presenter.",
  wedding: "Låt gästerna ge till forskningen på er stora dag.",
  challenge: "Spring, simma, cykla – och låt andra sponsra dig.",
  in_honour: "Hedra någon som lever, eller en person ni vill tacka.",
  other: "Ett jubileum, en pensionering, en klass eller ett lag.",
};

export function meta() {
  return [
    { title: "Starta en insamling" },
    { name: "description", content: "Starta en egen insamling till hjärt- och lungforskningen – på födelsedagen, bröllopet, i en utmaning eller till någons ära." },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await optionalDonor(context, request);
  const container = context.get(containerContext);
  return {
    today: swedishDate(container.clock.now()),
    pictureMaxBytes: container.fundraiserPictures.maxBytes,
    // Started from a team's link (?lag=…): the page joins that team (decision 0052).
    team: await joiningTeam(context, new URL(request.url).searchParams.get("lag")),
    donor: session ? { name: `${session.donor.given_name} ${session.donor.surname}`.trim(), email: session.donor.email ?? "" } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const session = await optionalDonor(context, request);
  const formData = await request.formData();
  const submission = parseForm(formData, startFundraiserSchema(swedishDate(container.clock.now())));
  const fail = (result: FormResult, status = 400) => data({ result }, { status });
  // The picture is a file beside the schema: its problem goes on its field as the schema's do.
  const withPictureError = (message: string): FormResult => {
    const reply = submission.reply();
    return { ...reply, error: { ...(reply.error ?? {}), pictureFile: [message] } };
  };
  if (submission.status !== "success") {
    // A page sent back cannot hold the chosen file: say so on its field, or the picture is silently lost.
    return fail(chosenFile(formData.get("pictureFile")) ? withPictureError(PICTURE_MESSAGES.chooseAgain) : submission.reply());
  }
  if (!(await container.fundraisers.starts.hit(clientIp(context)))) {
    return fail(submission.reply({ formErrors: ["Många insamlingar har startats härifrån på kort tid. Vänta en stund och försök igen, eller ring oss."] }), 429);
  }
  const upload = await readPictureUpload(context, formData);
  if (upload.kind === "refused") return fail(withPictureError(upload.message), upload.status);
  try {
    const { fundraiser, token } = await startFundraiser(
      { db: container.db, clock: container.clock, linkKey: container.collections.linkKey, recipientMail: container.recipientMail, visibleBeforeReview: container.fundraisers.visibleBeforeReview },
      submission.value,
      { donorId: session?.donor.id ?? null },
      upload.kind === "ok" ? upload.picture : null,
    );
    // With BankID the organiser is who they say, and goes straight to their page's tools; otherwise the e-mailed link confirms the address.
    if (session) return redirect(`${fundraiserManagePath(fundraiser.slug, token)}&ny=1`, 303);
    return redirect(`/insamling/startad?till=${encodeURIComponent(fundraiser.organiser_email)}`, 303);
  } catch (error) {
    if (error instanceof TeamJoinError) return fail(submission.reply({ formErrors: [error.message] }));
    if (error instanceof FundraiserInputError || error instanceof RecipientMailLimitedError) {
      const status = error instanceof RecipientMailLimitedError ? 429 : 400;
      return fail(submission.reply({ fieldErrors: Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) }), status);
    }
    throw error;
  }
}

export default function FundraiserStart({ loaderData, actionData }: Route.ComponentProps) {
  const { today, donor, pictureMaxBytes, team } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "insamling",
    schema: startFundraiserSchema(today),
    lastResult: actionData?.result,
    defaultValue: { kind: "birthday", picture: DEFAULT_PICTURE_FOR_KIND.birthday, listed: "on", showTotal: "on", organiserName: donor?.name ?? "", organiserEmail: donor?.email ?? "" },
    labels: FIELD_LABELS,
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <article className="page page--narrow fundraiser-start">
      <h1>Starta en insamling</h1>
      <p className="lead">
        Samla in till forskningen om hjärt- och lungsjukdomar när du fyller år, gifter dig, antar en utmaning eller vill hedra någon. Du får en egen sida att dela,
        och alla gåvor går direkt till forskningen.
      </p>
      {donor ? (
        <p className="notice">Du är inloggad med BankID som {donor.name}. Insamlingen startar direkt och kopplas till dig.</p>
      ) : (
        <p className="notice">
          Vi skickar en länk till din e-postadress. Öppna den för att bekräfta att det är du – först då syns sidan. Vill du hellre starta direkt kan du{" "}
          <Link to="/logga-in?returnTo=%2Finsamling">logga in med BankID</Link>.
        </p>
      )}
      {team && (
        <p className="notice" role={team.joinable ? undefined : "alert"}>
          {team.joinable ? `Din insamling blir en del av laget ”${team.name}”. Lagets sida räknar ihop alla insamlingar i laget.` : team.message}
        </p>
      )}
      <ErrorSummary {...summary} />
      <Form method="post" encType="multipart/form-data" className="form" {...formProps}>
        {team?.joinable && <input type="hidden" name="team" value={team.slug} />}
        <section className="memorial-step" aria-labelledby="steg-vad">
          <h2 id="steg-vad">1. Vad samlar du in till?</h2>
          <fieldset {...groupProps(fields.kind)}>
            <legend>Tillfälle</legend>
            <FieldError field={fields.kind} />
            {PERSONAL_FUNDRAISER_KINDS.map((kind) => (
              <label className="choice choice--large" key={kind}>
                <input type="radio" name={fields.kind.name} value={kind} defaultChecked={fields.kind.initialValue === kind} />
                <span>
                  <strong>{FUNDRAISER_KIND_LABELS[kind]}</strong>
                  <span className="choice__hint">{KIND_HINTS[kind]}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </section>

        <section className="memorial-step" aria-labelledby="steg-sidan">
          <h2 id="steg-sidan">2. Din sida</h2>
          <TextField field={fields.title} label="Rubrik" hint={`Till exempel: Annas 50-årsdag – för ett friskt hjärta. Högst ${TITLE_MAX_CHARACTERS} tecken.`} maxLength={TITLE_MAX_CHARACTERS * 2} />
          <TextAreaField field={fields.message} label="Berätta varför du samlar in" rows={6} hint={`Några meningar om dig, tillfället och varför forskningen betyder något för dig. Högst ${PURPOSE_MAX_CHARACTERS} tecken.`} />
          <fieldset {...groupProps(fields.picture)}>
            <legend>Bild</legend>
            <FieldError field={fields.picture} />
            <div className="fundraiser-pictures">
              {FUNDRAISER_PICTURES.map((p) => (
                <label className="fundraiser-picture-choice" key={p}>
                  <input type="radio" name={fields.picture.name} value={p} defaultChecked={fields.picture.initialValue === p} />
                  <span className="fundraiser-picture-choice__card">
                    <FundraiserPicture picture={p} size={64} />
                    <span>{FUNDRAISER_PICTURE_LABELS[p]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="fieldset">
            <legend>Egen bild (frivillig)</legend>
            <p className="field__hint">
              Du kan också ladda upp ett eget foto. Det visas på sidan när vi har tittat på det, oftast inom en arbetsdag – till dess visas bilden du valde
              ovan. Vi tar bort platsuppgifter och annat som finns sparat i bildfilen.
            </p>
            <FileField field={fields.pictureFile} label="Välj en bild" hint={`JPEG, PNG eller WebP, högst ${pictureSizeText(pictureMaxBytes)}.`} accept={PICTURE_ACCEPT} />
            <TextField
              field={fields.pictureAlt}
              label="Beskriv bilden (behövs om du laddar upp en bild)"
              hint={`Texten läses upp för personer som inte kan se bilden, till exempel den som använder en skärmläsare. Skriv kort vad bilden visar, till exempel: Anna i mål efter loppet. Högst ${ALT_TEXT_MAX_CHARACTERS} tecken.`}
              maxLength={ALT_TEXT_MAX_CHARACTERS * 2}
              autoComplete="off"
            />
          </fieldset>
          <TextField field={fields.goal} label="Mål i kronor (frivilligt)" hint="Till exempel 5000. Sidan visar hur nära målet ni är." inputMode="numeric" autoComplete="off" />
          <TextField field={fields.endsOn} label="Slutdatum (frivilligt)" hint="Sista dagen för gåvor, som ÅÅÅÅ-MM-DD. Lämna tomt så avslutar du själv." type="date" min={today} />
          <fieldset className="fieldset">
            <legend>Vad ska synas?</legend>
            <CheckboxField field={fields.showTotal} label="Hur mycket som har samlats in" />
            <CheckboxField field={fields.listed} label="Visa insamlingen i listan på webbplatsen när vi har läst den" />
            <p className="field__hint">Utan listan når man sidan bara med adressen du delar.</p>
          </fieldset>
          <TextField field={fields.slug} label="Egen adress (frivilligt)" hint="Till exempel annas-50. Sidan blir då /insamling/annas-50. Lämna tomt så skapar vi en." autoComplete="off" spellCheck={false} />
        </section>

        <section className="memorial-step" aria-labelledby="steg-du">
          <h2 id="steg-du">3. Om dig</h2>
          <TextField field={fields.organiserName} label="Ditt namn så som det ska stå på sidan" autoComplete="name" />
          <TextField field={fields.organiserEmail} label="Din e-postadress" hint="Dit skickar vi länken för att hantera insamlingen. Den visas inte på sidan." type="email" autoComplete="email" />
          <CheckboxField
            field={fields.terms}
            label="Jag förstår att alla gåvor går till hjärt- och lungforskningen, och att sidan inte får innehålla reklam, kränkningar eller något annat än insamlingen"
          />
        </section>

        <p>
          <button type="submit" className="button button--primary button--large" disabled={busy}>
            {busy ? "Skickar…" : "Starta insamlingen"}
          </button>
        </p>
        <p className="field__hint">
          Vi läser alla nya insamlingar innan de visas i listan. Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}
