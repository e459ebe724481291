import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/my-details";
import { PRIVATE_HEADERS, assertSameOrigin, requireDonor } from "./donor-session.server";
import { donorView } from "#core/donors/donor-repository";
import { saveDonorDetails } from "#core/donors/email-change";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { PendingEmailNotice } from "../components/donor/pending-email-notice";
import { DETAILS_FIELD_LABELS, donorDetailsSchema } from "#core/donors/donor-details";
import { maskPersonnummer } from "#core/identity/personnummer";
import { ErrorSummary } from "../components/form/error-summary";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { DonorDetailsFields, detailsValues } from "../components/donor/donor-details-fields";
import "../components/form/form.css";
import "./donor-pages.css";

export function meta() {
  return [{ title: "Mina uppgifter – Mina sidor" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireDonor(context, request);
  return {
    donor: donorView(session.donor),
    maskedPersonnummer: session.donor.personnummer ? maskPersonnummer(session.donor.personnummer) : null,
    saved: new URL(request.url).searchParams.get("sparat") === "1",
    pendingEmail: session.donor.pending_email,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { container, session } = await requireDonor(context, request);
  const submission = parseForm(await request.formData(), donorDetailsSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await saveDonorDetails({ db: container.db, clock: container.clock, tokens: container.donors.links, recipientMail: container.recipientMail }, session.donor, submission.value);
  } catch (error) {
    if (!(error instanceof RecipientMailLimitedError)) throw error;
    return data({ result: submission.reply({ fieldErrors: { email: [RECIPIENT_MAIL_LIMITED_MESSAGE] } }) }, { status: 429 });
  }
  return redirect("/mina-sidor/mina-uppgifter?sparat=1", 303);
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { donor, maskedPersonnummer, saved, pendingEmail } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "mina-uppgifter",
    schema: donorDetailsSchema,
    lastResult: actionData?.result,
    defaultValue: detailsValues(donor, pendingEmail),
    labels: DETAILS_FIELD_LABELS,
  });
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <article className="page page--narrow">
      <p className="breadcrumb">
        <Link to="/mina-sidor">Mina sidor</Link>
      </p>
      <h1>Mina uppgifter</h1>
      {saved && !actionData && (
        <p className="notice notice--success" role="status">
          Dina uppgifter är sparade.
        </p>
      )}
      <PendingEmailNotice pendingEmail={pendingEmail} confirmedEmail={donor.email} />
      <ErrorSummary {...summary} />
      {maskedPersonnummer && (
        <p>
          Personnummer: {maskedPersonnummer}
          <br />
          <span className="field__hint">Personnumret kommer från ditt BankID och kan inte ändras här.</span>
        </p>
      )}
      <Form method="post" className="form" {...formProps}>
        <DonorDetailsFields fields={fields} protectedIdentity={donor.protectedIdentity} />
        <p>
          <button type="submit" className="button button--primary button--large" disabled={saving}>
            {saving ? "Sparar…" : "Spara ändringar"}
          </button>
        </p>
      </Form>
    </article>
  );
}
