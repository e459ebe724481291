import { Form, Link, data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import type { Route } from "./+types/card-update";
import { containerContext } from "../context";
import { TOKEN_PAGE_HEADERS, assertSameOrigin } from "../donor/donor-session.server";
import { readCardLink } from "#core/agreements/card-link";
import { findAgreement } from "#core/agreements/agreement-service";
import { unpaidCardMonth } from "#core/agreements/unpaid-card-month";
import { PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { formatDateLong, formatSek } from "#core/site/format";
import "../components/form/form.css";
import "./monthly-gift.css";

/**
 * "Ge ett nytt kort" from the e-mail about a declined or expired card
 * (decision 0028): the donor pays the month that could not be charged in the
 * card window, which stores the new card for the months after. The signed
 * link allows nothing else; it shows only amounts and dates.
 */
export function meta() {
  return [{ title: "Ge ett nytt kort för din månadsgåva" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

const BROKEN = "Länken fungerar inte. Kontrollera att du har fått med hela länken från mejlet, eller logga in på Mina sidor med BankID.";
const EXPIRED = "Länken har slutat gälla. Logga in på Mina sidor med BankID, eller ring oss så hjälper vi dig.";

async function linked(context: Route.LoaderArgs["context"], token: string | null) {
  const container = context.get(containerContext);
  const check = readCardLink(container.agreements.linkKey, token, container.clock.now());
  if (!check.ok) return { error: check.reason === "expired" ? EXPIRED : BROKEN } as const;
  const agreement = await findAgreement(container.db, check.agreementId);
  if (!agreement || agreement.method !== "card") return { error: BROKEN } as const;
  if (agreement.status !== "active" && agreement.status !== "paused") {
    return { error: "Den här månadsgåvan är avslutad. Du är varmt välkommen att bli månadsgivare igen." } as const;
  }
  // The month the stored card could not pay, if nothing is being tried for it right now.
  const unpaid = await unpaidCardMonth(container.db, agreement.id);
  return { agreement, unpaid } as const;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const link = await linked(context, token);
  if ("error" in link) throw data({ message: link.error }, { status: link.error === EXPIRED ? 410 : 400 });
  return {
    token: token ?? "",
    amountOre: link.agreement.amount_ore,
    nextDebitOn: link.agreement.next_debit_on,
    unpaid: link.unpaid ? { amountOre: link.unpaid.amount_ore, debitOn: link.unpaid.debit_on } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const form = await request.formData();
  const link = await linked(context, String(form.get("token") ?? ""));
  if ("error" in link) throw data({ message: link.error }, { status: 400 });
  if (!link.unpaid) throw redirect(`/ge-en-gava/manadsgava/kort?${new URLSearchParams({ token: String(form.get("token") ?? "") })}`, 303);
  const container = context.get(containerContext);
  await container.payments.startPayment(link.unpaid.id, "Mondido").catch((error: unknown) => {
    if (error instanceof PaymentStartsLimitedError) throw data({ message: "Du har försökt många gånger på kort tid. Vänta en stund och försök igen." }, { status: 429 });
    throw error;
  });
  return redirect(`/ge-en-gava/betalning/${link.unpaid.order_reference}`, 303);
}

export default function CardUpdate({ loaderData }: Route.ComponentProps) {
  const { token, amountOre, nextDebitOn, unpaid } = loaderData;
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Ge ett nytt kort för din månadsgåva</h1>
      {unpaid ? (
        <>
          <p className="lead">
            Gåvan på {formatSek(unpaid.amountOre)}
            {unpaid.debitOn ? ` den ${formatDateLong(unpaid.debitOn)}` : ""} kunde inte dras från ditt sparade kort.
          </p>
          <p>
            Betala den hos vår betalpartner med det kort du vill använda från och med nu. Kortet sparas, och därefter dras{" "}
            {formatSek(amountOre)} från det nya kortet varje månad. Vi ser aldrig dina kortuppgifter.
          </p>
          <Form method="post" className="form">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="button button--primary button--large">
              Betala {formatSek(unpaid.amountOre)} och spara kortet
            </button>
          </Form>
        </>
      ) : (
        <p className="lead">
          Just nu finns ingen dragning att betala. {nextDebitOn ? `Nästa gåva dras ${formatDateLong(nextDebitOn)}.` : ""} Har vi nyss försökt dra
          gåvan igen? Vänta en stund och öppna länken på nytt.
        </p>
      )}
      <p className="field__hint">
        Vill du ändra, pausa eller avsluta din månadsgåva? Logga in på <Link to="/mina-sidor">Mina sidor</Link> med BankID.
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
        <Link to="/mina-sidor">Till Mina sidor</Link>
      </p>
    </article>
  );
}
