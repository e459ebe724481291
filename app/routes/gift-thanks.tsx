import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/gift-thanks";
import { containerContext } from "../context";
import { findGiftByOrderReference } from "../../core/payments/payment-repository";
import { isOrderReference } from "../../core/payments/order-reference";
import { formatSek } from "../../core/site/format";
import { usePurchaseTracking } from "../payments/use-purchase-tracking";
import "./gift-payment.css";

export function meta() {
  return [{ title: "Tack för din gåva!" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  if (!isOrderReference(params.orderReference)) throw data(null, { status: 404 });
  const gift = await findGiftByOrderReference(container.db, params.orderReference);
  if (!gift) throw data(null, { status: 404 });
  if (gift.status !== "paid") throw redirect(`/ge-en-gava/betalning/${gift.order_reference}`);
  return {
    orderReference: gift.order_reference,
    amountOre: gift.amount_ore,
    giftType: gift.gift_type,
    firstName: gift.donor_name.split(" ")[0] ?? gift.donor_name,
    email: gift.donor_email,
    taxReduction: gift.donor_personnummer !== null,
  };
}

export default function GiftThanks({ loaderData: gift }: Route.ComponentProps) {
  usePurchaseTracking({ transactionId: gift.orderReference, amountOre: gift.amountOre, giftType: gift.giftType });
  return (
    <article className="page page--narrow thanks-page">
      <h1>Tack för din gåva, {gift.firstName}!</h1>
      <p className="lead">
        Din gåva på {formatSek(gift.amountOre)} gör det möjligt för forskare att hitta nya sätt att förebygga och behandla
        hjärt- och lungsjukdomar.
      </p>
      <dl className="thanks-facts">
        <dt>Belopp</dt>
        <dd>{formatSek(gift.amountOre)}</dd>
        <dt>Ordernummer</dt>
        <dd>{gift.orderReference}</dd>
      </dl>
      <p>Vi har skickat ett kvitto till {gift.email}.</p>
      {gift.taxReduction ? (
        <p>
          Du har angett ditt personnummer, så vi rapporterar gåvan till Skatteverket. Skattereduktionen syns i din
          deklaration om du har gett minst 2 000 kronor under året.
        </p>
      ) : (
        <p>
          Vill du ha skattereduktion nästa gång? Ange ditt personnummer när du ger. <Link to="/skattereduktion">Så fungerar det</Link>.
        </p>
      )}
      <h2>Vill du göra mer?</h2>
      <ul className="link-list">
        <li>
          <Link to="/manadsgivande">Bli månadsgivare</Link> – ett fast belopp varje månad ger forskningen trygghet.
        </li>
        <li>
          <Link to="/sa-anvands-din-gava">Se hur gåvorna används</Link>
        </li>
        <li>
          <Link to="/">Till startsidan</Link>
        </li>
      </ul>
    </article>
  );
}
