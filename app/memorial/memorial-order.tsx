import { data } from "react-router";
import type { Route } from "./+types/memorial-order";
import { containerContext } from "../context";
import { memorialOrderView } from "#core/memorial/memorial-order-view";
import { formatCalendarDate, formatSek } from "#core/site/format";
import "./memorial-order.css";

/**
 * The donor's page for a memorial gift's sheet: in whose memory, where it
 * goes, how far it has come and when it is expected, and the sheet itself.
 * Opened by the gift's unguessable order reference (from the receipt); works
 * without JavaScript, never indexed or cached.
 */
export function meta({ data: view }: Route.MetaArgs) {
  return [{ title: view ? `Minnesblad till minne av ${view.deceasedName}` : "Minnesbladet hittades inte" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const view = await memorialOrderView(container.db, params.orderReference, container.clock.now());
  if (!view) throw data(null, { status: 404 });
  return view;
}

const STATUS_CLASS: Record<string, string> = {
  created: "waiting",
  ready: "waiting",
  sent: "done",
  failed: "problem",
  cancelled: "problem",
};

export default function MemorialOrder({ loaderData: view }: Route.ComponentProps) {
  const base = `/order/minnesblad/${view.orderReference}`;
  return (
    <article className="page page--medium memorial-order">
      <header className="memorial-order__header">
        <p className="memorial-order__kicker">Minnesgåva</p>
        <h1>Till minne av {view.deceasedName}</h1>
      </header>
      <div className="memorial-order__layout">
        <section className="memorial-order__facts" aria-labelledby="memorial-order-status">
          <h2 id="memorial-order-status">Minnesbladet</h2>
          <p className={`memorial-order__status memorial-order__status--${STATUS_CLASS[view.status]}`}>
            <span className="visually-hidden">Status: </span>
            {view.statusLabel}
          </p>
          {view.arrival ? <p>{view.arrival}</p> : null}
          <dl className="memorial-order__list">
            <dt>Skickas</dt>
            <dd>
              {view.destination}
              {view.address.length > 0 ? (
                <address>
                  {view.address.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              ) : null}
            </dd>
            {view.funeralDate ? (
              <>
                <dt>Begravning</dt>
                <dd>{formatCalendarDate(view.funeralDate)}</dd>
              </>
            ) : null}
            {view.signature ? (
              <>
                <dt>Hälsning från</dt>
                <dd>{view.signature}</dd>
              </>
            ) : null}
            <dt>Gåva</dt>
            <dd>{formatSek(view.amountOre)}</dd>
            <dt>Ordernummer</dt>
            <dd className="memorial-order__reference">{view.orderReference}</dd>
          </dl>
          <p>
            <a href={`${base}/minnesblad.pdf`} download>
              Ladda ner minnesbladet (PDF)
            </a>
          </p>
          <p className="memorial-order__help">
            Har du frågor om minnesbladet? Svara på kvittot du fick med e-post, så hjälper vi dig.
          </p>
        </section>
        <figure className="memorial-order__sheet">
          <img
            src={`${base}/minnesblad.png`}
            width={840}
            height={1192}
            alt={`Minnesbladet till minne av ${view.deceasedName}${view.signature ? `, med hälsning från ${view.signature}` : ""}.`}
          />
          <figcaption>Så ser minnesbladet ut.</figcaption>
        </figure>
      </div>
    </article>
  );
}
