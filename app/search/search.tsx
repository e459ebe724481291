import { useState, type ChangeEvent, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useNavigationType } from "react-router";
import type { Route } from "./+types/search";
import { containerContext } from "../context";
import type { PageHandle } from "../root";
import type { SearchHit, SearchResult } from "#core/search/search-engine";
import { readSearchState, searchHref, SEARCH_PATH } from "./search-state";
import { Pagination } from "../components/pagination/pagination";
import { useDelayedFlag } from "./use-delayed-flag";
import { expectTypingNavigation, takeTypingNavigation } from "./typing-target";
import "./search.css";

/** Spec: the "searching" state shows only for searches slower than this. */
export const STALLED_SEARCH_DELAY_MS = 200;

export const handle: PageHandle = { lang: "sv" };

/**
 * /sok. The server renders every state (so it works without JavaScript);
 * submitted searches are counted for the search-box suggestions before the
 * page is rendered or taken from the kept pages (server/submitted-searches.ts).
 * With JavaScript the results follow the visitor's typing through the batch
 * search API instead – those as-you-type answers are not counted, or
 * half-typed words would become suggestions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { search } = context.get(containerContext);
  const state = readSearchState(new URL(request.url).searchParams);
  const result = await search.searchPage(state.query, state.page);
  return { ...state, indexName: search.names.content, result };
}

type SearchData = Awaited<ReturnType<typeof loader>>;

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<SearchData> {
  const url = new URL(request.url);
  const typing = takeTypingNavigation(url.search);
  if (!typing) return serverLoader();
  const state = readSearchState(url.searchParams);
  try {
    const response = await fetch("/api/search/queries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests: [{ indexName: typing.indexName, query: state.query, page: state.page }] }),
      signal: request.signal,
    });
    if (!response.ok) throw new Error(`search API answered ${response.status}`);
    const body = (await response.json()) as { results: SearchResult[] };
    return { ...state, indexName: typing.indexName, result: body.results[0]! };
  } catch (error) {
    if (request.signal.aborted) throw error;
    // Rate limited or offline for a moment: the page's own loader answers instead.
    return serverLoader();
  }
}

export function meta({ data }: Route.MetaArgs) {
  const query = data?.query.trim();
  return [
    { title: query ? `Sök: ${query} – sökresultat` : "Sök på webbplatsen" },
    { name: "description", content: "Sök bland våra sidor, forskningsprojekt och sätt att ge en gåva." },
    // Result lists are for visitors, not for search engines' indexes.
    { name: "robots", content: "noindex, follow" },
  ];
}

const KIND_LABELS: Record<SearchHit["kind"], string> = { page: "Sida", research: "Forskningsprojekt", gift: "Ge en gåva" };

const SHORTCUTS = [
  { to: "/ge-en-gava", label: "Ge en gåva" },
  { to: "/minnesgavor", label: "Minnesgåvor" },
  { to: "/hjartforskning", label: "Hjärtforskning" },
  { to: "/lungforskning", label: "Lungforskning" },
  { to: "/forskning/projekt", label: "Godkända forskningsprojekt" },
  { to: "/vanliga-fragor", label: "Vanliga frågor" },
  { to: "/kontakt", label: "Kontakta oss" },
];

const nf = new Intl.NumberFormat("sv-SE");

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, result, indexName } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  const location = useLocation();

  // The box shows what the visitor types, ahead of the address. It takes the
  // address's query again after navigations the page did not make as typing
  // (back/forward, the header search box, a link), never in the middle of typing.
  const [text, setText] = useState(query);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (navigationType !== "REPLACE") setText(query);
  }

  const searching = navigation.state === "loading" && navigation.location.pathname === SEARCH_PATH;
  const stalled = useDelayedFlag(searching, STALLED_SEARCH_DELAY_MS);

  const go = (value: string, typing: boolean) => {
    const href = searchHref(value, 0);
    expectTypingNavigation(typing ? { search: href.slice(SEARCH_PATH.length), indexName } : null);
    // Replace: typing is one search, not one history entry per letter. The
    // results' live region speaks, so the page-change announcement stays quiet.
    void navigate(href, { replace: true, preventScrollReset: true, state: { announce: false } });
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    go(event.target.value, true);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A submit is a search the visitor meant: through the loader, which counts it.
    event.preventDefault();
    go(text, false);
  };

  return (
    <div className="page page--medium search-page">
      <h1>Sök</h1>
      <Form method="get" action={SEARCH_PATH} role="search" aria-label="Ny sökning" className="search-page__form" onSubmit={onSubmit}>
        <label htmlFor="sok-fraga" className="search-page__label">
          Vad letar du efter?
        </label>
        <div className="search-page__row">
          <input
            id="sok-fraga"
            className="search-page__input"
            type="search"
            name="query"
            value={text}
            onChange={onChange}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
            aria-describedby="sok-status"
          />
          <button type="submit" className="button button--primary">
            Sök
          </button>
        </div>
      </Form>

      <p id="sok-status" className="search-page__status" role="status" aria-live="polite" aria-atomic="true">
        {stalled ? <span className="search-page__searching">Söker…</span> : statusText(result)}
      </p>

      <div className="search-page__results" aria-busy={stalled || undefined}>
        {result.query === "" ? (
          <StartHints />
        ) : result.nbHits === 0 ? (
          <NoHits query={result.query} />
        ) : result.hits.length === 0 ? (
          <p>
            Sidan finns inte i resultatet. <Link to={searchHref(result.query, 0)}>Gå till första sidan med träffar</Link>.
          </p>
        ) : (
          <>
            <ol className="search-hits" start={result.page * result.hitsPerPage + 1}>
              {result.hits.map((hit) => (
                <Hit key={hit.objectID} hit={hit} />
              ))}
            </ol>
            <Pagination page={result.page} pageCount={result.nbPages} href={(page) => searchHref(result.query, page)} label="Sidor med sökresultat" />
          </>
        )}
      </div>
    </div>
  );
}

function statusText(result: SearchResult): string {
  if (result.query === "") return "";
  if (result.nbHits === 0) return `Inga träffar för ”${result.query}”.`;
  const hits = `${nf.format(result.nbHits)} ${result.nbHits === 1 ? "träff" : "träffar"} för ”${result.query}”`;
  return result.nbPages > 1 ? `${hits}, sida ${result.page + 1} av ${result.nbPages}.` : `${hits}.`;
}

function Hit({ hit }: { hit: SearchHit }) {
  const english = hit.lang === "en";
  return (
    <li className="search-hit" lang={english ? "en" : undefined}>
      <h2 className="search-hit__title">
        {/* Values are HTML-escaped by the engine except for its own <mark> tags. */}
        <Link to={hit.url} dangerouslySetInnerHTML={{ __html: hit._highlightResult.title.value }} />
      </h2>
      <p className="search-hit__meta" lang="sv">
        <span className={`search-hit__kind search-hit__kind--${hit.kind}`}>{KIND_LABELS[hit.kind]}</span>
        {english && <span className="search-hit__kind">På engelska</span>}
        <span className="search-hit__url">{hit.url.replace(/#.*$/, "")}</span>
      </p>
      {hit._snippetResult.body.value && (
        <p className="search-hit__snippet" dangerouslySetInnerHTML={{ __html: hit._snippetResult.body.value }} />
      )}
    </li>
  );
}

