import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/letter-link";
import { containerContext } from "../context";
import { clientIp } from "../donor/donor-session.server";
import { letterPrefill } from "#core/letter-links/letter-links";
import { normaliseLetterReference } from "#core/letter-links/letter-link-reference";
import { letterPrefillCookie } from "./letter-prefill.server";
import "./postal-form.css";

/**
 * The address printed on a letter the charity posts, or its QR code
 * (`npm run letter:link`, decision 0023): /brev/{reference}. A reference that
 * works leads, with 303, to the one-off gift form with the donor's name and
 * address filled in. They travel in a short-lived HttpOnly cookie that holds
 * only the reference (app/paper/letter-prefill.server.ts), never in
 * the address, where they would reach logs and the browser's history. An
 * unknown or expired reference – one answer for both, as the API gives –
 * gets a friendly page with status 404 that offers the plain form and the
 * phone number.
 *
 * The page is private (a route with a parameter: never kept by the service
 * worker, sent `no-store`), and the reference is redacted from logs and error
 * reports like /api/donor/{reference}'s. Opening links shares the API's
 * per-visitor limit.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.limited ? "Många försök på kort tid" : "Länken fungerar inte längre" }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const contact = { phone: container.site.phone, email: container.site.email };
  const counted = await container.letterLinkLimiter.take(clientIp(context));
  if (!counted.allowed) {
    return data({ limited: true, ...contact }, { status: 429, headers: { ...PRIVATE, "Retry-After": String(counted.secondsLeft) } });
  }
  // The API's rule too: a link typed by hand from the letter in small letters still works.
  const reference = normaliseLetterReference(params.reference);
  const prefill = await letterPrefill({ db: container.db, clock: container.clock }, reference);
  if (!prefill) return data({ limited: false, ...contact }, { status: 404, headers: PRIVATE });
  return redirect("/ge-en-gava", { status: 303, headers: { ...PRIVATE, "Set-Cookie": letterPrefillCookie(container, reference) } });
}

/** "010-123 45 67" as a number a phone can call. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export default function LetterLink({ loaderData }: Route.ComponentProps) {
  const { limited, phone, email } = loaderData;
  return (
    <article className="page page--narrow postal-page letter-link-page">
      {limited ? (
        <>
          <h1>Många försök på kort tid</h1>
          <p className="lead">Länken har öppnats många gånger på kort tid. Vänta en minut och försök sedan igen.</p>
        </>
      ) : (
        <>
          <h1>Länken fungerar inte längre</h1>
          <p className="lead">
            Länken från vårt brev gäller bara en tid, och den här har slutat fungera – eller så blev något fel när den skrevs in. Det gör
            ingenting: du kan ge en gåva ändå och fylla i dina uppgifter själv.
          </p>
        </>
      )}
      <p>
        <Link to="/ge-en-gava" className="button button--primary button--large">
          Ge en gåva
        </Link>
      </p>
      <div className="postal-help" role="note">
        <h2>Vill du hellre ha hjälp?</h2>
        <p>
          Ring oss på <a href={telHref(phone)}>{phone}</a> så hjälper vi dig, eller skriv till <a href={`mailto:${email}`}>{email}</a>.
        </p>
        <p>
          Vill du hellre ha en blankett på papper? <Link to="/bestall-blankett">Beställ den här</Link>, så skickar vi den med posten.
        </p>
      </div>
    </article>
  );
}
