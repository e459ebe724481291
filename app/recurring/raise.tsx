import { useState } from "react";
import { Form, Link, data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/raise";
import { containerContext } from "../context";
import { TOKEN_PAGE_HEADERS, assertSameOrigin } from "../donor/donor-session.server";
import { readRaiseLink } from "#core/agreements/raise-link";
import { raiseExplanation } from "#core/agreements/agreement-view";
import { AgreementChangeError, changeAmount, findAgreement } from "#core/agreements/agreement-service";
import { amountKr } from "#core/gifts/gift-form";
import { raiseFormSchema } from "#core/agreements/agreement-change-forms";
import { formatDateLong, formatSek } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { TextField } from "../components/form/field";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import "../components/form/form.css";
import "./monthly-gift.css";

export function meta() {
  return [{ title: "Höj ditt månadsbelopp" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

const BROKEN = "Länken fungerar inte. Kontrollera att du har fått med hela länken från mejlet, eller logga in på Mina sidor med BankID.";
const EXPIRED = "Länken har slutat gälla. Logga in på Mina sidor med BankID, så kan du höja beloppet där.";

/** The agreement a raise link is for, or a Swedish reason why not (forged, altered, expired, ended). */
async function linkedAgreement(context: Route.LoaderArgs["context"], token: string | null) {
  const container = context.get(containerContext);
  const check = readRaiseLink(container.agreements.linkKey, token, container.clock.now());
  if (!check.ok) return { error: check.reason === "expired" ? EXPIRED : BROKEN } as const;
  const agreement = await findAgreement(container.db, check.agreementId);
  // An erased donor's agreement has no donor (and is cancelled): the link leads nowhere.
  if (!agreement?.donor_id) return { error: BROKEN } as const;
  if (agreement.status !== "active" && agreement.status !== "paused" && agreement.status !== "pending") {
    return { error: "Den här månadsgåvan är avslutad. Du är varmt välkommen att bli månadsgivare igen." } as const;
  }
  return { agreement, donorId: agreement.donor_id } as const;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const linked = await linkedAgreement(context, token);
  if ("error" in linked) throw data({ message: linked.error }, { status: linked.error === EXPIRED ? 410 : 400 });
  const { config } = context.get(containerContext);
  return { token: token ?? "", amountOre: linked.agreement.amount_ore, debitDay: linked.agreement.debit_day, maxKr: config.GIFT_MAX_KR };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const formData = await request.formData();
  const token = String(formData.get("token") ?? "");
  const linked = await linkedAgreement(context, token);
  const container = context.get(containerContext);
  const maxKr = container.config.GIFT_MAX_KR;
  if (linked.error !== undefined) {
    // No agreement to raise: the link's problem is the form's.
    const result = parseForm(formData, raiseFormSchema(0, maxKr)).reply({ formErrors: [linked.error] });
    return data({ result, done: null }, { status: 400 });
  }
  const submission = parseForm(formData, raiseFormSchema(linked.agreement.amount_ore, maxKr));
  if (submission.status !== "success") return data({ result: submission.reply(), done: null }, { status: 400 });
  const amountOre = submission.value.amount * 100;
  try {
    const { appliesFrom } = await changeAmount(container, linked.agreement.id, linked.donorId, amountOre);
    return { result: null, done: { amountOre, appliesFrom } };
  } catch (error) {
    if (error instanceof AgreementChangeError) return data({ result: submission.reply({ formErrors: [error.userMessage] }), done: null }, { status: 400 });
    throw error;
  }
}

export default function Raise({ loaderData, actionData }: Route.ComponentProps) {
  const { token, amountOre, debitDay, maxKr } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "hoj",
    schema: raiseFormSchema(amountOre, maxKr),
    lastResult: actionData?.result,
    defaultValue: { amount: String(Math.max(amountOre / 100 + 50, 200)) },
    labels: { amount: "Nytt belopp" },
  });
  // The new amount is followed as it is typed: what it costs after the tax reduction.
  const [amount, setAmount] = useState(fields.amount.initialValue ?? String(Math.max(amountOre / 100 + 50, 200)));
  const newOre = (amountKr("annat", amount) ?? 0) * 100;
  if (actionData?.done) {
    return (
      <article className="page page--narrow monthly-gift">
        <h1>Tack för att du höjer din gåva!</h1>
        <p className="lead" role="status">
          Din månadsgåva är nu {formatSek(actionData.done.amountOre)} i månaden
          {actionData.done.appliesFrom ? `, från dragningen ${formatDateLong(actionData.done.appliesFrom)}` : ""}. Vi har skickat en bekräftelse
          till din e-post.
        </p>
        <p>
          <Link to="/">Till startsidan</Link>
        </p>
      </article>
    );
  }
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Höj ditt månadsbelopp</h1>
      <p className="lead">
        Du ger i dag {formatSek(amountOre)} i månaden, den {debitDay}:e. Tack! Varje krona extra går till forskningen om hjärta och lungor.
      </p>
      <ErrorSummary {...summary} />
      <Form method="post" className="form" {...formProps}>
        <input type="hidden" name="token" value={token} />
        <TextField
          field={fields.amount}
          label="Nytt belopp per månad (kronor)"
          hint="Höjningen gäller från nästa dragning som inte redan är beställd hos Bankgirot, och vi mejlar dig datumet."
          inputMode="numeric"
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
        {newOre > amountOre && (
          <p className="field__hint" aria-live="polite">
            {raiseExplanation(amountOre, newOre)}
          </p>
        )}
        <button type="submit" className="button button--primary button--large">
          Höj min månadsgåva
        </button>
      </Form>
      <p className="field__hint">
        Vill du sänka beloppet, pausa eller avsluta? Logga in på <Link to="/mina-sidor">Mina sidor</Link> med BankID.
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string" ? (error.data as { message: string }).message : BROKEN;
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Länken fungerar inte</h1>
      <p>{message}</p>
      <p>
        <Link to="/mina-sidor">Logga in på Mina sidor</Link>
      </p>
    </article>
  );
}