function Shortcuts() {
  return (
    <ul className="search-shortcuts">
      {SHORTCUTS.map((s) => (
        <li key={s.to}>
          <Link to={s.to}>{s.label}</Link>
        </li>
      ))}
    </ul>
  );
}

function StartHints() {
  return (
    <section aria-labelledby="sok-genvagar">
      <p>Sök bland våra sidor, de forskningsprojekt vi stödjer och sätten att ge en gåva.</p>
      <h2 id="sok-genvagar" className="search-page__subheading">
        Många letar efter
      </h2>
      <Shortcuts />
    </section>
  );
}

function NoHits({ query }: { query: string }) {
  return (
    <section className="search-empty" aria-labelledby="sok-inga-traffar">
      <h2 id="sok-inga-traffar" className="search-page__subheading">
        Vi hittade inget om ”{query}”
      </h2>
      <ul>
        <li>Kontrollera att orden är rätt stavade.</li>
        <li>Prova färre eller mer allmänna ord, till exempel ”hjärta” i stället för en hel mening.</li>
        <li>Prova ett annat ord med samma betydelse, till exempel ”lunga” i stället för ”andning”.</li>
      </ul>
      <h2 className="search-page__subheading">Du kanske letar efter</h2>
      <Shortcuts />
      <p>
        Hittar du ändå inte det du söker? <Link to="/kontakt">Kontakta oss</Link>, så hjälper vi dig.
      </p>
    </section>
  );
}
