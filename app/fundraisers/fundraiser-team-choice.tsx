import { Form, Link } from "react-router";
import { organiserForms } from "#core/fundraisers/fundraiser-forms";
import { ErrorSummary } from "../components/form/error-summary";
import { TextField } from "../components/form/field";
import type { FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";

/**
 * On the organiser's manage page: the team the fundraiser is in, with a way
 * out, or a field for a team's address (or its link) to join one (decision 0052).
 */
export function FundraiserTeamSection({
  team,
  open,
  formAction,
  busy,
  lastResult,
}: {
  team: { name: string; path: string } | null;
  open: boolean;
  formAction: string;
  busy: boolean;
  lastResult: FormResult | null;
}) {
  const join = useSiteForm({ id: "lag", schema: organiserForms.join, lastResult, labels: { team: "Lagets adress", form: "Laget" } });
  return (
    <section aria-labelledby="lag-rubrik">
      <h2 id="lag-rubrik">Lag</h2>
      {team ? (
        <>
          <p>
            Insamlingen är med i laget <Link to={team.path}>{team.name}</Link>. Lagets sida räknar ihop alla insamlingar i laget.
          </p>
          <Form method="post" action={formAction}>
            <button type="submit" name="intent" value="leave" className="button button--secondary" disabled={busy}>
              Lämna laget
            </button>
          </Form>
        </>
      ) : open ? (
        <>
          <p>Samlar du in tillsammans med andra, till exempel en klass eller ett lopplag? Gå med i ett lag, så räknas din insamling med på lagets sida.</p>
          <ErrorSummary {...join.summary} />
          <Form method="post" action={formAction} className="form" {...join.formProps}>
            <TextField field={join.fields.team} label="Lagets adress eller länk" hint="Till exempel klass-9b, eller hela länken till lagets sida." autoComplete="off" spellCheck={false} />
            <button type="submit" name="intent" value="join" className="button button--secondary" disabled={busy}>
              Gå med i laget
            </button>
          </Form>
        </>
      ) : (
        <p>Insamlingen är inte med i något lag.</p>
      )}
    </section>
  );
}
