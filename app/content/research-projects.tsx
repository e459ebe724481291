import { data, Form, Link } from "react-router";
import type { Route } from "./+types/research-projects";
import { containerContext } from "../context";
import { areaLabel, RESEARCH_AREA_LABELS, areaSlug, type ResearchArea } from "#core/research/research-area";
import { projectAnchorId } from "#core/research/research-anchor";
import { availableAreas, availableYears, filterProjects, parseResearchFilter, sortNewestFirst } from "#core/research/research-listing";
import { localised } from "#core/research/research-project";
import { NoResearchDataError } from "#integrations/research-portal/cached-research-source";
import "./research-projects.css";
import { formatCalendarDate } from "#core/site/format";

/**
 * The approved projects of the population study, one page per language
 * (/forskning/projekt and /en/research/projects). Rendered on the server from
 * the cached portal list, so it works without JavaScript, never waits for a
 * slow portal once anything is cached, and keeps showing the last good list
 * when the portal is down. Filters are a GET form: the address holds them.
 */

type Lang = "sv" | "en";

const PATHS: Record<Lang, string> = { sv: "/forskning/projekt", en: "/en/research/projects" };
/** Filter parameter names per language; parseResearchFilter reads both. */
const PARAMS: Record<Lang, { year: string; area: string }> = { sv: { year: "ar", area: "omrade" }, en: { year: "year", area: "area" } };
/** A list older than this is said to be old (the cache refreshes every 15 minutes when the portal answers). */
const OUTDATED_AFTER_MS = 24 * 60 * 60_000;

const TEXT = {
  sv: {
    title: "Godkända forskningsprojekt",
    description: "Forskningsprojekt som har godkänts för att använda data från vår befolkningsstudie.",
    intro:
      "Här är de forskningsprojekt som har fått tillgång till data från vår befolkningsstudie. Varje ansökan har granskats av vetenskapliga experter innan den godkändes.",
    readMore: "Läs mer om befolkningsstudien",
    readMorePath: "/forskningsprojekt",
    other: { href: PATHS.en, label: "This list in English", lang: "en" },
    filterLegend: "Filtrera projekten",
    year: "År",
    allYears: "Alla år",
    area: "Område",
    allAreas: "Alla områden",
    apply: "Visa projekt",
    clear: "Visa alla projekt",
    showing: (shown: number, total: number) => (shown === total ? `${total} projekt.` : `Visar ${shown} av ${total} projekt.`),
    none: "Inga projekt matchar filtret. Välj ett annat år eller område.",
    pi: "Huvudansvarig forskare",
    institution: "Lärosäte",
    approved: "Godkänt",
    link: "Länk till projektet",
    outdated: (date: string) => `Vi kan inte hämta listan från forskningsportalen just nu. Den visar projekten som de var den ${date}.`,
    unavailable: "Listan över forskningsprojekt går inte att visa just nu. Försök igen om en stund.",
  },
  en: {
    title: "Approved research projects",
    description: "Research projects approved to use data from our population study.",
    intro:
      "These research projects have been given access to data from our population study. Every application was reviewed by scientific experts before it was approved.",
    readMore: "Read more about the population study",
    readMorePath: "/en/research",
    other: { href: PATHS.sv, label: "Listan på svenska", lang: "sv" },
    filterLegend: "Filter the projects",
    year: "Year",
    allYears: "All years",
    area: "Area",
    allAreas: "All areas",
    apply: "Show projects",
    clear: "Show all projects",
    showing: (shown: number, total: number) =>
      shown === total ? `${total} projects.` : `Showing ${shown} of ${total} projects.`,
    none: "No projects match the filter. Choose another year or area.",
    pi: "Principal investigator",
    institution: "Institution",
    approved: "Approved",
    link: "Link to the project",
    outdated: (date: string) => `We cannot reach the research portal at the moment. The list shows the projects as of ${date}.`,
    unavailable: "The list of research projects cannot be shown at the moment. Please try again shortly.",
  },
} as const;

/** The value an area has in this language's address (?omrade=hjarta, ?area=heart). */
function areaParam(area: ResearchArea, lang: Lang): string {
  return lang === "en" ? RESEARCH_AREA_LABELS[area].en.toLowerCase() : areaSlug(area);
}

