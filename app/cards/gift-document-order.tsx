import { useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/gift-document-order";
import { containerContext } from "../context";
import { giftDocumentOrderView } from "#core/gift-documents/gift-document-order";
import { GIFT_DOCUMENT_LABELS } from "#core/gift-documents/gift-documents";
import { formatSek } from "#core/site/format";
import { giftDocumentKindOf, giftDocumentPagePath } from "./kind-from-path";
import { useGiftCardDownload } from "./download-gift-card";
import "../memorial/memorial-order.css";
import "./gift-document-order.css";

/**
 * The donor's page for a gift card (/gavokort/:ref), a gift certificate
 * (/order/gavobevis/:ref) or a diploma (/order/diplom/:ref): to whom, for
 * what occasion, how far each delivery has come, and – once the gift is paid –
 * the document itself to look at and download. A list order shows every
 * recipient's delivery. Opened by the gift's unguessable order reference;
 * works without JavaScript, never indexed or cached. Shares the memorial
 * order page's styles.
 */
export function meta({ data: view }: Route.MetaArgs) {
  if (!view) return [{ title: "Beställningen hittades inte" }, { name: "robots", content: "noindex" }];
  const to = view.listOrder ? `${view.items.length} mottagare` : (view.items[0]?.recipientName ?? "");
  return [{ title: `${view.name} till ${to}` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const kind = giftDocumentKindOf(request);
  const container = context.get(containerContext);
  const view = kind ? await giftDocumentOrderView(container.db, params.orderReference, kind) : null;
  if (!view) throw data(null, { status: 404 });
  return view;
}

const STATUS_CLASS: Record<string, string> = { created: "waiting", ready: "waiting", sent: "done", failed: "problem", cancelled: "problem" };

export default function GiftDocumentOrder({ loaderData: view }: Route.ComponentProps) {
  const label = GIFT_DOCUMENT_LABELS[view.kind];
  const base = giftDocumentPagePath(view.kind, view.orderReference);
  const first = view.items[0]!;
  const isCard = view.kind === "gift_card";
  const download = useGiftCardDownload();
  const [downloadFailed, setDownloadFailed] = useState(false);
  return (
    <article className="page page--medium memorial-order gift-document-order">
      <header className="memorial-order__header">
        <p className="memorial-order__kicker">{view.name}</p>
        <h1>{view.listOrder ? `${view.name} till ${view.items.length} mottagare` : `${view.name} till ${first.recipientName}`}</h1>
      </header>
      <div className="memorial-order__layout">
        <section className="memorial-order__facts" aria-labelledby="gift-document-status">
          <h2 id="gift-document-status">{view.listOrder ? "Beställningen" : label.name}</h2>
          {view.listOrder ? (
            <p className={`memorial-order__status memorial-order__status--${view.paid ? "done" : "waiting"}`}>
              <span className="visually-hidden">Status: </span>
              {view.paid ? "Betald" : "Väntar på betalning"}
            </p>
          ) : (
            <>
              <p className={`memorial-order__status memorial-order__status--${STATUS_CLASS[first.status]}`}>
                <span className="visually-hidden">Status: </span>
                {first.statusLabel}
              </p>
              {first.arrival ? <p>{first.arrival}</p> : null}
            </>
          )}
          <dl className="memorial-order__list">
            <dt>Tillfälle</dt>
            <dd>{view.occasion}</dd>
            {view.listOrder ? null : (
              <>
                <dt>{isCard ? "Till" : "Skickas"}</dt>
                <dd>
                  {isCard ? first.recipientName : first.destination}
                  {first.address.length > 0 ? (
                    <address>
                      {first.address.map((line) => (
                        <span key={line}>{line}</span>
                      ))}
                    </address>
                  ) : null}
                </dd>
              </>
            )}
            <dt>Från</dt>
            <dd>{view.signature}</dd>
            <dt>Gåva</dt>
            <dd>{formatSek(view.amountOre)}</dd>
            <dt>Ordernummer</dt>
            <dd className="memorial-order__reference">{view.orderReference}</dd>
          </dl>
          {view.paid && !view.listOrder ? (
            <p className="gift-document-order__downloads">
              <a
                className={isCard ? "button button--primary" : undefined}
                href={`${base}/${view.fileBase}.pdf`}
                download
                onClick={(event) => {
                  // With JavaScript a gift card comes through the API, so a failed download is reported and tracked; without it the link works as it is.
                  if (!isCard) return;
                  event.preventDefault();
                  setDownloadFailed(false);
                  download(view.orderReference, `${view.fileBase}.pdf`).catch(() => setDownloadFailed(true));
                }}
              >
                Ladda ner {label.definite} (PDF{isCard ? ", A5" : ", A4"})
              </a>
              <a href={`${base}/${view.fileBase}.png`} download>
                Ladda ner som bild (PNG)
              </a>
            </p>
          ) : null}
          {downloadFailed ? (
            <p className="field__error" role="alert">
              Gåvokortet kunde inte laddas ner just nu. Försök igen om en stund, eller ladda ner det som bild.
            </p>
          ) : null}
          {view.paid ? null : (
            <p className="info-box">När gåvan är betald kan du se och ladda ner {view.listOrder ? "dokumenten" : label.definite} här.</p>
          )}
          {isCard && view.paid ? (
            <p className="memorial-order__help">Skriv ut på A5, eller på A4 med ”Anpassa till sidan”. Ett kraftigt papper gör kortet finare.</p>
          ) : (
            <p className="memorial-order__help">Har du frågor om beställningen? Svara på kvittot du fick med e-post, så hjälper vi dig.</p>
          )}
        </section>
        {view.paid && !view.listOrder ? (
          <figure className="memorial-order__sheet">
            <img
              src={`${base}/${view.fileBase}.png`}
              width={isCard ? 840 : 1240}
              height={isCard ? 1192 : 1754}
              alt={`${view.name} till ${first.recipientName} från ${view.signature}.`}
            />
            <figcaption>Så ser {label.definite} ut.</figcaption>
          </figure>
        ) : null}
      </div>
      {view.listOrder ? (
        <section className="gift-document-order__recipients">
          <h2 id="gift-document-recipients">Mottagare</h2>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="gift-document-recipients">
            <table>
              <thead>
                <tr>
                  <th scope="col">Mottagare</th>
                  <th scope="col">Skickas</th>
                  <th scope="col">Status</th>
                  <th scope="col">Dokument</th>
                </tr>
              </thead>
              <tbody>
                {view.items.map((item) => (
                  <tr key={item.reference}>
                    <td>{item.recipientName}</td>
                    <td>{item.destination}</td>
                    <td>{item.statusLabel}</td>
                    <td>
                      {view.paid ? (
                        <a href={`${base}/${item.reference}.pdf`} download>
                          PDF<span className="visually-hidden"> för {item.recipientName}</span>
                        </a>
                      ) : (
                        "–"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </article>
  );
}
