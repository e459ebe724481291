import { Link, data } from "react-router";
import type { Route } from "./+types/monthly-gift-thanks";
import { containerContext } from "../context";
import { PRIVATE_HEADERS } from "../donor/donor-session.server";
import { AGREEMENT_STATUS_LABELS } from "#core/agreements/agreement-status";
import { agreementSummary } from "#core/agreements/agreement-summary";
import { formatDateLong, formatSek } from "#core/site/format";
import "./monthly-gift.css";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.kind === "membership" ? "Tack – ditt medlemskap förnyas varje år" : "Tack för din månadsgåva";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return PRIVATE_HEADERS;
}

/** After signing: what was agreed and what happens next. The address is the agreement's random id; it shows no personnummer and only the account's last digits. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  if (!/^[0-9a-f-]{36}$/.test(params.agreementId)) throw data(null, { status: 404 });
  const row = await agreementSummary(container.db, params.agreementId);
  if (!row) throw data(null, { status: 404 });
  if (row.kind === "membership") {
    // A membership renewed every year (decision 0028): this page must speak of a yearly fee, not of a monthly gift.
    return {
      kind: "membership" as const,
      amountOre: row.amountOre,
      status: row.status,
      nextDebit: row.nextDebitOn,
      paidUntil: row.memberPaidUntil,
      paymentMethod: row.method === "card" ? (row.maskedCardNumber ? `Kort som slutar på ${row.maskedCardNumber.slice(-4)}` : "Kort") : `Autogiro, ${row.bankName ?? "ditt konto"}`,
    };
  }
  if (row.method === "card") {
    // Paid in the card window: the card is stored within seconds of the payment, and the agreement then active.
    return {
      kind: "card" as const,
      amountOre: row.amountOre,
      debitDay: row.debitDay,
      status: row.status,
      nextCharge: row.nextDebitOn,
      cardEnd: row.maskedCardNumber ? row.maskedCardNumber.slice(-4) : null,
    };
  }
  return {
    kind: "autogiro" as const,
    amountOre: row.amountOre,
    debitDay: row.debitDay,
    status: row.status,
    statusLabel: AGREEMENT_STATUS_LABELS[row.status],
    firstDebit: row.nextDebitOn,
    bank: row.bankName,
    accountEnd: (row.account ?? "").slice(-4),
    // Set by the signing when the address typed in the form replaced the one we had (issue #29).
    emailReplaced: new URL(request.url).searchParams.get("ny-epost") === "1",
  };
}

export default function MonthlyGiftThanks({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "membership") return <RenewalThanks {...loaderData} />;
  if (loaderData.kind === "card") return <CardThanks {...loaderData} />;
  const { amountOre, debitDay, status, statusLabel, firstDebit, bank, accountEnd, emailReplaced } = loaderData;
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Tack för att du blir månadsgivare!</h1>
      <p className="lead">
        Din månadsgåva gör att forskarna kan planera långsiktigt. Vi har skickat en bekräftelse till din e-post.
      </p>
      {emailReplaced && (
        <p className="notice" role="status">
          Vi skickar allt om din månadsgåva till e-postadressen du skrev nu. Den ersätter adressen vi hade sparad sedan tidigare.
        </p>
      )}
      <dl className="summary-list">
        <dt>Belopp</dt>
        <dd>{formatSek(amountOre)} i månaden</dd>
        <dt>Dragningsdag</dt>
        <dd>Den {debitDay}:e varje månad</dd>
        {firstDebit && (
          <>
            <dt>Första dragningen</dt>
            <dd>{formatDateLong(firstDebit)}</dd>
          </>
        )}
        <dt>Konto</dt>
        <dd>
          {bank}, konto som slutar på {accountEnd}
        </dd>
        <dt>Status</dt>
        <dd>{statusLabel}</dd>
      </dl>
      {status === "pending" && (
        <p>
          Medgivandet är skickat till Bankgirot, som kontrollerar det med din bank. Det brukar ta några bankdagar. Vi mejlar dig när
          det är klart. Du behöver inte göra något mer.
        </p>
      )}
      <p>
        På <Link to="/mina-sidor">Mina sidor</Link> kan du logga in med BankID och se dina dragningar, ändra beloppet eller dagen,
        pausa eller avsluta. Varje gång du ändrar något ser du från vilken dragning det gäller.
      </p>
      <p>
        <Link to="/">Till startsidan</Link>
      </p>
    </article>
  );
}

/** After the first month is paid in the card window (decision 0028). */
function CardThanks({ amountOre, debitDay, status, nextCharge, cardEnd }: { amountOre: number; debitDay: number; status: string; nextCharge: string | null; cardEnd: string | null }) {
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Tack för att du blir månadsgivare!</h1>
      <p className="lead">Din första gåva är betald. Din månadsgåva gör att forskarna kan planera långsiktigt.</p>
      <dl className="summary-list">
        <dt>Belopp</dt>
        <dd>{formatSek(amountOre)} i månaden</dd>
        <dt>Dragningsdag</dt>
        <dd>Den {debitDay}:e varje månad</dd>
        {nextCharge && (
          <>
            <dt>Nästa dragning</dt>
            <dd>{formatDateLong(nextCharge)}</dd>
          </>
        )}
        <dt>Betalsätt</dt>
        <dd>{cardEnd ? `Kort som slutar på ${cardEnd}` : "Kort"}</dd>
      </dl>
      {status === "pending" && <p>Vi sparar kortet hos vår betalpartner och skickar en bekräftelse till din e-post inom kort.</p>}
      <p>
        Gåvor på minst 200 kronor per dragning räknas för skattereduktion. I stället för ett kvitto varje månad får du en
        sammanställning för hela året.
      </p>
      <p>
        På <Link to="/mina-sidor">Mina sidor</Link> ser du dina dragningar och kan ändra beloppet eller dagen, pausa eller avsluta.
      </p>
      <p>
        <Link to="/">Till startsidan</Link>
      </p>
    </article>
  );
}

/** After a member chose to have the membership renewed every year, by card (paid now in the card window) or by autogiro. */
function RenewalThanks({ amountOre, status, nextDebit, paidUntil, paymentMethod }: { amountOre: number; status: string; nextDebit: string | null; paidUntil: string | null; paymentMethod: string }) {
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Tack! Ditt medlemskap förnyas nu varje år</h1>
      <p className="lead">Du slipper påminnelsen: avgiften dras en gång om året, och varje betald avgift förlänger medlemskapet med ett år.</p>
      <dl className="summary-list">
        <dt>Avgift</dt>
        <dd>{formatSek(amountOre)} om året</dd>
        {paidUntil && (
          <>
            <dt>Medlemskapet gäller till och med</dt>
            <dd>{formatDateLong(paidUntil)}</dd>
          </>
        )}
        {nextDebit && (
          <>
            <dt>Nästa avgift dras</dt>
            <dd>{formatDateLong(nextDebit)}</dd>
          </>
        )}
        <dt>Betalsätt</dt>
        <dd>{paymentMethod}</dd>
      </dl>
      {status === "pending" && <p>Vi sparar kortet hos vår betalpartner och skickar en bekräftelse till din e-post inom kort.</p>}
      <p>Medlemsavgiften räknas inte som en gåva och ger därför ingen skattereduktion.</p>
      <p>
        På <Link to="/mina-sidor">Mina sidor</Link> kan du se förnyelsen och avsluta den när du vill.
      </p>
      <p>
        <Link to="/">Till startsidan</Link>
      </p>
    </article>
  );
}
