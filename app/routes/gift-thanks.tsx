import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/gift-thanks";
import { containerContext } from "../context";
import { findGiftByOrderReference } from "../../core/payments/payment-repository";
import { isOrderReference } from "../../core/payments/order-reference";
import { formatSek } from "../../core/site/format";
import { memorialOrderPath } from "../../core/memorial/memorial-receipt";
import { collectionPath } from "../../core/memorial/collection-service";
import { usePurchaseTracking } from "../payments/use-purchase-tracking";
import "../components/progress/progress-status.css";
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
  // A memorial gift given on a memorial collection's page leads back to it.
  const collection =
    gift.gift_type === "memorial"
      ? await container.db
          .selectFrom("memorial_collection_gifts as cg")
          .innerJoin("memorial_collections as c", "c.id", "cg.collection_id")
          .select("c.slug")
          .where("cg.gift_id", "=", gift.id)
          .executeTakeFirst()
      : undefined;
  return {
    memorialOrderPath: gift.gift_type === "memorial" ? memorialOrderPath(gift.order_reference) : null,
    collectionPath: collection ? collectionPath(collection.slug) : null,
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
      {gift.memorialOrderPath && (
        <p>
          {gift.collectionPath
            ? "Din hälsning finns på minnesbladet som familjen får tillsammans med de andra när minnesinsamlingen avslutas. "
            : "Minnesbladet med din hälsning är på väg. "}
          <Link to={gift.memorialOrderPath}>Se minnesbladet och vart det skickas</Link>
          {gift.collectionPath && (
            <>
              {" "}
              eller <Link to={gift.collectionPath}>gå tillbaka till minnesinsamlingen</Link>
            </>
          )}
          .
        </p>
      )}
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
