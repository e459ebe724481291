import { Link } from "react-router";

/**
 * The not-found (404), too-many (429), refused (other 4xx) and server-error (500) pages, rendered with their real
 * status. The status alone keeps them out of search results (crawlers never
 * index a 4xx or 5xx answer), so they carry no robots noindex: on a 500 it
 * could only do harm if a crawler ever took it for the page's own.
 */
export function ErrorPage({ status, siteName }: { status: number; siteName: string | undefined }) {
  const notFound = status === 404;
  const tooMany = status === 429;
  // Any other 4xx is a request the page could not take (a post to a page without a form, 405): not our fault, nothing registered.
  const refused = !notFound && !tooMany && status >= 400 && status < 500;
  const title = notFound ? "Sidan kunde inte hittas" : tooMany ? "Många försök på kort tid" : refused ? "Det går inte att göra så här" : "Något gick fel hos oss";
  return (
    <article className="page page--narrow error-page">
      <title>{siteName ? `${title} – ${siteName}` : title}</title>
      <meta
        name="description"
        content={
          notFound
            ? "Sidan du letar efter finns inte eller har flyttats. Gå till startsidan, sök på webbplatsen eller kontakta oss."
            : refused
              ? "Sidan kunde inte ta emot det som skickades. Gå tillbaka, ladda om sidan och försök igen."
              : "Ett tekniskt fel hindrade sidan från att visas. Försök igen om en stund, eller gå till startsidan."
        }
      />
      <p className="error-page__status">{notFound ? "Fel 404" : `Fel ${status}`}</p>
      <h1>{title}</h1>
      {notFound ? (
        <p>
          Sidan du letar efter finns inte, eller så har den flyttats. Kontrollera adressen, sök på webbplatsen eller gå
          till startsidan.
        </p>
      ) : tooMany ? (
        <p>
          Du har försökt många gånger på kort tid, så vi väntar en stund innan vi skickar något mer. Ingen gåva har
          dragits två gånger. Vänta några minuter och försök sedan igen.
        </p>
      ) : refused ? (
        <p>Sidan kunde inte ta emot det som skickades. Gå tillbaka, ladda om sidan och försök igen.</p>
      ) : (
        <p>
          Ett tekniskt fel uppstod och sidan kunde inte visas. Om du höll på att ge en gåva har ingenting dragits två
          gånger – försök igen om en stund. Felet har registrerats och vi arbetar på det.
        </p>
      )}
      <ul className="error-page__links">
        <li>
          <Link to="/">Till startsidan</Link>
        </li>
        <li>
          <Link to="/sok">Sök på webbplatsen</Link>
        </li>
        <li>
          <Link to="/kontakt">Kontakta oss</Link>
        </li>
      </ul>
    </article>
  );
}
