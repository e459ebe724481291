import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/gala";
import { containerContext } from "../context";
import { galaSwishQrSvg, galaTotalNow } from "./gala.server";
import type { CampaignTotal, NamedGiver } from "#core/gifts/campaign-total";
import { PRESET_AMOUNTS_KR } from "#core/gifts/gift-form";
import { formatNumber } from "#core/site/format";
import { formatSwishNumber } from "#core/site/swish-number";
import "./gala.css";

/** The live stream of the total (server/api/live-api.ts). */
const LIVE_TOTAL_URL = "/api/live/total";
/** The polite live region says the total at most this often, however often it moves. */
const ANNOUNCE_EVERY_MS = 10_000;
/** After the stream was refused or lost for good (503, live widgets off), try again this much later. */
const RECONNECT_AFTER_MS = 30_000;

export function meta() {
  return [
    { title: "Galan – ge en gåva till hjärt- och lungforskningen" },
    { name: "description", content: "Se insamlingen växa i realtid och ge en gåva med Swish eller kort." },
  ];
}

/** Never kept: the total is today's. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const swishNumber = container.site.swishNumber;
  return {
    total: await galaTotalNow(container),
    swishNumber,
    qrSvg: await galaSwishQrSvg(swishNumber),
    amountsKr: [...PRESET_AMOUNTS_KR],
  };
}

const kronor = (ore: number) => `${formatNumber(Math.floor(ore / 100))} kr`;
const gifts = (count: number) => `${formatNumber(count)} ${count === 1 ? "gåva" : "gåvor"}`;
const giverLine = (giver: NamedGiver) => (giver.place ? `${giver.firstName} i ${giver.place}` : giver.firstName);

/**
 * The gala's page, for the TV and for phones: the total and the gift count
 * (rendered on the server, so it is a plain page without JavaScript; with it,
 * kept current from the live stream), the latest givers who chose to be
 * named, the Swish number with a QR code readable across a room, and one-tap
 * amounts into the ordinary gift form.
 */
export default function Gala({ loaderData }: Route.ComponentProps) {
  const { swishNumber, qrSvg, amountsKr } = loaderData;
  const total = useLiveTotal(loaderData.total);
  const announced = useThrottled(total, ANNOUNCE_EVERY_MS);

  return (
    <article className="page gala">
      <h1 className="gala__title">Ge en gåva till forskningen – nu</h1>

      {total && (
        <section className="gala__total" aria-labelledby="gala-total-heading">
          <h2 id="gala-total-heading" className="gala__label">
            Insamlat under kvällen
          </h2>
          <p className="gala__sum">{kronor(total.totalOre)}</p>
          <p className="gala__count">från {gifts(total.giftCount)}</p>
          {/* Read out now and then, not at every gift: the number above moves every second. */}
          <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
            {announced ? `Insamlat hittills: ${kronor(announced.totalOre)} från ${gifts(announced.giftCount)}.` : ""}
          </p>
          <noscript>
            <p>
              <Link to="/gala">Visa den senaste summan</Link>
            </p>
          </noscript>
        </section>
      )}

      <section className="gala__swish" aria-labelledby="gala-swish-heading">
        <h2 id="gala-swish-heading" className="gala__label">
          Swisha din gåva
        </h2>
        <p className="gala__swish-number">{formatSwishNumber(swishNumber)}</p>
        <figure className="gala__qr">
          <div role="img" aria-label={`QR-kod som öppnar Swish med numret ${formatSwishNumber(swishNumber)}`} dangerouslySetInnerHTML={{ __html: qrSvg }} />
          <figcaption>Öppna Swish och skanna koden</figcaption>
        </figure>
      </section>

      <section className="gala__give" aria-labelledby="gala-give-heading">
        <h2 id="gala-give-heading" className="gala__label">
          Eller välj ett belopp
        </h2>
        <ul className="gala__amounts">
          {amountsKr.map((kr) => (
            <li key={kr}>
              <a className="button button--primary button--large gala__amount" href={`/ge-en-gava?belopp=${kr}`}>
                {formatNumber(kr)} kr
              </a>
            </li>
          ))}
          <li>
            <a className="button button--large gala__amount gala__amount--other" href="/ge-en-gava">
              Annat belopp
            </a>
          </li>
        </ul>
        <p className="gala__hint">Du betalar med Swish, kort, faktura eller direkt från din bank.</p>
      </section>

      {total && total.latest.length > 0 && (
        <section className="gala__latest" aria-labelledby="gala-latest-heading">
          <h2 id="gala-latest-heading" className="gala__label">
            Tack till
          </h2>
          <ul className="gala__givers">
            {total.latest.map((giver) => (
              <li key={`${giver.paidAt}-${giver.firstName}`}>{giverLine(giver)}</li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/**
 * The total from the server, then every value the live stream sends. A
 * stream the browser gives up on (refused, or live widgets off) is tried
 * again half a minute later; EventSource reconnects by itself otherwise.
 */
function useLiveTotal(initial: CampaignTotal | null): CampaignTotal | null {
  const [total, setTotal] = useState(initial);
  useEffect(() => {
    if (typeof EventSource === "undefined") return undefined;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const open = () => {
      source = new EventSource(LIVE_TOTAL_URL);
      source.addEventListener("total", (event) => {
        setTotal(JSON.parse((event as MessageEvent<string>).data) as CampaignTotal);
      });
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        retry = setTimeout(open, RECONNECT_AFTER_MS);
      });
    };
    open();
    return () => {
      source?.close();
      if (retry) clearTimeout(retry);
    };
  }, []);
  return total;
}

/** `value`, but changed at most once per `everyMs` (the last value waits for its turn). */
function useThrottled<T>(value: T, everyMs: number): T | null {
  const [shown, setShown] = useState<T | null>(null);
  const last = useRef(0);
  const first = useRef(true);
  useEffect(() => {
    // The first value is on the page already: nothing to announce.
    if (first.current) {
      first.current = false;
      last.current = Date.now();
      return undefined;
    }
    const wait = last.current + everyMs - Date.now();
    const timer = setTimeout(
      () => {
        last.current = Date.now();
        setShown(value);
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [value, everyMs]);
  return shown;
}
