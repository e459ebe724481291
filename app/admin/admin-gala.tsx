import { Form, data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-gala";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { galaMentionsForStaff, setGalaMentionHidden, STAFF_MENTIONS_SHOWN } from "#core/gifts/gala-mentions";

export function meta() {
  return [{ title: "Galan – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container } = await requireStaff(context, request, "insamling");
  return { mentions: await galaMentionsForStaff(container.db, container.live.galaStartsAt) };
}

/** One button per row: which gift, and whether to hide its giver's name or show it again. */
const mentionChange = z.object({
  intent: z.enum(["hide", "show"]),
  giftId: z.string().min(1).max(64),
});

/**
 * Hides a giver's name on /gala and the live stream, or shows it again
 * (decision 0054): in one transaction with the live totals' change notice, so
 * every instance reads the total again within a second and every viewer's
 * screen loses the name. Each change, and each refused attempt, is
 * audit-logged; the name itself is not written to the log.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "insamling");
  const form = await request.formData();
  const parsed = mentionChange.safeParse({ intent: form.get("intent"), giftId: form.get("giftId") });
  if (!parsed.success) {
    await audit({ action: "gala.name", outcome: "refused", details: { fields: parsed.error.issues.map((i) => String(i.path[0] ?? "")) } });
    return data({ ok: false, notice: "Okänt val. Ladda om sidan och försök igen." }, { status: 400 });
  }
  const { intent, giftId } = parsed.data;
  const action = intent === "hide" ? "gala.hide_name" : "gala.show_name";
  const changed = await setGalaMentionHidden(container.db, container.clock, { giftId, hidden: intent === "hide", by: `staff:${staff.id}` }, async (trx) => {
    await container.live.giftsChanged(trx);
    await audit({ action, subjectType: "gift", subjectId: giftId }, trx);
  });
  if (!changed) {
    await audit({ action, outcome: "refused", subjectType: "gift", subjectId: giftId });
    return data({ ok: false, notice: intent === "hide" ? "Namnet är redan dolt, eller gåvan finns inte bland namnen." : "Namnet visas redan, eller gåvan finns inte bland namnen." }, { status: 409 });
  }
  return {
    ok: true,
    notice: intent === "hide" ? "Namnet är dolt på galasidan. Det försvinner från alla skärmar inom en sekund." : "Namnet visas igen på galasidan.",
  };
}

/**
 * The gala's named gifts as /gala shows them, newest first, for staff to take
 * a name off the screens: an offensive one, or a giver who regrets it. The
 * gift itself still counts in the total.
 */
export default function AdminGala({ loaderData, actionData }: Route.ComponentProps) {
  const { mentions } = loaderData;
  return (
    <>
      <h1>Galan</h1>
      {actionData?.notice && (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "notice notice--success" : "notice notice--error"}>
          {actionData.notice}
        </p>
      )}
      <p>
        Här är de senaste givarna som valt att visa sitt förnamn och sin ort på galasidan (<a href="/gala">/gala</a>). Dölj ett namn som är
        olämpligt eller som givaren ångrat: det försvinner från galasidan och från alla tv- och mobilskärmar som visar den inom en sekund. Gåvan
        räknas fortfarande i summan.
      </p>
      {mentions.length === 0 ? (
        <p>Inga namngivna gåvor ännu under kvällen.</p>
      ) : (
        <table className="admin-table">
          <caption>De senaste {STAFF_MENTIONS_SHOWN} namngivna gåvorna</caption>
          <thead>
            <tr>
              <th scope="col">Namn som visas</th>
              <th scope="col">Betald</th>
              <th scope="col">På galasidan</th>
            </tr>
          </thead>
          <tbody>
            {mentions.map((m) => (
              <tr key={m.giftId}>
                <th scope="row">{m.place ? `${m.firstName} i ${m.place}` : m.firstName}</th>
                <td>{formatDateTime(m.paidAt)}</td>
                <td>
                  {m.hiddenAt ? <span className="admin-muted">Dolt {formatDateTime(m.hiddenAt)} </span> : "Visas "}
                  <Form method="post">
                    <input type="hidden" name="giftId" value={m.giftId} />
                    <button type="submit" name="intent" value={m.hiddenAt ? "show" : "hide"} className="button button--link">
                      {m.hiddenAt ? "Visa namnet igen" : "Dölj namnet"}
                      <span className="visually-hidden">: {m.place ? `${m.firstName} i ${m.place}` : m.firstName}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
