import { Link, data } from "react-router";
import type { Route } from "./+types/monthly-gift-thanks";
import { containerContext } from "../context";
import { PRIVATE_HEADERS } from "../donors/donor-session.server";
import { AGREEMENT_STATUS_LABELS } from "../../core/agreements/agreement-status";
import { formatDateLong, formatSek } from "../../core/site/format";
import "./monthly-gift.css";

export function meta() {
  return [{ title: "Tack för din månadsgåva" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return PRIVATE_HEADERS;
}

/** After signing: what was agreed and what happens next. The address is the agreement's random id; it shows no personnummer and only the account's last digits. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(containerContext);
  if (!/^[0-9a-f-]{36}$/.test(params.agreementId)) throw data(null, { status: 404 });
  const row = await db
    .selectFrom("agreements")
    .innerJoin("mandates", "mandates.id", "agreements.mandate_id")
    .select(["agreements.amount_ore", "agreements.debit_day", "agreements.status", "agreements.next_debit_on", "mandates.bank_name", "mandates.account"])
    .where("agreements.id", "=", params.agreementId)
    .executeTakeFirst();
  if (!row) throw data(null, { status: 404 });
  return {
    amountOre: row.amount_ore,
    debitDay: row.debit_day,
    status: row.status,
    statusLabel: AGREEMENT_STATUS_LABELS[row.status],
    firstDebit: row.next_debit_on,
    bank: row.bank_name,
    accountEnd: row.account.slice(-4),
  };
}

export default function MonthlyGiftThanks({ loaderData }: Route.ComponentProps) {
  const { amountOre, debitDay, status, statusLabel, firstDebit, bank, accountEnd } = loaderData;
  return (
    <article className="page page--narrow monthly-gift">
      <h1>Tack för att du blir månadsgivare!</h1>
      <p className="lead">
        Din månadsgåva gör att forskarna kan planera långsiktigt. Vi har skickat en bekräftelse till din e-post.
      </p>
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
