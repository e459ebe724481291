import { Link, data } from "react-router";
import type { Route } from "./+types/admin-fundraiser-team";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { PageReports, ReviewAndHideForms } from "./fundraiser-review-forms";
import { reviewFundraiserSchema, REASON_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import { FUNDRAISER_REVIEW_LABELS as REVIEW_LABELS } from "#core/fundraisers/fundraiser-kinds";
import { findTeamById, teamPath } from "#core/fundraisers/fundraiser-team-rules";
import { reviewTeam, setTeamHidden, teamTotals } from "#core/fundraisers/fundraiser-teams";
import { markReportsHandled, reportsOf } from "#core/fundraisers/page-reports";
import { formatSek } from "#core/site/format";
import { multiLineText } from "#core/text/text-fields";

export function meta() {
  return [{ title: "Lag – Administration" }];
}

/** A team in staff's review (decision 0052): the same decisions, forms and visitors' reports (decision 0055) as a fundraiser's, each audit-logged. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const team = await findTeamById(container.db, params.teamId);
  if (!team) throw data("Laget finns inte.", { status: 404 });
  await audit({ action: "fundraiser_team.view", subjectType: "fundraiser_team", subjectId: team.id });
  // Staff see every member, shown to visitors or not, so the total here is what the team's page would show if it were approved.
  const totals = await teamTotals(container.db, team, { visibleBeforeReview: true });
  return {
    team: {
      name: team.name,
      path: teamPath(team.slug),
      message: team.message,
      organiserName: team.organiser_name,
      organiserEmail: team.organiser_email,
      bankId: team.organiser_donor_id !== null,
      goalOre: team.goal_ore,
      review: team.review,
      reviewReason: team.review_reason,
      reviewedAt: team.reviewed_at,
      confirmed: team.confirmed_at !== null,
      hiddenAt: team.hidden_at,
      hiddenReason: team.hidden_reason,
      status: team.status,
    },
    totalOre: totals.amountOre,
    members: totals.members.map((m) => ({ title: m.title, path: m.path, organiserName: m.organiserName })),
    reports: await reportsOf(container.db, { kind: "team", id: team.id }),
  };
}

const hideReason = multiLineText(REASON_MAX_CHARACTERS, `Skriv högst ${REASON_MAX_CHARACTERS} tecken.`);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "insamling");
  const team = await findTeamById(container.db, params.teamId);
  if (!team) throw data("Laget finns inte.", { status: 404 });
  const form = await request.formData();
  const act = String(form.get("action") ?? "");
  const subject = { subjectType: "fundraiser_team", subjectId: team.id } as const;
  const by = `staff:${staff.id}`;
  const refuse = async (action: string, problems: Record<string, string>) => {
    await audit({ action, outcome: "refused", ...subject, details: { fields: Object.keys(problems) } });
    return data({ ok: false, done: null, problems }, { status: 400 });
  };
  if (act === "review") {
    const parsed = reviewFundraiserSchema.safeParse({ decision: form.get("decision"), reason: form.get("reason") ?? "" });
    if (!parsed.success) return refuse("fundraiser_team.review", Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "decision"), i.message])));
    await reviewTeam(container.db, container.clock, team.id, by, parsed.data);
    await audit({ action: "fundraiser_team.review", ...subject, details: { decision: parsed.data.decision } });
    return { ok: true, done: parsed.data.decision === "approve" ? "Laget är godkänt. Organisatören får ett mejl." : "Laget är inte godkänt. Organisatören får skälet med e-post.", problems: {} };
  }
  if (act === "hide" || act === "unhide") {
    const reason = hideReason.safeParse(form.get("reason") ?? "");
    if (act === "hide" && (!reason.success || reason.data.trim().length < 3)) return refuse("fundraiser_team.hide", { reason: "Skriv varför sidan döljs (för personalen)." });
    await setTeamHidden(container.db, container.clock, team.id, by, act === "hide" ? { reason: reason.success ? reason.data.trim() : "" } : null, container.live.giftsChanged);
    await audit({ action: act === "hide" ? "fundraiser_team.hide" : "fundraiser_team.unhide", ...subject });
    return { ok: true, done: act === "hide" ? "Sidan är dold." : "Sidan visas igen.", problems: {} };
  }
  if (act === "reports_handled") {
    const handled = await markReportsHandled(container.db, container.clock, { kind: "team", id: team.id }, by);
    await audit({ action: "fundraiser_team.reports_handled", ...subject, details: { handled } });
    return { ok: true, done: "Anmälningarna är markerade som hanterade.", problems: {} };
  }
  throw data("Okänd åtgärd.", { status: 400 });
}

export default function AdminFundraiserTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { team: t, totalOre, members, reports } = loaderData;
  const problems: Record<string, string> = actionData?.problems ?? {};
  return (
    <>
      <p>
        <Link to="/admin/insamlingar/granska">← Insamlingar att granska</Link>
      </p>
      <h1>Lag: {t.name}</h1>
      {actionData?.done && (
        <p role="status" className="notice notice--success">
          {actionData.done}
        </p>
      )}
      {Object.keys(problems).length > 0 && (
        <div role="alert" className="notice notice--error">
          <ul>
            {Object.entries(problems).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className="admin-facts">
        <dt>Granskning</dt>
        <dd>
          {t.confirmed ? REVIEW_LABELS[t.review] : "Organisatören har inte bekräftat sin e-post än"}
          {t.reviewedAt && ` ${formatDateTime(t.reviewedAt)}`}
          {t.reviewReason && ` – ${t.reviewReason}`}
        </dd>
        <dt>Sidan</dt>
        <dd>
          <a href={t.path}>{t.path}</a>
          {t.hiddenAt && ` (dold ${formatDateTime(t.hiddenAt)}${t.hiddenReason ? `: ${t.hiddenReason}` : ""})`}
          {t.status === "closed" && " · stängt för nya insamlingar"}
        </dd>
        <dt>Organisatör</dt>
        <dd>
          {t.organiserName}, {t.organiserEmail}
          {t.bankId && " (BankID)"}
        </dd>
        <dt>Mål</dt>
        <dd>{t.goalOre ? formatSek(t.goalOre) : "Inget mål"}</dd>
        <dt>Insamlat</dt>
        <dd>
          {formatSek(totalOre)} i {members.length} insamlingar
        </dd>
      </dl>
      <h2>Text</h2>
      <p className="admin-quote">{t.message}</p>
      <ReviewAndHideForms hiddenAt={t.hiddenAt} problems={problems} />
      <PageReports reports={reports} />
      {members.length > 0 && (
        <>
          <h2>Insamlingar i laget</h2>
          <ul>
            {members.map((m) => (
              <li key={m.path}>
                <a href={m.path}>{m.title}</a> – {m.organiserName}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
