import { useState } from "react";
import { Form, Link, data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/raise";
import { containerContext } from "../context";
import { PRIVATE_HEADERS, assertSameOrigin } from "../donors/donor-session.server";
import { readRaiseLink } from "../../core/agreements/raise-link";
import { raiseExplanation } from "../../core/agreements/agreement-view";
import { AgreementChangeError, changeAmount, findAgreement } from "../../core/agreements/agreement-service";
import { amountKr } from "../../core/gifts/gift-form";
import { formatDateLong, formatSek } from "../../core/site/format";
import "../components/form/form.css";
import "./monthly-gift.css";

export function meta() {
  return [{ title: "Höj ditt månadsbelopp" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "no-referrer" };
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
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const linked = await linkedAgreement(context, token);
  if ("error" in linked) return data({ error: linked.error, done: null }, { status: 400 });
  const container = context.get(containerContext);
  const kr = amountKr("annat", String(form.get("amount") ?? ""));
  const current = linked.agreement.amount_ore;
  if (kr === null || kr * 100 <= current || kr > container.config.GIFT_MAX_KR) {
    return data(
      { error: `Skriv ett belopp högre än ${formatSek(current)} i hela kronor. Vill du sänka beloppet, pausa eller avsluta gör du det på Mina sidor med BankID.`, done: null },
      { status: 400 },
    );
  }
  try {
    const { appliesFrom } = await changeAmount(container, linked.agreement.id, linked.donorId, kr * 100);
    return { error: null, done: { amountOre: kr * 100, appliesFrom } };
  } catch (error) {
    if (error instanceof AgreementChangeError) return data({ error: error.userMessage, done: null }, { status: 400 });
    throw error;
  }
}

export default function Raise({ loaderData, actionData }: Route.ComponentProps) {
  const { token, amountOre, debitDay } = loaderData;
  const [amount, setAmount] = useState(String(Math.max(amountOre / 100 + 50, 200)));
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
  const error = actionData?.error ?? null;
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Höj ditt månadsbelopp</h1>
      <p className="lead">
        Du ger i dag {formatSek(amountOre)} i månaden, den {debitDay}:e. Tack! Varje krona extra går till forskningen om hjärta och lungor.
      </p>
      <Form method="post" className="form">
        <input type="hidden" name="token" value={token} />
        <div className={`field${error ? " field--error" : ""}`}>
          <label htmlFor="hoj-belopp">Nytt belopp per månad (kronor)</label>
          <p className="field__hint" id="hoj-belopp-hint">
            Höjningen gäller från nästa dragning som inte redan är beställd hos Bankgirot, och vi mejlar dig datumet.
          </p>
          {error && (
            <p className="field__error" id="hoj-belopp-fel" role="alert">
              {error}
            </p>
          )}
          <input
            id="hoj-belopp"
            name="amount"
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            aria-describedby={`hoj-belopp-hint${error ? " hoj-belopp-fel" : ""}`}
            aria-invalid={error ? true : undefined}
          />
        </div>
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
