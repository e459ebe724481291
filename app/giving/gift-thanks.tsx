import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/gift-thanks";
import { containerContext } from "../context";
import { findGiftByOrderReference } from "#core/payments/payment-repository";
import { isOrderReference } from "#core/payments/order-reference";
import { formatDateLong, formatSek } from "#core/site/format";
import { memorialOrderPath } from "#core/memorial/memorial-receipt";
import { collectionPath, collectionSlugOfGift } from "#core/memorial/collection-service";
import { findMembershipByOrderReference } from "#core/membership/membership-service";
import { memberCardPath } from "#core/membership/membership-receipt";
import { usePurchaseTracking } from "./use-purchase-tracking";
import { GIFT_DOCUMENT_LABELS, giftDocumentPagePath, isGiftDocumentKind } from "#core/gift-documents/gift-documents";
import { findGreetingCardOrder, sendingText } from "#core/cards/greeting-card-order";
import { companyChristmasPath } from "#core/companies/company-christmas";
import "../components/progress/progress-status.css";
import "./gift-payment.css";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.membership ? "Välkommen som medlem!" : "Tack för din gåva!" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  if (!isOrderReference(params.orderReference)) throw data(null, { status: 404 });
  const gift = await findGiftByOrderReference(container.db, params.orderReference);
  if (!gift) throw data(null, { status: 404 });
  if (gift.status !== "paid") throw redirect(`/ge-en-gava/betalning/${gift.order_reference}`);
  // A memorial gift given on a memorial collection's page leads back to it.
  const collectionSlug = gift.gift_type === "memorial" ? await collectionSlugOfGift(container.db, gift.id) : null;
  const membership = gift.gift_type === "membership" ? await findMembershipByOrderReference(container.db, gift.order_reference) : null;
  // What was bought, and where to get it or when it goes (issue #29): the document's own page, the card's recipient and day.
  const giftDocument = isGiftDocumentKind(gift.gift_type)
    ? { name: GIFT_DOCUMENT_LABELS[gift.gift_type].definite, path: giftDocumentPagePath(gift.gift_type, gift.order_reference) }
    : gift.gift_type === "company"
      ? { name: "gåvobeviset", path: companyChristmasPath(gift.order_reference) }
      : null;
  const card = gift.gift_type === "digital_greeting" ? await findGreetingCardOrder(container.db, container.cards, gift.order_reference) : null;
  return {
    giftDocument,
    greetingCard: card ? { recipient: card.item.recipient_name, when: sendingText(card.item, true) } : null,
    membership:
      membership?.member && membership.fee.valid_until
        ? {
            memberNumber: membership.member.member_number,
            name: membership.fee.name,
            validUntil: membership.fee.valid_until,
            isPresent: membership.fee.is_present === 1,
            cardPath: memberCardPath(gift.order_reference),
          }
        : null,
    memorialOrderPath: gift.gift_type === "memorial" ? memorialOrderPath(gift.order_reference) : null,
    collectionPath: collectionSlug ? collectionPath(collectionSlug) : null,
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
  if (gift.membership) return <MembershipThanks gift={gift} membership={gift.membership} />;
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
      {gift.giftDocument && (
        <p>
          <Link className="button button--primary" to={gift.giftDocument.path}>
            Se och hämta {gift.giftDocument.name}
          </Link>
        </p>
      )}
      {gift.greetingCard && (
        <p>
          Gratulationskortet går till {gift.greetingCard.recipient}. {gift.greetingCard.when}
        </p>
      )}
      <p>
        Vi har skickat ett kvitto till {gift.email}
        {gift.giftDocument ? `, med ${gift.giftDocument.name} bifogat` : ""}.
      </p>
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
      {gift.giftType === "company" ? (
        <p>Gåvan rapporteras till Skatteverket med företagets organisationsnummer. Skattereduktionen begär företaget i sin inkomstdeklaration.</p>
      ) : gift.taxReduction ? (
        <p>
          Du har angett ditt personnummer, så vi rapporterar gåvan till Skatteverket. Skattereduktionen syns i din
          deklaration om du har gett minst 2 000 kronor under året.
        </p>
      ) : (
        <p>
          Vill du ha skattereduktion nästa gång? Ange ditt personnummer när du ger. <Link to="/skattereduktion">Så fungerar det</Link>.
        </p>
      )}
      <MoreWaysToGive monthlyNote="ett fast belopp varje månad ger forskningen trygghet." />
    </article>
  );
}

type ThanksData = Route.ComponentProps["loaderData"];

/** A paid membership fee: the member number, the year, the member card to download – and no word of tax reduction, which a fee does not give. */
function MembershipThanks({ gift, membership }: { gift: ThanksData; membership: NonNullable<ThanksData["membership"]> }) {
  return (
    <article className="page page--narrow thanks-page">
      <h1>{membership.isPresent ? `Tack för din present, ${gift.firstName}!` : `Välkommen som medlem, ${gift.firstName}!`}</h1>
      <p className="lead">
        {membership.isPresent
          ? `${membership.name} är nu medlem och med i arbetet mot hjärt- och lungsjukdomar.`
          : "Nu är du med i arbetet mot hjärt- och lungsjukdomar. Tack för att du vill vara en del av det."}
      </p>
      <dl className="thanks-facts">
        <dt>Medlemsnummer</dt>
        <dd>{membership.memberNumber}</dd>
        <dt>Gäller till och med</dt>
        <dd>{formatDateLong(membership.validUntil)}</dd>
        <dt>Medlemsavgift</dt>
        <dd>{formatSek(gift.amountOre)}</dd>
        <dt>Ordernummer</dt>
        <dd>{gift.orderReference}</dd>
      </dl>
      <p>
        <a className="button button--primary" href={membership.cardPath} download>
          Ladda ner medlemskortet (PDF)
        </a>
      </p>
      <p>
        {membership.isPresent
          ? `Skriv ut kortet och ge det till ${membership.name}. `
          : "Skriv ut kortet och klipp ut det, så har du det i plånboken. "}
        Vi har skickat kvittot och medlemskortet till {gift.email}. En månad innan medlemskapet upphör får{" "}
        {membership.isPresent ? "medlemmen" : "du"} en påminnelse om att förnya.
      </p>
      <p>Medlemsavgiften räknas inte som en gåva och ger därför ingen skattereduktion.</p>
      <MoreWaysToGive monthlyNote="ett fast belopp varje månad ger forskningen trygghet, och gåvorna ger skattereduktion." />
    </article>
  );
}

/** Where a thanked donor can go next. */
function MoreWaysToGive({ monthlyNote }: { monthlyNote: string }) {
  return (
    <>
      <h2>Vill du göra mer?</h2>
      <ul className="link-list">
        <li>
          <Link to="/manadsgivande">Bli månadsgivare</Link> – {monthlyNote}
        </li>
        <li>
          <Link to="/sa-anvands-din-gava">Se hur gåvorna används</Link>
        </li>
        <li>
          <Link to="/">Till startsidan</Link>
        </li>
      </ul>
    </>
  );
}
