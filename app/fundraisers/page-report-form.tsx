import { Form, Link, useNavigation } from "react-router";
import { reportFundraiserSchema, REPORT_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import { ErrorSummary } from "../components/form/error-summary";
import { TextAreaField } from "../components/form/field";
import type { FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";
import "../components/notice.css";

/**
 * The "report this page" form of a fundraiser's page and a team's (decisions
 * 0050, 0055), posted to its own address's action (page-report.server.ts):
 * it works without JavaScript, and thanks the visitor once sent.
 */
export function PageReportForm({
  heading,
  title,
  path,
  note,
  actionData,
}: {
  heading: string;
  title: string;
  path: string;
  /** A line for this kind of page, after the explanation. */
  note?: string;
  actionData: { result: FormResult; sent: boolean } | undefined;
}) {
  const { fields, formProps, summary } = useSiteForm({
    id: "anmalan",
    schema: reportFundraiserSchema,
    lastResult: actionData?.sent ? undefined : actionData?.result,
    labels: { reason: "Vad är fel", form: "Formuläret" },
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <article className="page page--narrow">
      <h1>{heading}</h1>
      <p>
        Gäller: <Link to={path}>{title}</Link>
      </p>
      {actionData?.sent ? (
        <p role="status" className="notice notice--success">
          Tack, vi har tagit emot din anmälan och läser den så snart vi kan.
        </p>
      ) : (
        <>
          <p>Berätta vad som är fel, till exempel om texten är kränkande, om sidan låtsas vara någon annan eller om den inte handlar om forskningen. Vi läser alla anmälningar.</p>
          {note && <p>{note}</p>}
          <ErrorSummary {...summary} />
          <Form method="post" className="form" {...formProps}>
            <TextAreaField field={fields.reason} label="Vad är fel med sidan?" rows={5} hint={`Högst ${REPORT_MAX_CHARACTERS} tecken. Skriv inga personnummer.`} />
            <p>
              <button type="submit" className="button button--primary" disabled={busy}>
                Skicka anmälan
              </button>
            </p>
          </Form>
        </>
      )}
    </article>
  );
}
