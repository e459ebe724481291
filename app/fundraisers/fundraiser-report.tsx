import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/fundraiser-report";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp } from "../donor/donor-session.server";
import { reportFundraiserSchema, REPORT_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import { reportFundraiser } from "#core/fundraisers/fundraiser-moderation";
import { fundraiserPath } from "#core/fundraisers/fundraiser-service";
import { ErrorSummary } from "../components/form/error-summary";
import { TextAreaField } from "../components/form/field";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { fundraiserFor } from "./fundraiser-page.server";
import "../components/form/form.css";

export function meta() {
  return [{ title: "Anmäl en insamling" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const fundraiser = await fundraiserFor(context, params.slug);
  return { title: fundraiser.title, path: fundraiserPath(fundraiser.slug) };
}

/** A visitor's report goes to staff's queue (rate-limited per visitor); nothing about the visitor is stored. */
export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const fundraiser = await fundraiserFor(context, params.slug);
  const submission = parseForm(await request.formData(), reportFundraiserSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  if (!(await container.fundraisers.reports.hit(clientIp(context)))) {
    return data({ result: submission.reply({ formErrors: ["Du har skickat många anmälningar på kort tid. Vänta en stund, eller ring oss."] }), sent: false }, { status: 429 });
  }
  await reportFundraiser(container.db, container.clock, fundraiser.id, submission.value.reason);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function FundraiserReport({ loaderData, actionData }: Route.ComponentProps) {
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
      <h1>Anmäl insamlingen</h1>
      <p>
        Gäller: <Link to={loaderData.path}>{loaderData.title}</Link>
      </p>
      {actionData?.sent ? (
        <p role="status" className="notice notice--success">
          Tack, vi har tagit emot din anmälan och läser den så snart vi kan.
        </p>
      ) : (
        <>
          <p>Berätta vad som är fel, till exempel om texten är kränkande, om sidan låtsas vara någon annan eller om den inte handlar om forskningen. Vi läser alla anmälningar.</p>
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
