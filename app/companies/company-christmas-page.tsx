import { Link, data } from "react-router";
import type { Route } from "./+types/company-christmas-page";
import { containerContext } from "../context";
import { cardsStatusText, findCompanyChristmas } from "#core/companies/company-christmas";
import { storedCardContent } from "#core/cards/greeting-card-order";
import { formatNumber, formatSek } from "#core/site/format";
import "./company-christmas.css";

/**
 * /foretag/gavobevis/:orderReference – the company's gift certificate and
 * Christmas card (decision 0046), by the gift's unguessable reference (the
 * thanks page, the payment page and the receipt link here): the certificate's
 * preview at once, its PDF once the gift is paid; the card's preview and how
 * many of its recipients have it.
 */
export function meta() {
  return [{ title: "Företagets gåvobevis och julkort" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const found = await findCompanyChristmas(container.db, params.orderReference);
  if (!found) throw data(null, { status: 404 });
  const paid = found.gift.status === "paid";
  const first = found.cards[0];
  const card = first ? container.cards.cardByCode(storedCardContent(first.content).cardCode) : undefined;
  return {
    orderReference: found.gift.order_reference,
    companyName: found.companyName,
    amountOre: found.gift.amount_ore,
    hasLogo: found.logo !== null,
    paid,
    cards: first
      ? { count: found.cards.length, title: card?.title ?? "Julkort", greeting: storedCardContent(first.content).greeting, firstRecipient: first.recipient_name, status: cardsStatusText(found.cards, paid) }
      : null,
  };
}

export default function CompanyChristmasPage({ loaderData: page }: Route.ComponentProps) {
  const base = `/foretag/gavobevis/${page.orderReference}`;
  return (
    <article className="page page--narrow company-christmas">
      <p className="company-christmas__kicker">Julgåva i stället för julklappar</p>
      <h1>Gåvobevis för {page.companyName}</h1>
      <p className="lead">
        Tack för gåvan på {formatSek(page.amountOre)} till forskningen om hjärt- och lungsjukdomar. Gåvobeviset visar kunder och medarbetare vart
        årets julklappspengar gick.
      </p>

      <section aria-labelledby="certificate-heading">
        <h2 id="certificate-heading">Gåvobeviset</h2>
        <img
          className="company-christmas__preview"
          src={`${base}/gavobevis.png`}
          width={620}
          height={877}
          alt={`Gåvobevis för ${page.companyName}${page.hasLogo ? " med företagets logotyp" : ""}: har i stället för julklappar gett ${formatSek(page.amountOre)} till forskningen.`}
        />
        {page.paid ? (
          <p>
            <a className="button button--primary" href={`${base}/gavobevis.pdf`} download>
              Ladda ner gåvobeviset (PDF)
            </a>
          </p>
        ) : (
          <p className="info-box" role="note">
            Gåvobeviset går att ladda ner som PDF när gåvan är betald. Vi skickar det också med kvittot.
          </p>
        )}
      </section>

      {page.cards ? (
        <section aria-labelledby="card-heading">
          <h2 id="card-heading">Julkortet</h2>
          <p>
            {page.cards.title} till {formatNumber(page.cards.count)} mottagare. {page.cards.status}
          </p>
          <img
            className="company-christmas__card"
            src={`${base}/julkort.png`}
            width={600}
            height={425}
            alt={`Julkortet ${page.cards.title} till ${page.cards.firstRecipient}. Hälsningen lyder: ${page.cards.greeting.replace(/\s+/g, " ")} Från ${page.companyName}.`}
          />
          <p className="field__hint">Så här ser kortet ut för den första mottagaren på listan, {page.cards.firstRecipient}.</p>
        </section>
      ) : null}

      <p>
        Frågor? <Link to="/kontakt">Kontakta oss</Link> och ange ordernummer {page.orderReference}.
      </p>
    </article>
  );
}
