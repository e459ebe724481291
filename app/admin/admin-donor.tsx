import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/admin-donor";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { findDonor } from "#core/donors/donor-repository";
import { givingOverview } from "#core/donors/gift-history";
import { maskPersonnummer } from "#core/identity/personnummer";
import { commentsOfDonor, eraseDonor, KEPT_AFTER_ERASURE } from "#core/my-data/my-data-service";
import { queueMyDataLink } from "#core/my-data/my-data-link-mail";
import { formatDateLong, formatSek } from "#core/site/format";
import { agreementsOfDonor } from "#core/agreements/agreement-view";
import { whatErasureEnds } from "#core/agreements/agreements-on-erasure";
import { findMemberOfDonor } from "#core/membership/membership-service";
import { orderItemsOfGifts } from "#core/orders/order-repository";
import { ORDER_ITEM_KIND_LABELS, ORDER_ITEM_STATUS_LABELS } from "./order-item-labels";

export function meta() {
  return [{ title: "Givare – Administration" }];
}


export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const donor = await findDonor(container.db, params.donorId);
  if (!donor) throw data("Givaren finns inte (uppgifterna kan ha raderats).", { status: 404 });
  await audit({ action: "donor.view", subjectType: "donor", subjectId: donor.id });
  const { gifts, taxYears } = await givingOverview(container.db, donor);
  const items = await orderItemsOfGifts(container.db, gifts.map((g) => g.orderReference));
  const agreements = await agreementsOfDonor(container.db, donor.id, container.clock.now());
  const member = await findMemberOfDonor(container.db, donor.id);
  const endsOnErasure = await whatErasureEnds(container.db, donor.id, "staff");
  const comments = await commentsOfDonor(container.db, donor.id);
  return {
    donor: {
      id: donor.id,
      name: `${donor.given_name} ${donor.surname}`.trim(),
      personnummer: donor.personnummer ? maskPersonnummer(donor.personnummer) : null,
      protectedIdentity: donor.protected_identity === 1,
      address: donor.protected_identity ? null : [donor.street, [donor.postal_code, donor.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || null,
      email: donor.email,
      phone: donor.phone,
      createdAt: donor.created_at,
      lastLoginAt: donor.last_login_at,
    },
    gifts,
    items,
    agreements: agreements.map((a) => ({
      id: a.id,
      status: a.statusLabel,
      amountOre: a.amountOre,
      debitDay: a.debitDay,
      nextDebitOn: a.nextDebitOn,
      account: a.bankName ? `${a.bankName}, slutar på ${a.accountEnding}` : null,
      refusalReason: a.refusalReason,
      failedDebits: a.debits.filter((d) => d.state === "failed").length,
    })),
    member: member ? { number: member.member_number, paidUntil: member.paid_until } : null,
    comments: comments.map((c) => ({ id: c.id, body: c.body, source: c.source, at: c.created_at })),
    tax: taxYears,
    kept: KEPT_AFTER_ERASURE,
    endsOnErasure,
  };
}

/** Sends the donor a My data link, or carries out their erasure request (keeping what bookkeeping law requires). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const donor = await findDonor(container.db, params.donorId);
  if (!donor) throw data("Givaren finns inte (uppgifterna kan ha raderats).", { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "link") {
    if (!(await container.staff.actions.hit(`link:${donor.id}`))) {
      await audit({ action: "donor.send_my_data_link", outcome: "refused", subjectType: "donor", subjectId: donor.id, details: { reason: "rate_limited" } });
      return data({ ok: false, message: "För många länkar på kort tid. Vänta en minut." }, { status: 429 });
    }
    if (!donor.email) {
      await audit({ action: "donor.send_my_data_link", outcome: "refused", subjectType: "donor", subjectId: donor.id, details: { reason: "no_email" } });
      return data({ ok: false, message: "Givaren har ingen e-postadress. Ge länken på annat sätt (npm run mydata:link)." }, { status: 400 });
    }
    // Queued: a slow mail server holds up the job (which retries), not the staff member's page.
    const { expiresAt } = await queueMyDataLink({ clock: container.clock, tokens: container.donors.links }, donor);
    await audit({ action: "donor.send_my_data_link", subjectType: "donor", subjectId: donor.id, details: { expiresAt } });
    return { ok: true, message: `En länk till Mina uppgifter skickas till ${donor.email}. Den gäller till ${formatDateTime(expiresAt)}.` };
  }
  if (intent === "erase") {
    if (form.get("confirm") !== "on") {
      await audit({ action: "donor.erase", outcome: "refused", subjectType: "donor", subjectId: donor.id, details: { reason: "not_confirmed" } });
      return data({ ok: false, message: "Kryssa i att givaren har bett om att bli raderad." }, { status: 400 });
    }
    await eraseDonor({ db: container.db, clock: container.clock, logger: container.logger, outcomes: container.paymentOutcomes, mailer: container.mailer, site: container.site, tokens: container.donors.links }, donor.id, "staff");
    await audit({ action: "donor.erase", subjectType: "donor", subjectId: donor.id });
    throw redirect("/admin/givare?raderad=1");
  }
  throw data("Okänd begäran.", { status: 400 });
}

export default function AdminDonor({ loaderData, actionData }: Route.ComponentProps) {
  const { donor, gifts, items, agreements, member, comments, tax, kept, endsOnErasure } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/givare">← Givare</Link>
      </p>
      <h1>{donor.name || "Givare"}</h1>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={`notice${actionData.ok ? " notice--success" : " notice--error"}`}>
          {actionData.message}
        </p>
      )}
      <dl className="admin-facts">
        <dt>Personnummer</dt>
        <dd>{donor.personnummer ?? "–"}</dd>
        <dt>Adress</dt>
        <dd>{donor.protectedIdentity ? "Skyddad identitet – ingen adress sparas" : (donor.address ?? "–")}</dd>
        <dt>E-post</dt>
        <dd>{donor.email ?? "–"}</dd>
        <dt>Telefon</dt>
        <dd>{donor.phone ?? "–"}</dd>
        <dt>Givare sedan</dt>
        <dd>{formatDateTime(donor.createdAt)}</dd>
        <dt>Senast inloggad</dt>
        <dd>{donor.lastLoginAt ? formatDateTime(donor.lastLoginAt) : "–"}</dd>
        <dt>Medlem</dt>
        <dd>{member ? `Nr ${member.number}, betalt till och med ${formatDateLong(member.paidUntil)}` : "Nej"}</dd>
      </dl>

      <table className="admin-table">
        <caption>Månadsgåvor ({agreements.length})</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Belopp per månad</th>
            <th scope="col">Dag</th>
            <th scope="col">Nästa dragning</th>
            <th scope="col">Konto</th>
            <th scope="col">Att följa upp</th>
          </tr>
        </thead>
        <tbody>
          {agreements.map((a) => (
            <tr key={a.id}>
              <td>{a.status}</td>
              <td>{formatSek(a.amountOre)}</td>
              <td>{a.debitDay}</td>
              <td>{a.nextDebitOn ? formatDateLong(a.nextDebitOn) : "–"}</td>
              <td>{a.account ?? "–"}</td>
              <td>
                {[a.refusalReason, a.failedDebits > 0 ? `${a.failedDebits} misslyckade dragningar` : null].filter(Boolean).join("; ") || "–"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="admin-table">
        <caption>Gåvor ({gifts.length})</caption>
        <thead>
          <tr>
            <th scope="col">Datum</th>
            <th scope="col">Gåva</th>
            <th scope="col">Belopp</th>
            <th scope="col">Betalsätt</th>
            <th scope="col">Status</th>
            <th scope="col">Ordernummer</th>
          </tr>
        </thead>
        <tbody>
          {gifts.map((g) => (
            <tr key={g.orderReference}>
              <td>{g.date}</td>
              <td>{g.typeLabel}</td>
              <td>{formatSek(g.amountOre)}</td>
              <td>{g.methodLabel}</td>
              <td>{g.statusLabel}</td>
              <td>
                <code>{g.orderReference}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {tax.length > 0 && (
        <table className="admin-table">
          <caption>Underlag för skattereduktion (samma som på Mina sidor)</caption>
          <thead>
            <tr>
              <th scope="col">År</th>
              <th scope="col">Gåvor som räknas</th>
              <th scope="col">Reduktion</th>
            </tr>
          </thead>
          <tbody>
            {tax.map((t) => (
              <tr key={t.year}>
                <td>{t.year}</td>
                <td>{formatSek(t.qualifyingOre)}</td>
                <td>{formatSek(t.reductionOre)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <table className="admin-table">
        <caption>Beställningar ({items.length})</caption>
        <thead>
          <tr>
            <th scope="col">Vad</th>
            <th scope="col">Till</th>
            <th scope="col">Framme senast</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.reference}>
              <td>{ORDER_ITEM_KIND_LABELS[i.kind] ?? i.kind}</td>
              <td>{i.recipient_name}</td>
              <td>{i.due_date ?? "–"}</td>
              <td>{ORDER_ITEM_STATUS_LABELS[i.status] ?? i.status}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <section aria-labelledby="kommentarer">
        <h2 id="kommentarer">Kommentarer från givaren ({comments.length})</h2>
        {comments.length === 0 ? (
          <p>Inga kommentarer.</p>
        ) : (
          <ul className="admin-comments">
            {comments.map((c) => (
              <li key={c.id}>
                <p className="admin-muted">{formatDateTime(c.at)}</p>
                <p>{c.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="admin-columns">
        <section aria-labelledby="mina-uppgifter-lank" className="admin-panel">
          <h2 id="mina-uppgifter-lank">Länk till Mina uppgifter</h2>
          <p>Givaren får en länk via e-post där de kan se, rätta och radera sina uppgifter. Äldre länkar slutar gälla.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="link" />
            <button type="submit" className="button button--secondary" disabled={!donor.email}>
              Skicka länk
            </button>
          </Form>
        </section>
        <section aria-labelledby="radera" className="admin-panel">
          <h2 id="radera">Radera på givarens begäran</h2>
          <p>{kept}</p>
          {endsOnErasure && (
            <p>
              <strong>Avslutas också:</strong> {endsOnErasure}. Dragningar som inte redan är skickade till banken stoppas, medgivandet
              sägs upp och ett sparat kort raderas hos kortinlösaren.
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="erase" />
            <div className="choice">
              <input id="radera-confirm" type="checkbox" name="confirm" />
              <label htmlFor="radera-confirm">Givaren har bett om att bli raderad</label>
            </div>
            <button type="submit" className="button button--secondary">
              Radera givarens uppgifter
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
