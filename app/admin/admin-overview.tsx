import { Link } from "react-router";
import type { Route } from "./+types/admin-overview";
import { ANY_STAFF, requireStaff } from "./staff-guard.server";
import { GiftsChart } from "./gifts-chart";
import { formatDateTime } from "./admin-format";
import { backOfficeOverview } from "#core/staff/overview";
import { GIFT_TYPE_LABELS } from "#core/gifts/gift-types";
import { METHOD_LABELS } from "#core/donors/gift-history";
import { formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Översikt – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, staff } = await requireStaff(context, request, ANY_STAFF);
  return { overview: await backOfficeOverview(container.db, container.clock.now()), roles: staff.roles };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((part / whole) * 100)} %`;
}

/** The morning's numbers: gifts per day, how many started payments were paid, what is still open, what must be posted. */
export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview, roles } = loaderData;
  const { days, documents } = overview;
  const gifts = days.reduce((n, d) => n + d.count, 0);
  const amount = days.reduce((n, d) => n + d.amountOre, 0);
  return (
    <>
      <h1>Översikt</h1>
      <dl className="admin-figures">
        <div>
          <dt>Betalda gåvor och avgifter, 14 dagar</dt>
          <dd>{gifts}</dd>
        </div>
        <div>
          <dt>Belopp, 14 dagar</dt>
          <dd>{formatSek(amount)}</dd>
        </div>
        <div>
          <dt>Att posta</dt>
          <dd>
            {documents.toPost}
            {documents.urgent + documents.late > 0 && <span className="admin-badge admin-badge--urgent">{documents.urgent + documents.late} brådskande</span>}
          </dd>
        </div>
        <div>
          <dt>Misslyckade utskick</dt>
          <dd>{documents.failed}</dd>
        </div>
      </dl>
      {roles.includes("insamling") && (documents.toPost > 0 || documents.failed > 0) && (
        <p>
          <Link to="/admin/leverans">Till utskicken</Link>
        </p>
      )}

      <GiftsChart
        title="Betalda gåvor och avgifter per dag och typ"
        days={days.map((d) => ({ date: d.date, values: d.byType }))}
        series={overview.types.map((t) => ({ key: t, label: GIFT_TYPE_LABELS[t] }))}
      />
      <GiftsChart
        title="Betalda gåvor och avgifter per dag och betalsätt"
        days={days.map((d) => ({ date: d.date, values: d.byMethod }))}
        series={overview.methods.map((m) => ({ key: m, label: METHOD_LABELS[m] ?? m }))}
      />

      <div className="admin-columns">
        <table className="admin-table">
          <caption>Påbörjade betalningar som blev betalda, 14 dagar</caption>
          <thead>
            <tr>
              <th scope="col">Betalsätt</th>
              <th scope="col">Påbörjade</th>
              <th scope="col">Betalda</th>
              <th scope="col">Andel</th>
              <th scope="col">Pågår</th>
            </tr>
          </thead>
          <tbody>
            {overview.conversion.length === 0 && (
              <tr>
                <td colSpan={5}>Inga betalningar påbörjade.</td>
              </tr>
            )}
            {overview.conversion.map((c) => (
              <tr key={c.method}>
                <th scope="row">{METHOD_LABELS[c.method] ?? c.method}</th>
                <td>{c.started}</td>
                <td>{c.paid}</td>
                <td>{percent(c.paid, c.started)}</td>
                <td>{c.open}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="admin-table">
          <caption>Öppna betalningar</caption>
          <thead>
            <tr>
              <th scope="col">Betalsätt</th>
              <th scope="col">Antal</th>
              <th scope="col">Belopp</th>
              <th scope="col">Äldsta</th>
            </tr>
          </thead>
          <tbody>
            {overview.openPayments.length === 0 && (
              <tr>
                <td colSpan={4}>Inga öppna betalningar.</td>
              </tr>
            )}
            {overview.openPayments.map((o) => (
              <tr key={o.method}>
                <th scope="row">{METHOD_LABELS[o.method] ?? o.method}</th>
                <td>{o.count}</td>
                <td>{formatSek(o.amountOre)}</td>
                <td>{formatDateTime(o.oldest)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
