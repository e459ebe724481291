import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/my-details";
import { PRIVATE_HEADERS, assertSameOrigin, requireDonor } from "../donors/donor-session.server";
import { donorView, updateDonorDetails } from "../../core/donors/donor-repository";
import { DETAILS_FIELD_LABELS, donorDetailsSchema } from "../../core/donors/donor-details";
import { fieldErrors } from "../../core/gifts/gift-form";
import { maskPersonnummer } from "../../core/identity/personnummer";
import { ErrorSummary } from "../components/form/error-summary";
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
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { container, session } = await requireDonor(context, request);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = donorDetailsSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: form }, { status: 400 });
  await updateDonorDetails(container.db, container.clock, session.donor, parsed.data);
  return redirect("/mina-sidor/mina-uppgifter?sparat=1", 303);
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { donor, maskedPersonnummer, saved } = loaderData;
  const errors = actionData?.errors ?? {};
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
      <ErrorSummary errors={errors} labels={DETAILS_FIELD_LABELS} />
      {maskedPersonnummer && (
        <p>
          Personnummer: {maskedPersonnummer}
          <br />
          <span className="field__hint">Personnumret kommer från ditt BankID och kan inte ändras här.</span>
        </p>
      )}
      <Form method="post" className="form" noValidate>
        <DonorDetailsFields values={detailsValues(donor, actionData?.values)} errors={errors} protectedIdentity={donor.protectedIdentity} />
        <p>
          <button type="submit" className="button button--primary button--large" disabled={saving}>
            {saving ? "Sparar…" : "Spara ändringar"}
          </button>
        </p>
      </Form>
    </article>
  );
}
