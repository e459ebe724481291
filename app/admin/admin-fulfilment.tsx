import { data } from "react-router";
import type { Route } from "./+types/admin-fulfilment";
import { requireStaff } from "./staff-guard.server";
import { fulfilmentView, selectedReferences } from "./fulfilment.server";
import { formatDateTime } from "./admin-format";
import { FulfilmentRefusal, resendFailed } from "#core/orders/fulfilment";
import { cancelPostalForms, markPostedWithForms } from "#core/postal-forms/postal-form-fulfilment";

export function meta() {
  return [{ title: "Utskick – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container } = await requireStaff(context, request, "insamling");
  return fulfilmentView(container.db, container.clock.now());
}

const ACTIONS = { sent: "fulfilment.mark_sent", resend: "fulfilment.resend", cancel: "fulfilment.cancel" } as const;

/**
 * Marks posted items sent (the donor's order page then says "skickat"),
 * makes failed ones ready again, or strikes a form ordered by post that
 * should not be posted (a prank or a mistake; order items are never struck).
 * All the chosen items must be in the right state, or nothing changes;
 * either way the audit log says what was asked.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "insamling");
  const form = await request.formData();
  const intent = form.get("intent");
  const references = selectedReferences(form);
  if (intent !== "sent" && intent !== "resend" && intent !== "cancel") throw data("Okänd begäran.", { status: 400 });
  const action = ACTIONS[intent];
  if (references.length === 0) {
    await audit({ action, outcome: "refused", details: { reason: "nothing_selected" } });
    return data({ ok: false, message: "Välj minst en försändelse först." }, { status: 400 });
  }
  try {
    if (intent === "sent") {
      // Order items and forms ordered by post (core/postal-forms) are marked in one step: all of them or none.
      const posted = await markPostedWithForms(container.db, container.clock, references, `staff:${staff.id}`);
      if (posted.items.length > 0) await audit({ action, subjectType: "order_items", details: { references: posted.items.map((i) => i.reference) } });
      if (posted.forms.length > 0) await audit({ action, subjectType: "postal_form_requests", details: { references: posted.forms.map((f) => f.reference) } });
      const count = posted.items.length + posted.forms.length;
      return { ok: true, message: `${count} ${count === 1 ? "försändelse är markerad" : "försändelser är markerade"} som skickad${count === 1 ? "" : "e"}.` };
    }
    if (intent === "cancel") {
      const struck = await cancelPostalForms(container.db, container.clock, references, `staff:${staff.id}`);
      await audit({ action, subjectType: "postal_form_requests", details: { references: struck.map((f) => f.reference) } });
      const names = struck.map((f) => `${f.reference} (${f.name})`).join(", ");
      return { ok: true, message: `${struck.length === 1 ? "Beställningen" : "Beställningarna"} ${names} är ${struck.length === 1 ? "struken" : "strukna"} och postas inte.` };
    }
    const again = await resendFailed(container.db, container.clock, references);
    await audit({ action, subjectType: "order_items", details: { references: again.map((i) => i.reference) } });
    return { ok: true, message: `${again.length} ${again.length === 1 ? "försändelse skickas" : "försändelser skickas"} igen.` };
  } catch (error) {
    if (!(error instanceof FulfilmentRefusal)) throw error;
    await audit({ action, outcome: "refused", details: { references, problems: error.problems } });
    return data({ ok: false, message: `Ingenting ändrades: ${error.problems.length} av de valda gick inte (någon annan kan ha hunnit före). Ladda om sidan och försök igen.` }, { status: 409 });
  }
}

export default function AdminFulfilment({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, failed } = loaderData;
  const urgent = queue.filter((q) => q.urgent || q.late).length;
  return (
    <>
      <h1>Utskick</h1>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={`notice${actionData.ok ? " notice--success" : " notice--error"}`}>
          {actionData.message}
        </p>
      )}
      <section aria-labelledby="att-posta">
        <h2 id="att-posta">Att skriva ut och posta ({queue.length})</h2>
        {queue.length === 0 ? (
          <p>Inget väntar på att postas.</p>
        ) : (
          <>
            <p>
              Sorterat efter när det ska vara framme. Postas det i dag är det framme {queue[0]!.arrivesBy}.{" "}
              {urgent > 0 && <strong>{urgent} brådskande.</strong>}
            </p>
            {/* A plain form: the PDF downloads and the page stays; marking sent reloads the page. Works without JavaScript. */}
            <form method="post" className="admin-batch">
              <table className="admin-table">
                <caption className="visually-hidden">Försändelser att posta</caption>
                <thead>
                  <tr>
                    <th scope="col">Välj</th>
                    <th scope="col">Framme senast</th>
                    <th scope="col">Vad</th>
                    <th scope="col">Till</th>
                    <th scope="col">Referens</th>
                    <th scope="col">
                      <span className="visually-hidden">Stryk</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {queue.map((q) => (
                    <tr key={q.reference} className={q.late || q.urgent ? "admin-table__urgent" : undefined}>
                      <td>
                        <input type="checkbox" name="ref" value={q.reference} id={`ref-${q.reference}`} defaultChecked={q.urgent || q.late} aria-label={`Välj ${q.what} till ${q.to}`} />
                      </td>
                      <td>
                        {q.dueDate ?? "–"}{" "}
                        {q.late ? <span className="admin-badge admin-badge--late">Sent</span> : q.urgent ? <span className="admin-badge admin-badge--urgent">Brådskande</span> : null}
                      </td>
                      <td>
                        <label htmlFor={`ref-${q.reference}`}>{q.what}</label>
                      </td>
                      <td>{q.to}</td>
                      <td>
                        <code>{q.reference}</code>
                      </td>
                      <td>
                        {q.cancellable && (
                          // Its own form (below the table; forms cannot nest), so the ticked rows are not sent with it.
                          <button type="submit" form={`stryk-${q.reference}`} className="button button--secondary button--small" aria-label={`Stryk ${q.what} till ${q.to}`}>
                            Stryk
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="admin-actions">
                <button type="submit" className="button button--primary" formAction="/admin/leverans/utskrift.pdf">
                  Skriv ut valda (PDF)
                </button>
                <button type="submit" className="button button--secondary" name="intent" value="sent">
                  Markera valda som skickade
                </button>
              </div>
              <p className="field__hint">
                PDF:en följer listans ordning. Varje försändelse börjar med en adressida för kuvert med fönster och sedan själva dokumentet:
                A5 i C5-kuvert, gåvobevis och diplom i A4 ovikta i C4-kuvert (det står i adressidans fot). En beställd blankett eller artikel får
                en adressida med ett kort brev: lägg blanketten eller artikeln från lagret i samma kuvert. Markera som skickade först när de är
                postade.
              </p>
              <p className="field__hint">
                Ser en beställd blankett ut som ett skämt eller ett misstag (ett påhittat namn, en adress som inte finns)? Stryk den, så
                postas den inte. Beställningen finns kvar i loggen.
              </p>
            </form>
            {queue
              .filter((q) => q.cancellable)
              .map((q) => (
                <form key={q.reference} id={`stryk-${q.reference}`} method="post" hidden>
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="ref" value={q.reference} />
                </form>
              ))}
          </>
        )}
      </section>

      <section aria-labelledby="misslyckade">
        <h2 id="misslyckade">Misslyckade utskick ({failed.length})</h2>
        {failed.length === 0 ? (
          <p>Inga misslyckade utskick.</p>
        ) : (
          <form method="post">
            <table className="admin-table">
              <caption className="visually-hidden">Misslyckade utskick</caption>
              <thead>
                <tr>
                  <th scope="col">Välj</th>
                  <th scope="col">Misslyckades</th>
                  <th scope="col">Vad</th>
                  <th scope="col">Sätt</th>
                  <th scope="col">Till</th>
                  <th scope="col">Fel</th>
                </tr>
              </thead>
              <tbody>
                {failed.map((f) => (
                  <tr key={f.reference}>
                    <td>
                      <input type="checkbox" name="ref" value={f.reference} aria-label={`Välj ${f.what} till ${f.to}`} />
                    </td>
                    <td>{formatDateTime(f.failedAt)}</td>
                    <td>{f.what}</td>
                    <td>{f.channel}</td>
                    <td>{f.email ?? f.to}</td>
                    <td>{f.error ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="submit" className="button button--secondary" name="intent" value="resend">
              Skicka valda igen
            </button>
          </form>
        )}
      </section>
    </>
  );
}
