import { Link } from "react-router";
import type { Route } from "./+types/fundraiser-started";

export function meta() {
  return [{ title: "Bekräfta din insamling" }, { name: "robots", content: "noindex" }];
}

/** After starting without BankID: the page waits for the e-mailed link to be opened. */
export function loader({ request }: Route.LoaderArgs) {
  const to = new URL(request.url).searchParams.get("till")?.slice(0, 254) ?? "";
  return { to };
}

export default function FundraiserStarted({ loaderData }: Route.ComponentProps) {
  return (
    <article className="page page--narrow">
      <h1>Titta i din e-post</h1>
      <p className="lead">
        Tack! Vi har skickat en länk till {loaderData.to ? <strong>{loaderData.to}</strong> : "din e-postadress"}. Öppna den för att bekräfta insamlingen – först då
        syns sidan.
      </p>
      <p>Länken är också den du hanterar insamlingen med, så spara mejlet. Hittar du det inte? Titta i skräpposten, eller ring oss så hjälper vi till.</p>
      <p>
        <Link to="/insamlingar">Se andras insamlingar</Link>
      </p>
    </article>
  );
}
