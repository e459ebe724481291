import { Link, data } from "react-router";
import type { Route } from "./+types/team";
import { containerContext } from "../context";
import { optionalDonor } from "../donor/donor-session.server";
import { isSlug } from "#core/memorial/collection-slug";
import { findTeamBySlug, teamPath, teamVisibility } from "#core/fundraisers/fundraiser-team-rules";
import { teamTotals } from "#core/fundraisers/fundraiser-teams";
import { organisedBy } from "#core/fundraisers/fundraiser-service";
import { formatSek } from "#core/site/format";
import { FundraiserProgress } from "./fundraiser-progress";
import { ReportLink } from "./report-link";
import { ShareLinks } from "./share-links";
import { useLiveTeam } from "./use-live-fundraiser";
import "./fundraiser.css";
import "./team.css";

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData || loaderData.visibility !== "visible") return [{ title: "Lag" }, { name: "robots", content: "noindex" }];
  const { team } = loaderData;
  const description = `${team.name}: ett lag som samlar in till hjärt- och lungforskningen. ${team.message.slice(0, 150)}`;
  return [
    { title: `${team.name} – lag` },
    { name: "description", content: description },
    { name: "robots", content: "noindex" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: team.name },
    { property: "og:description", content: description },
    { property: "og:url", content: team.url },
    { property: "og:locale", content: "sv_SE" },
  ];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * A team's page (decision 0052): its members' totals summed exactly as each
 * member's own page counts them, the members by amount, and a link to start
 * a fundraiser in the team. Shown on the same terms as a fundraiser's page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const team = isSlug(params.slug) ? await findTeamBySlug(container.db, params.slug) : undefined;
  if (!team) throw data(null, { status: 404 });
  const options = { visibleBeforeReview: container.fundraisers.visibleBeforeReview };
  const visibility = teamVisibility(team, options);
  if (visibility === "unconfirmed") throw data(null, { status: 404 });
  const view = {
    name: team.name,
    message: team.message,
    organiserName: team.organiser_name,
    path: teamPath(team.slug),
    url: `${container.config.publicUrl}${teamPath(team.slug)}`,
    joinPath: `/insamling?lag=${encodeURIComponent(team.slug)}`,
    goalOre: team.goal_ore,
    open: team.status === "open",
  };
  if (visibility !== "visible") return data({ visibility, team: view, totals: null, isOrganiser: false }, { status: visibility === "waiting" ? 200 : 410 });
  const session = await optionalDonor(context, request);
  return { visibility, team: view, totals: await teamTotals(container.db, team, options), isOrganiser: organisedBy(team, session?.donor.id) };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { visibility, team, totals, isOrganiser } = loaderData;
  if (visibility === "hidden" || visibility === "refused") {
    return (
      <article className="page page--narrow fundraiser-page">
        <h1>Laget visas inte</h1>
        <p>Det här laget finns inte längre på webbplatsen. Du kan fortfarande ge en gåva direkt till forskningen.</p>
        <p>
          <Link to="/ge-en-gava" className="button button--primary">
            Ge en gåva
          </Link>
        </p>
      </article>
    );
  }
  if (visibility === "waiting" || !totals) {
    return (
      <article className="page page--narrow fundraiser-page">
        <h1>{team.name}</h1>
        <p>Vi läser lagets sida innan den visas. Titta gärna in igen om en stund – oftast tar det mindre än en arbetsdag.</p>
      </article>
    );
  }
  return <VisibleTeam team={team} totals={totals} isOrganiser={isOrganiser} />;
}

type LoaderData = Route.ComponentProps["loaderData"];

function VisibleTeam({ team, totals, isOrganiser }: { team: LoaderData["team"]; totals: NonNullable<LoaderData["totals"]>; isOrganiser: boolean }) {
  // The members' total and figures follow the team's live stream while the page is open, in the order it loaded (decision 0055).
  const { total, members } = useLiveTeam(`${team.path}/live`, totals);
  return (
    <article className="page page--narrow fundraiser-page team-page" aria-labelledby="lag-rubrik">
      <header className="fundraiser-heading">
        <div>
          <p className="fundraiser-heading__kicker">Lag</p>
          <h1 id="lag-rubrik">{team.name}</h1>
          <p className="fundraiser-heading__by">
            Samlat av {team.organiserName} · {members.length === 1 ? "en insamling" : `${members.length} insamlingar`} i laget
          </p>
        </div>
      </header>

      <FundraiserProgress amountOre={total.amountOre} goalOre={team.goalOre} gifts={total.gifts} percent={total.percent} />

      {isOrganiser && (
        <p>
          <Link to={`${team.path}/hantera`} className="button button--secondary">
            Hantera ditt lag
          </Link>
        </p>
      )}

      <div className="fundraiser-message">{team.message}</div>

      {team.open ? (
        <p className="team-join">
          <Link to={team.joinPath} className="button button--primary button--large">
            Starta en insamling i laget
          </Link>
          <span className="field__hint">Du får en egen sida att dela, och allt du samlar in räknas med i lagets summa.</span>
        </p>
      ) : (
        <p>Laget tar inte emot nya insamlingar, men du kan ge en gåva till någon av insamlingarna nedan.</p>
      )}

      <section aria-labelledby="medlemmar" className="team-members">
        <h2 id="medlemmar">Insamlingar i laget</h2>
        {members.length === 0 ? (
          <p>Ingen har startat en insamling i laget än. Bli den första!</p>
        ) : (
          <ol className="team-members__list" aria-label="Insamlingar i laget, störst summa först">
            {members.map((m) => (
              <li key={m.slug} className="team-members__entry">
                <p className="team-members__title">
                  <Link to={m.path}>{m.title}</Link>
                </p>
                <p className="team-members__by">
                  {m.organiserName}
                  {!m.open && " · avslutad"}
                </p>
                <p className="team-members__amount">{m.amountOre === null ? "Summan visas inte" : formatSek(m.amountOre)}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ShareLinks url={team.url} title={team.name} heading="Dela lagets sida" />

      <ReportLink path={team.path} />
    </article>
  );
}
