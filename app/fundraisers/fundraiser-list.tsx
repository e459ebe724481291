import { Link } from "react-router";
import type { Route } from "./+types/fundraiser-list";
import { containerContext } from "../context";
import { listPublicFundraisers } from "#core/fundraisers/fundraiser-moderation";
import { FUNDRAISER_KIND_LABELS } from "#core/fundraisers/fundraiser-kinds";
import { fundraiserPath } from "#core/fundraisers/fundraiser-service";
import { listPublicTeams } from "#core/fundraisers/fundraiser-teams";
import { goalPercent } from "#core/fundraisers/fundraiser-wall";
import { PICTURE_VARIANTS, picturePath, publicPicturesBySlug } from "#core/fundraisers/fundraiser-pictures";
import { FundraiserPicture } from "./fundraiser-picture";
import { FundraiserProgress } from "./fundraiser-progress";
import "./fundraiser.css";

export function meta() {
  return [
    { title: "Insamlingar" },
    { name: "description", content: "Insamlingar till hjärt- och lungforskningen som givare har startat – på födelsedagar, bröllop, i utmaningar och till någons ära." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const fundraisers = await listPublicFundraisers(container.db, container.clock);
  const photos = await publicPicturesBySlug(container.db, fundraisers.map((f) => f.slug));
  const teams = await listPublicTeams(container.db, { visibleBeforeReview: container.fundraisers.visibleBeforeReview });
  return {
    teams,
    fundraisers: fundraisers.map((f) => {
      const photo = photos.get(f.slug);
      const path = fundraiserPath(f.slug);
      return { ...f, path, percent: goalPercent(f.totalOre, f.goalOre), photo: photo ? { src: picturePath(path, photo.id, "card"), alt: photo.altText } : null };
    }),
  };
}

export default function FundraiserList({ loaderData }: Route.ComponentProps) {
  return (
    <article className="page page--medium">
      <h1>Insamlingar</h1>
      <p className="lead">Här samlar givare in till hjärt- och lungforskningen på sina egna sidor. Alla gåvor går direkt till forskningen.</p>
      <p>
        <Link to="/insamling" className="button button--primary">
          Starta en egen insamling
        </Link>
      </p>
      {loaderData.fundraisers.length === 0 ? (
        <p>Det finns inga pågående insamlingar just nu. Starta gärna den första!</p>
      ) : (
        <ul className="fundraiser-list">
          {loaderData.fundraisers.map((f) => (
            <li key={f.slug}>
              <article className="fundraiser-card">
                {f.photo ? (
                  <img className="fundraiser-card__photo" src={f.photo.src} alt={f.photo.alt} width={PICTURE_VARIANTS.card.width} height={PICTURE_VARIANTS.card.height} loading="lazy" />
                ) : (
                  <FundraiserPicture picture={f.picture} size={64} />
                )}
                <p className="fundraiser-heading__kicker">{FUNDRAISER_KIND_LABELS[f.kind]}</p>
                <h2>
                  <Link to={f.path}>{f.title}</Link>
                </h2>
                <p>Av {f.organiserName}</p>
                {f.showTotal && <FundraiserProgress amountOre={f.totalOre} goalOre={f.goalOre} gifts={0} percent={f.percent} compact />}
              </article>
            </li>
          ))}
        </ul>
      )}
      {loaderData.teams.length > 0 && (
        <section aria-labelledby="lag-rubrik">
          <h2 id="lag-rubrik">Lag som samlar in tillsammans</h2>
          <p>I ett lag har var och en sin egen insamling, och lagets sida visar vad ni har samlat tillsammans.</p>
          <ul className="fundraiser-list">
            {loaderData.teams.map((team) => (
              <li key={team.slug}>
                <article className="fundraiser-card">
                  <TeamMark />
                  <p className="fundraiser-heading__kicker">Lag</p>
                  <h3>
                    <Link to={team.path}>{team.name}</Link>
                  </h3>
                  <p>
                    Av {team.organiserName} · {team.members === 1 ? "en insamling" : `${team.members} insamlingar`} i laget
                  </p>
                  <FundraiserProgress amountOre={team.amountOre} goalOre={team.goalOre} gifts={0} percent={team.percent} compact />
                </article>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** Three people side by side, in the charity's colour: a team's card has no picture of its own. */
function TeamMark() {
  return (
    <svg className="fundraiser-card__team-mark" aria-hidden="true" focusable="false" width="64" height="64" viewBox="0 0 64 64">
      <circle cx="32" cy="32" r="32" className="fundraiser-card__team-mark-ground" />
      <circle cx="20" cy="26" r="6" fill="currentColor" />
      <circle cx="44" cy="26" r="6" fill="currentColor" />
      <circle cx="32" cy="22" r="7" fill="currentColor" />
      <path d="M10 46c0-7 5-11 10-11s10 4 10 11z M34 46c0-7 5-11 10-11s10 4 10 11z" fill="currentColor" />
      <path d="M20 48c0-8 6-13 12-13s12 5 12 13z" fill="currentColor" />
    </svg>
  );
}
