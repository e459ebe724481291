import { Form, Link, data } from "react-router";
import type { Route } from "./+types/confirm-email";
import { containerContext } from "../context";
import { TOKEN_FAILURE_STATUS, TOKEN_PAGE_HEADERS, assertSameOrigin } from "./donor-session.server";
import { confirmEmailChange, readEmailChange } from "#core/donors/email-change";
import "./donor-pages.css";

/**
 * `/dina-uppgifter/bekrafta-e-post?token=…`, the link e-mailed to a donor's new
 * address (core/donors/email-change.ts). Opening it shows the address and a
 * button; only the button changes it, so a mail program or virus scanner that
 * opens links by itself confirms nothing.
 */
export function meta() {
  return [{ title: "Bekräfta din e-postadress" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const token = new URL(request.url).searchParams.get("token");
  const check = await readEmailChange({ db: container.db, tokens: container.donors.links }, token);
  if (!check.ok) return data({ state: check.reason, email: null }, { status: TOKEN_FAILURE_STATUS[check.reason] });
  return { state: "ask" as const, email: check.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const token = new URL(request.url).searchParams.get("token");
  const done = await confirmEmailChange({ db: container.db, clock: container.clock, tokens: container.donors.links }, token);
  if (!done.ok) return data({ state: done.reason, email: null }, { status: TOKEN_FAILURE_STATUS[done.reason] });
  return { state: "confirmed" as const, email: done.email };
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { state, email } = actionData ?? loaderData;
  return (
    <article className="page page--narrow">
      <h1>Bekräfta din e-postadress</h1>
      {state === "ask" && (
        <Form method="post" className="form">
          <p>
            Vill du att vi skriver till <strong>{email}</strong> från och med nu? Kvitton, länkar till dina uppgifter och andra brev
            till dig skickas då dit.
          </p>
          <p>
            <button type="submit" className="button button--primary button--large">
              Ja, använd den här adressen
            </button>
          </p>
        </Form>
      )}
      {state === "confirmed" && (
        <p className="notice notice--success" role="status">
          Tack! Nu skriver vi till {email}.
        </p>
      )}
      {state === "expired" && <p>Länken har slutat fungera. Ändra adressen igen under Mina uppgifter, så skickar vi en ny länk.</p>}
      {(state === "invalid" || state === "revoked") && (
        <p>Länken fungerar inte. Den kan redan vara använd, eller så har du bett om en nyare länk – använd den i så fall.</p>
      )}
      <p>
        <Link to="/mina-sidor">Till Mina sidor</Link>
      </p>
    </article>
  );
}
