import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/team-start";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp, optionalDonor } from "../donor/donor-session.server";
import { PURPOSE_MAX_CHARACTERS, startTeamSchema, TEAM_NAME_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import { FundraiserInputError } from "#core/fundraisers/fundraiser-service";
import { startTeam, teamManagePath } from "#core/fundraisers/fundraiser-teams";
import { RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, TextAreaField, TextField } from "../components/form/field";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";
import "./fundraiser.css";

const FIELD_LABELS: Record<string, string> = {
  name: "Lagets namn",
  message: "Text",
  goal: "Mål",
  organiserName: "Ditt namn",
  organiserEmail: "Din e-postadress",
  slug: "Egen adress",
  terms: "Villkoren",
  form: "Formuläret",
};

export function meta() {
  return [
    { title: "Starta ett lag" },
    { name: "description", content: "Samla in tillsammans: starta ett lag, så räknar lagets sida ihop allas insamlingar till hjärt- och lungforskningen." },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await optionalDonor(context, request);
  return { donor: session ? { name: `${session.donor.given_name} ${session.donor.surname}`.trim(), email: session.donor.email ?? "" } : null };
}

/** Starts a team (decision 0052): counted as a fundraiser's start is, confirmed at once with BankID or by the e-mailed link. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const session = await optionalDonor(context, request);
  const submission = parseForm(await request.formData(), startTeamSchema());
  const fail = (result: ReturnType<typeof submission.reply>, status = 400) => data({ result }, { status });
  if (submission.status !== "success") return fail(submission.reply());
  if (!(await container.fundraisers.teamStarts.hit(clientIp(context)))) {
    return fail(submission.reply({ formErrors: ["Många lag har startats härifrån på kort tid. Vänta en stund och försök igen, eller ring oss."] }), 429);
  }
  try {
    const { team } = await startTeam(
      { db: container.db, clock: container.clock, linkKey: container.collections.linkKey, recipientMail: container.recipientMail },
      submission.value,
      { donorId: session?.donor.id ?? null },
    );
    if (session) return redirect(`${teamManagePath(team.slug, null)}?ny=1`, 303);
    return redirect(`/insamling/startad?till=${encodeURIComponent(team.organiser_email)}`, 303);
  } catch (error) {
    if (error instanceof FundraiserInputError || error instanceof RecipientMailLimitedError) {
      const status = error instanceof RecipientMailLimitedError ? 429 : 400;
      return fail(submission.reply({ fieldErrors: Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) }), status);
    }
    throw error;
  }
}

export default function TeamStart({ loaderData, actionData }: Route.ComponentProps) {
  const { donor } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "lag",
    schema: startTeamSchema(),
    lastResult: actionData?.result,
    defaultValue: { listed: "on", organiserName: donor?.name ?? "", organiserEmail: donor?.email ?? "" },
    labels: FIELD_LABELS,
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <article className="page page--narrow fundraiser-start">
      <h1>Starta ett lag</h1>
      <p className="lead">
        Samlar ni in tillsammans – en klass, ett lopplag, en arbetsplats? Starta ett lag. Var och en startar sin egen insamling i laget, och lagets sida räknar ihop
        allt ni samlar in till hjärt- och lungforskningen.
      </p>
      {donor ? (
        <p className="notice">Du är inloggad med BankID som {donor.name}. Laget startar direkt och kopplas till dig.</p>
      ) : (
        <p className="notice">
          Vi skickar en länk till din e-postadress. Öppna den för att bekräfta att det är du – först då syns lagets sida. Vill du hellre starta direkt kan du{" "}
          <Link to="/logga-in?returnTo=%2Finsamling%2Flag">logga in med BankID</Link>.
        </p>
      )}
      <ErrorSummary {...summary} />
      <Form method="post" className="form" {...formProps}>
        <TextField field={fields.name} label="Lagets namn" hint={`Till exempel: Klass 9B springer för hjärtat. Högst ${TEAM_NAME_MAX_CHARACTERS} tecken.`} maxLength={TEAM_NAME_MAX_CHARACTERS * 2} />
        <TextAreaField field={fields.message} label="Berätta om laget" rows={5} hint={`Vad gör ni, och varför samlar ni in? Högst ${PURPOSE_MAX_CHARACTERS} tecken.`} />
        <TextField field={fields.goal} label="Lagets mål i kronor (frivilligt)" hint="Till exempel 20000. Lagets sida visar hur nära målet ni är tillsammans." inputMode="numeric" autoComplete="off" />
        <TextField field={fields.slug} label="Egen adress (frivilligt)" hint="Till exempel klass-9b. Sidan blir då /insamling/lag/klass-9b. Lämna tomt så skapar vi en." autoComplete="off" spellCheck={false} />
        <TextField field={fields.organiserName} label="Ditt namn så som det ska stå på sidan" autoComplete="name" />
        <TextField field={fields.organiserEmail} label="Din e-postadress" hint="Dit skickar vi länken för att hantera laget. Den visas inte på sidan." type="email" autoComplete="email" />
        <CheckboxField field={fields.listed} label="Visa laget i listan på webbplatsen när vi har läst det" />
        <CheckboxField field={fields.terms} label="Jag förstår att alla gåvor går till hjärt- och lungforskningen, och att sidan inte får innehålla reklam, kränkningar eller något annat än insamlingen" />
        <p>
          <button type="submit" className="button button--primary button--large" disabled={busy}>
            {busy ? "Skickar…" : "Starta laget"}
          </button>
        </p>
        <p className="field__hint">
          Vi läser alla nya lag innan de visas. Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>.
        </p>
      </Form>
    </article>
  );
}
