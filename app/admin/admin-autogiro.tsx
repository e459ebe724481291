import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin-autogiro";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { autogiroOverview, FOLLOW_UP_DAYS } from "#core/staff/autogiro-overview";
import { AGREEMENT_STATUS_LABELS } from "#core/agreements/agreement-status";
import { PAYMENT_STATUS_LABELS } from "./payment-labels";
import { formatDateLong, formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Autogiro – Administration" }];
}

const FILE_STATUS_LABELS: Record<string, string> = { writing: "Skrivs", sent: "Skickad", processed: "Bokförd", rejected: "Avvisad" };
const MANDATE_STATUS_LABELS: Record<string, string> = { refused: "Avvisat", cancelled: "Makulerat" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "ekonomi");
  const overview = await autogiroOverview(container.db, container.clock.now());
  // The follow-up lists name donors: viewing them is logged like any view of donors' personal data.
  await audit({ action: "autogiro.view", details: { refusedMandates: overview.refusedMandates.length, failedDebits: overview.failedDebits.length } });
  return { overview };
}

/** "Kör utbytet nu": writes waiting requests to the outbox and books answer files in the inbox, as the periodic task does. */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, audit } = await requireStaff(context, request, "ekonomi");
  const form = await request.formData();
  if (form.get("intent") !== "run") throw data("Okänd åtgärd.", { status: 400 });
  try {
    await container.agreements.runRound();
  } catch (error) {
    container.logger.error({ err: error }, "autogiro round started by staff failed");
    await audit({ action: "autogiro.run", outcome: "refused", details: { reason: "failed" } });
    return data({ ok: false, message: "Utbytet med Bankgirot misslyckades. Händelsen har loggats; försök igen om en stund." }, { status: 500 });
  }
  await audit({ action: "autogiro.run" });
  return { ok: true, message: "Utbytet är kört: väntande begäranden är skrivna till Bankgirot och svarsfilerna är lästa." };
}

/** Finance's view of autogiro: agreements by status, files exchanged with Bankgirot, and what needs following up. */
export default function AdminAutogiro({ loaderData, actionData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <>
      <h1>Autogiro</h1>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={`notice${actionData.ok ? " notice--success" : " notice--error"}`}>
          {actionData.message}
        </p>
      )}
      <dl className="admin-figures">
        {overview.agreementsByStatus.map(({ status, count }) => (
          <div key={status}>
            <dt>{AGREEMENT_STATUS_LABELS[status]}</dt>
            <dd>{count}</dd>
          </div>
        ))}
        <div>
          <dt>Begäranden som väntar på nästa fil</dt>
          <dd>{overview.waitingRequests}</dd>
        </div>
      </dl>
      <Form method="post" className="admin-panel">
        <input type="hidden" name="intent" value="run" />
        <p>Utbytet körs av sig självt. Har en svarsfil lagts i inkorgen för hand, eller ska något skickas nu, kör det här.</p>
        <button type="submit" className="button button--secondary">
          Kör utbytet nu
        </button>
      </Form>

      <section aria-labelledby="avvisade-medgivanden">
        <h2 id="avvisade-medgivanden">Avvisade och makulerade medgivanden ({overview.refusedMandates.length})</h2>
        <p className="admin-muted">De senaste {FOLLOW_UP_DAYS} dagarna. Givaren har fått ett brev; ring eller skriv om det behövs.</p>
        {overview.refusedMandates.length === 0 ? (
          <p>Inga att följa upp.</p>
        ) : (
          <div className="admin-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">Avvisade och makulerade medgivanden</caption>
              <thead>
                <tr>
                  <th scope="col">Givare</th>
                  <th scope="col">Status</th>
                  <th scope="col">Bankgirots besked</th>
                  <th scope="col">Konto</th>
                  <th scope="col">När</th>
                </tr>
              </thead>
              <tbody>
                {overview.refusedMandates.map((m) => (
                  <tr key={`${m.donorId}-${m.at}`}>
                    <td>{m.donorId ? <Link to={`/admin/givare/${m.donorId}`}>{m.donorName}</Link> : m.donorName}</td>
                    <td>{MANDATE_STATUS_LABELS[m.status]}</td>
                    <td>{m.reason || "–"}</td>
                    <td>
                      {m.bankName}, slutar på {m.accountEnding}
                    </td>
                    <td>{formatDateTime(m.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="misslyckade-dragningar">
        <h2 id="misslyckade-dragningar">Misslyckade dragningar ({overview.failedDebits.length})</h2>
        <p className="admin-muted">
          De senaste {FOLLOW_UP_DAYS} dagarna. En dragning som misslyckas görs inte om samma månad; nästa kommer som vanligt (beslut 0017).
        </p>
        {overview.failedDebits.length === 0 ? (
          <p>Inga att följa upp.</p>
        ) : (
          <div className="admin-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">Misslyckade dragningar</caption>
              <thead>
                <tr>
                  <th scope="col">Givare</th>
                  <th scope="col">Dragningsdag</th>
                  <th scope="col">Belopp</th>
                  <th scope="col">Status</th>
                  <th scope="col">Kod</th>
                </tr>
              </thead>
              <tbody>
                {overview.failedDebits.map((d, i) => (
                  <tr key={`${d.agreementId}-${d.debitOn}-${i}`}>
                    <td>{d.donorId ? <Link to={`/admin/givare/${d.donorId}`}>{d.donorName}</Link> : d.donorName}</td>
                    <td>{d.debitOn ? formatDateLong(d.debitOn) : "–"}</td>
                    <td>{formatSek(d.amountOre)}</td>
                    <td>{PAYMENT_STATUS_LABELS[d.status] ?? d.status}</td>
                    <td>{d.errorCode ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="filer">
        <h2 id="filer">Filer till och från Bankgirot</h2>
        {overview.files.length === 0 ? (
          <p>Inga filer ännu.</p>
        ) : (
          <div className="admin-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">De senaste 50 filerna, nyast först</caption>
              <thead>
                <tr>
                  <th scope="col">Fil</th>
                  <th scope="col">Riktning</th>
                  <th scope="col">Status</th>
                  <th scope="col">Innehåll</th>
                  <th scope="col">När</th>
                </tr>
              </thead>
              <tbody>
                {overview.files.map((f) => (
                  <tr key={`${f.direction}-${f.fileName}-${f.at}`} className={f.status === "rejected" ? "admin-table__urgent" : undefined}>
                    <td>
                      <code>{f.fileName}</code>
                    </td>
                    <td>{f.direction === "out" ? "Till Bankgirot" : "Från Bankgirot"}</td>
                    <td>{FILE_STATUS_LABELS[f.status] ?? f.status}</td>
                    <td>{f.summary || "–"}</td>
                    <td>{formatDateTime(f.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