function formatDate(isoDate: string, lang: Lang): string {
  return formatCalendarDate(isoDate, lang);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { research, clock, config } = context.get(containerContext);
  // hreflang alternates must be absolute addresses.
  const origin = new URL(config.publicUrl).origin;
  const url = new URL(request.url);
  const lang: Lang = url.pathname.startsWith("/en/") ? "en" : "sv";
  const filter = parseResearchFilter(url.searchParams);
  const selected = { year: filter.year ? String(filter.year) : "", area: filter.area ? areaParam(filter.area, lang) : "" };
  try {
    const listing = await research.get();
    const shown = sortNewestFirst(filterProjects(listing.projects, filter));
    const outdated = clock.now().getTime() - Date.parse(listing.fetchedAt) > OUTDATED_AFTER_MS;
    return {
      lang,
      origin,
      available: true,
      selected,
      total: listing.projects.length,
      years: availableYears(listing.projects),
      areas: availableAreas(listing.projects).map((area) => ({ value: areaParam(area, lang), label: areaLabel(area, lang) })),
      projects: shown.map((project) => ({
        anchor: projectAnchorId(project),
        ...localised(project, lang),
        principalInvestigator: project.principalInvestigator,
        institution: project.institution,
        approvalDate: project.approvalDate,
        approvalDateText: formatDate(project.approvalDate, lang),
        area: areaLabel(project.area, lang),
      })),
      outdatedSince: outdated ? formatDate(listing.fetchedAt, lang) : null,
    };
  } catch (error) {
    if (!(error instanceof NoResearchDataError)) throw error;
    // Nothing cached and the portal down: say so, with a status that tells caches and crawlers it is temporary.
    return data(
      { lang, origin, available: false, selected, total: 0, years: [], areas: [], projects: [], outdatedSince: null },
      { status: 503, headers: { "Retry-After": "60" } },
    );
  }
}

export function meta({ data: page }: Route.MetaArgs) {
  const lang: Lang = page?.lang ?? "sv";
  const t = TEXT[lang];
  return [
    { title: t.title },
    { name: "description", content: t.description },
    { tagName: "link", rel: "alternate", hrefLang: "sv", href: `${page?.origin ?? ""}${PATHS.sv}` },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: `${page?.origin ?? ""}${PATHS.en}` },
  ];
}

export default function ResearchProjects({ loaderData }: Route.ComponentProps) {
  const { lang, available, selected, total, years, areas, projects, outdatedSince } = loaderData;
  const t = TEXT[lang];
  const names = PARAMS[lang];
  const filtered = selected.year !== "" || selected.area !== "";
  return (
    <div className="page page--medium research-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <p>
        <Link to={t.readMorePath}>{t.readMore}</Link>
        {" · "}
        <Link to={t.other.href} lang={t.other.lang} hrefLang={t.other.lang}>
          {t.other.label}
        </Link>
      </p>

      {!available ? (
        <p className="research-page__notice">{t.unavailable}</p>
      ) : (
        <>
          {outdatedSince && <p className="research-page__notice">{t.outdated(outdatedSince)}</p>}

          <Form method="get" action={PATHS[lang]} className="research-filter" preventScrollReset>
            <fieldset>
              <legend>{t.filterLegend}</legend>
              <div className="research-filter__fields">
                <div className="research-filter__field">
                  <label htmlFor="filter-ar">{t.year}</label>
                  <select id="filter-ar" name={names.year} defaultValue={selected.year} key={`y-${selected.year}`}>
                    <option value="">{t.allYears}</option>
                    {years.map((year) => (
                      <option key={year} value={String(year)}>
                        {year}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="research-filter__field">
                  <label htmlFor="filter-omrade">{t.area}</label>
                  <select id="filter-omrade" name={names.area} defaultValue={selected.area} key={`a-${selected.area}`}>
                    <option value="">{t.allAreas}</option>
                    {areas.map((area) => (
                      <option key={area.value} value={area.value}>
                        {area.label}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="button button--secondary">
                  {t.apply}
                </button>
              </div>
            </fieldset>
          </Form>

          <p className="research-page__count">
            {t.showing(projects.length, total)}{" "}
            {filtered && <Link to={PATHS[lang]}>{t.clear}</Link>}
          </p>

          {projects.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <ul className="research-list">
              {projects.map((project) => (
                <li key={project.anchor}>
                  <article id={project.anchor} className="research-project" aria-labelledby={`${project.anchor}-rubrik`}>
                    <h2 id={`${project.anchor}-rubrik`} className="research-project__title">
                      {project.title}
                    </h2>
                    <dl className="research-project__facts">
                      <div>
                        <dt>{t.pi}</dt>
                        <dd>{project.principalInvestigator}</dd>
                      </div>
                      <div>
                        <dt>{t.institution}</dt>
                        <dd>{project.institution}</dd>
                      </div>
                      <div>
                        <dt>{t.approved}</dt>
                        <dd>
                          <time dateTime={project.approvalDate}>{project.approvalDateText}</time>
                        </dd>
                      </div>
                      <div>
                        <dt>{t.area}</dt>
                        <dd>{project.area}</dd>
                      </div>
                    </dl>
                    {project.summary && <p className="research-project__summary">{project.summary}</p>}
                    <p className="research-project__link">
                      <Link to={{ pathname: PATHS[lang], hash: project.anchor }}>
                        {t.link}
                        <span className="visually-hidden">: {project.title}</span>
                      </Link>
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
