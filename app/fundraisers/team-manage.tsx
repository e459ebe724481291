import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/team-manage";
import { containerContext } from "../context";
import { TOKEN_PAGE_HEADERS, assertSameOrigin, clientIp, optionalDonor } from "../donor/donor-session.server";
import { isSlug } from "#core/memorial/collection-slug";
import { closeTeam, editTeamText, teamManageAccess, teamManagePath, teamTotals, type TeamManageAccess } from "#core/fundraisers/fundraiser-teams";
import { teamPath } from "#core/fundraisers/fundraiser-team-rules";
import { isTeamOrganiserFormName, teamOrganiserForms } from "#core/fundraisers/fundraiser-forms";
import { formatSek } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, TextAreaField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";
import { ManageLinkProblem } from "./manage-link-problem";
import "./fundraiser.css";

export function meta() {
  return [{ title: "Hantera laget" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

const FAILURE_STATUS = { invalid: 401, expired: 410 } as const;
const DONE = { sparat: "Texten är sparad.", stangt: "Laget tar inte emot nya insamlingar längre." } as const;
const REVIEW_TEXT = {
  pending: "Vi läser lagets sida. Med adressen fungerar den redan.",
  approved: "Laget är godkänt.",
  refused: "Laget är inte godkänt och visas inte.",
} as const;

/** The team organiser's way in: the e-mailed link, or their BankID session (decision 0052). */
async function access(context: Route.LoaderArgs["context"], request: Request, slug: string): Promise<{ token: string | null; found: TeamManageAccess }> {
  const container = context.get(containerContext);
  const token = new URL(request.url).searchParams.get("token");
  if (!isSlug(slug)) return { token, found: { ok: false, reason: "invalid" } };
  const session = await optionalDonor(context, request);
  return { token, found: await teamManageAccess(container.db, container.clock, container.collections.linkKey, slug, { token, donorId: session?.donor.id ?? null }) };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const result = await access(context, request, params.slug);
  if (!result.found.ok) return data({ state: result.found.reason }, { status: FAILURE_STATUS[result.found.reason] });
  const { team, bySession } = result.found;
  const url = new URL(request.url);
  const done = url.searchParams.get("klart");
  const totals = await teamTotals(container.db, team, { visibleBeforeReview: container.fundraisers.visibleBeforeReview });
  return {
    state: "ok" as const,
    token: bySession ? null : result.token,
    created: url.searchParams.get("ny") === "1",
    done: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
    team: { name: team.name, message: team.message, open: team.status === "open", review: team.review, reviewReason: team.review_reason, hidden: team.hidden_at !== null },
    path: teamPath(team.slug),
    shareUrl: `${container.config.publicUrl}${teamPath(team.slug)}`,
    joinUrl: `${container.config.publicUrl}/insamling?lag=${encodeURIComponent(team.slug)}`,
    totalOre: totals.amountOre,
    members: totals.members.length,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isTeamOrganiserFormName(intent)) throw data(null, { status: 400 });
  const submission = parseForm(formData, teamOrganiserForms[intent]);
  const fail = (message: string, status: number) => data({ intent, result: submission.reply({ formErrors: [message] }) as FormResult }, { status });
  if (!(await container.collections.changes.hit(clientIp(context)))) return fail("Du har gjort många ändringar på kort tid. Vänta en minut och försök igen.", 429);
  const result = await access(context, request, params.slug);
  if (!result.found.ok) return fail("Länken fungerar inte, så ingenting har ändrats.", FAILURE_STATUS[result.found.reason]);
  if (submission.status !== "success") return data({ intent, result: submission.reply() as FormResult }, { status: 400 });
  const { team, bySession } = result.found;
  if (intent === "edit") await editTeamText(container.db, container.clock, team.id, String((submission.value as { message: string }).message));
  else await closeTeam(container.db, container.clock, team.id);
  const back = teamManagePath(team.slug, bySession ? null : result.token);
  return redirect(`${back}${back.includes("?") ? "&" : "?"}klart=${intent === "edit" ? "sparat" : "stangt"}`, 303);
}

export default function TeamManage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "ok") return <ManageLinkProblem state={loaderData.state} />;
  return <Manage d={loaderData} actionData={actionData} />;
}

type OkData = Extract<Route.ComponentProps["loaderData"], { state: "ok" }>;

function Manage({ d, actionData }: { d: OkData; actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formAction = d.token ? `?token=${encodeURIComponent(d.token)}` : "?";
  const result = (intent: string) => (actionData?.intent === intent ? actionData.result : null);
  const edit = useSiteForm({ id: "text", schema: teamOrganiserForms.edit, lastResult: result("edit"), defaultValue: { message: d.team.message }, labels: { message: "Text", form: "Texten" } });
  const close = useSiteForm({ id: "stang", schema: teamOrganiserForms.close, lastResult: result("close"), labels: { confirm: "Stäng laget", form: "Stäng" } });
  return (
    <article className="page page--narrow fundraiser-page">
      <header className="fundraiser-heading">
        <div>
          <p className="fundraiser-heading__kicker">Hantera laget</p>
          <h1>{d.team.name}</h1>
        </div>
      </header>
      {d.created && (
        <p className="notice" role="status">
          Laget är startat! Vi har också mejlat länken till den här sidan.
        </p>
      )}
      {d.done && (
        <p className="notice notice--success" role="status">
          {d.done}
        </p>
      )}
      <p>
        {REVIEW_TEXT[d.team.review]}
        {d.team.review === "refused" && d.team.reviewReason ? ` ${d.team.reviewReason}` : ""}
        {d.team.hidden ? " Sidan är dold av oss just nu; kontakta oss om du har frågor." : ""}
      </p>
      <section aria-labelledby="lag-summa">
        <h2 id="lag-summa">Laget hittills</h2>
        <p>
          <strong>{formatSek(d.totalOre)}</strong> från {d.members === 1 ? "en insamling" : `${d.members} insamlingar`}.
        </p>
      </section>
      <section aria-labelledby="dela">
        <h2 id="dela">Bjud in till laget</h2>
        <p>Dela lagets sida. Där startar var och en sin egen insamling i laget:</p>
        <p>
          <Link to={d.path}>{d.shareUrl}</Link>
        </p>
        <p>Eller dela länken direkt till startsidan för en insamling i laget:</p>
        <p className="team-manage__link">{d.joinUrl}</p>
      </section>
      <section aria-labelledby="text-rubrik">
        <h2 id="text-rubrik">Ändra texten</h2>
        <ErrorSummary {...edit.summary} />
        <Form method="post" action={formAction} className="form" {...edit.formProps}>
          <TextAreaField field={edit.fields.message} label="Text på lagets sida" rows={5} />
          <button type="submit" name="intent" value="edit" className="button button--secondary" disabled={busy}>
            Spara texten
          </button>
        </Form>
      </section>
      {d.team.open && (
        <section aria-labelledby="stang-rubrik">
          <h2 id="stang-rubrik">Stäng laget för nya insamlingar</h2>
          <p>Insamlingarna som redan är med fortsätter som vanligt och räknas på lagets sida.</p>
          <ErrorSummary {...close.summary} />
          <Form method="post" action={formAction} className="form" {...close.formProps}>
            <CheckboxField field={close.fields.confirm} label="Ja, stäng laget för nya insamlingar" />
            <button type="submit" name="intent" value="close" className="button button--secondary" disabled={busy}>
              Stäng laget
            </button>
          </Form>
        </section>
      )}
    </article>
  );
}
