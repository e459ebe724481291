import { useState } from "react";
import { Link, data } from "react-router";
import type { Route } from "./+types/card-page";
import { containerContext } from "../context";
import { findGreetingCardOrder } from "#core/cards/greeting-card-order";
import { greetingCardImageUrl, useGreetingCardDownload } from "./download-card";
import "./card-page.css";

/**
 * A digital greeting card's own page, /d/{cardCode}/{orderReference}: what the
 * recipient opens from the e-mail. The card as an image, the greeting as text
 * too, and who gave the gift in their name. Only a paid card with this code
 * and reference exists here; anything else is the ordinary 404. Never
 * indexed, never cached by anyone but the reader.
 */
export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Sidan hittades inte" }, { name: "robots", content: "noindex" }];
  return [{ title: `Ett kort från ${loaded.giverName}` }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const reference = (params["*"] ?? "").split("/")[0] ?? "";
  const found = await findGreetingCardOrder(container.db, container.cards, reference);
  if (!found || found.card.code !== params.cardCode || found.gift.status !== "paid") throw data(null, { status: 404 });
  return {
    orderReference: found.gift.order_reference,
    title: found.card.title,
    greeting: found.content.greeting,
    giverName: found.content.giverName,
    recipientName: found.item.recipient_name,
    siteName: container.site.name,
  };
}

export default function CardPage({ loaderData }: Route.ComponentProps) {
  const { orderReference, title, greeting, giverName, recipientName, siteName } = loaderData;
  const image = greetingCardImageUrl(orderReference);
  const download = useGreetingCardDownload();
  const [downloadFailed, setDownloadFailed] = useState(false);
  return (
    <article className="page page--narrow card-page">
      <p className="card-page__kicker">Till {recipientName}</p>
      <h1>{giverName} har gett en gåva till hjärt- och lungforskningen i ditt namn</h1>
      <figure className="card-page__card">
        <img src={image} alt={`Kortet ${title}, till ${recipientName} från ${giverName}.`} width={1200} height={851} />
      </figure>
      <p>
        <a
          href={image}
          download="gratulationskort.png"
          onClick={(event) => {
            event.preventDefault();
            setDownloadFailed(false);
            download(orderReference).catch(() => setDownloadFailed(true));
          }}
        >
          Spara kortet som bild
        </a>
      </p>
      {downloadFailed ? (
        <p role="alert" className="field__hint">
          Kortet kunde inte sparas just nu. Försök igen om en stund – det finns kvar här.
        </p>
      ) : null}
      <section aria-labelledby="halsningen">
        <h2 id="halsningen">Hälsningen</h2>
        <blockquote className="card-page__greeting">
          {greeting.split("\n").map((line, i) => (line.trim() === "" ? <br key={i} /> : <p key={i}>{line}</p>))}
          <footer>– {giverName}</footer>
        </blockquote>
      </section>
      <section aria-labelledby="gavan" className="card-page__about">
        <h2 id="gavan">Vad gåvan gör</h2>
        <p>
          Gåvan i ditt namn går till forskning om hjärt- och lungsjukdomar genom {siteName}. Forskningen ger fler människor fler friska år – med dem de tycker
          om.
        </p>
        <p className="card-page__actions">
          <Link className="button button--primary" to="/ge-en-gava/gratulationskort">
            Skicka ett eget kort
          </Link>
          <Link className="button button--secondary" to="/ge-en-gava">
            Ge en gåva
          </Link>
        </p>
      </section>
    </article>
  );
}
