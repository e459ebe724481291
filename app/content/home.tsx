import { Link } from "react-router";
import type { Route } from "./+types/home";
import { siteSettingsContext } from "../site-settings-context.server";
import { formatSwishNumber } from "#core/site/swish-number";

export function loader({ context }: Route.LoaderArgs) {
  const { site } = context.get(siteSettingsContext);
  return { siteName: site.name, shortName: site.shortName, swishNumber: site.swishNumber, bankgiro: site.bankgiro };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.siteName ?? "Startsida"} – forskning för hjärta och lungor` },
    {
      name: "description",
      content:
        "Vi samlar in pengar till forskning om hjärt- och lungsjukdomar. Ge en gåva, bli månadsgivare eller hedra någon med en minnesgåva.",
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="hero" aria-labelledby="hero-rubrik">
        <div className="hero__inner">
          <h1 id="hero-rubrik">Varje hjärtslag och andetag är värt att forska för</h1>
          <p className="hero__lead">
            Hjärt- och lungsjukdomar är bland de vanligaste orsakerna till att människor i Sverige blir allvarligt
            sjuka. Din gåva går till forskning som hittar sjukdomarna tidigare, behandlar dem bättre och räddar liv.
          </p>
          <p className="hero__actions">
            <Link to="/ge-en-gava" className="button button--primary button--large">
              Ge en gåva
            </Link>
            <Link to="/ge-en-gava/manadsgava" className="button button--secondary button--large">
              Bli månadsgivare
            </Link>
          </p>
        </div>
      </section>

      <section className="page page--wide cards" aria-labelledby="satt-att-hjalpa">
        <h2 id="satt-att-hjalpa">Så kan du hjälpa</h2>
        <ul className="card-grid">
          <li className="card">
            <h3>
              <Link to="/ge-en-gava">Engångsgåva</Link>
            </h3>
            <p>Ge valfritt belopp med Swish, kort, faktura eller banköverföring. Det tar under en minut.</p>
          </li>
          <li className="card">
            <h3>
              <Link to="/minnesgavor">Minnesgåva</Link>
            </h3>
            <p>Hedra någon som har gått bort. De anhöriga får ett minnesblad med din hälsning.</p>
          </li>
          <li className="card">
            <h3>
              <Link to="/manadsgivande">Månadsgivande</Link>
            </h3>
            <p>Ett fast belopp varje månad via autogiro ger forskarna trygghet att planera långsiktigt.</p>
          </li>
          <li className="card">
            <h3>
              <Link to="/gavokort-och-gratulationer">Gåvokort och gratulationer</Link>
            </h3>
            <p>Uppvakta med ett digitalt gratulationskort eller ett gåvokort som PDF i stället för en present.</p>
          </li>
        </ul>
      </section>

      <section className="page page--wide split" aria-labelledby="forskningen">
        <div>
          <h2 id="forskningen">Forskningen vi stöder</h2>
          <p>
            Vi finansierar forskning om hjärtinfarkt, hjärtsvikt, rytmrubbningar, KOL, astma, lungfibros och mycket mer.
            Varje ansökan granskas av oberoende forskare innan pengar delas ut.
          </p>
          <ul className="link-list">
            <li>
              <Link to="/hjartforskning">Hjärtforskning</Link>
            </li>
            <li>
              <Link to="/lungforskning">Lungforskning</Link>
            </li>
            <li>
              <Link to="/forskningsprojekt">Godkända forskningsprojekt</Link>
            </li>
            <li>
              <Link to="/sa-anvands-din-gava">Så används din gåva</Link>
            </li>
          </ul>
        </div>
        <aside className="give-box" aria-labelledby="ge-direkt">
          <h2 id="ge-direkt">Ge direkt</h2>
          <dl>
            <dt>Swish</dt>
            <dd>{formatSwishNumber(loaderData.swishNumber)}</dd>
            <dt>Bankgiro</dt>
            <dd>{loaderData.bankgiro}</dd>
          </dl>
          <p>
            Vill du ha skattereduktion? <Link to="/skattereduktion">Läs hur det fungerar</Link>.
          </p>
        </aside>
      </section>
    </>
  );
}
