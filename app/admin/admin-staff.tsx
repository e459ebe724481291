import { Form, data } from "react-router";
import type { Route } from "./+types/admin-staff";
import { requireStaff } from "./staff-guard.server";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { ErrorSummary } from "../components/form/error-summary";
import { FieldError, TextField } from "../components/form/field";
import { addStaffSchema, changeRolesSchema } from "#core/staff/staff-forms";
import { ROLE_LABELS, STAFF_ROLES } from "#core/staff/staff-roles";
import { formatDateTime } from "./admin-format";

export function meta() {
  return [{ title: "Personal – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, staff } = await requireStaff(context, request, "admin");
  return { me: staff.id, members: await container.staff.members.list() };
}

/**
 * Admins register staff, change their roles and end their access; each change
 * is written to the audit log. An admin cannot take away their own admin role
 * or access, so the back office never ends up without one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "admin");
  const { members } = container.staff;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "add") {
    const submission = parseForm(form, addStaffSchema);
    if (submission.status !== "success") {
      await audit({ action: "staff.add", outcome: "refused", details: { errors: Object.keys(submission.error ?? {}) } });
      return data({ result: submission.reply(), notice: null }, { status: 400 });
    }
    const { member, created } = await members.register(submission.value.personnummer, submission.value.roles, staff.id);
    await audit({ action: created ? "staff.add" : "staff.reactivate", subjectType: "staff", subjectId: member.id, details: { roles: member.roles } });
    return { result: submission.reply({ resetForm: true }), notice: `${member.maskedPersonnummer} har nu rollerna ${member.roles.map((r) => ROLE_LABELS[r]).join(", ")}.` };
  }
  if (intent === "roles") {
    const submission = parseForm(form, changeRolesSchema);
    if (submission.status !== "success") {
      await audit({ action: "staff.roles", outcome: "refused", details: { staffId: String(form.get("staffId") ?? ""), roles: form.getAll("roles").map(String) } });
      return data({ result: null, notice: `Rollerna ändrades inte: ${Object.values(submission.error ?? {}).flat()[0] ?? "okänt fel"}` }, { status: 400 });
    }
    const { staffId, roles } = submission.value;
    if (staffId === staff.id && !roles.includes("admin")) {
      await audit({ action: "staff.roles", outcome: "refused", subjectType: "staff", subjectId: staffId, details: { reason: "own_admin_role", roles } });
      return data({ result: null, notice: "Du kan inte ta bort din egen administratörsroll. Be en annan administratör." }, { status: 400 });
    }
    const member = await members.setRoles(staffId, roles);
    if (!member) throw data("Personen finns inte.", { status: 404 });
    await audit({ action: "staff.roles", subjectType: "staff", subjectId: staffId, details: { roles } });
    return { result: null, notice: `Rollerna för ${member.name ?? member.maskedPersonnummer} är ändrade.` };
  }
  if (intent === "deactivate") {
    const staffId = String(form.get("staffId") ?? "");
    if (staffId === staff.id) {
      await audit({ action: "staff.deactivate", outcome: "refused", subjectType: "staff", subjectId: staffId, details: { reason: "self" } });
      return data({ result: null, notice: "Du kan inte stänga av dig själv." }, { status: 400 });
    }
    const member = await members.deactivate(staffId);
    if (!member) throw data("Personen finns inte.", { status: 404 });
    await audit({ action: "staff.deactivate", subjectType: "staff", subjectId: staffId });
    return { result: null, notice: `${member.name ?? member.maskedPersonnummer} har inte längre tillgång.` };
  }
  throw data("Okänd begäran.", { status: 400 });
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { me, members } = loaderData;
  const { fields, formProps, summary } = useSiteForm({
    id: "ny-personal",
    schema: addStaffSchema,
    lastResult: actionData?.result,
    labels: { personnummer: "Personnummer", roles: "Roller" },
  });
  return (
    <>
      <h1>Personal</h1>
      {actionData?.notice && (
        <p role="status" className="notice">
          {actionData.notice}
        </p>
      )}
      <div className="admin-scroll">
        <table className="admin-table">
          <caption>Personal med tillgång till administrationen</caption>
        <thead>
          <tr>
            <th scope="col">Namn</th>
            <th scope="col">Personnummer</th>
            <th scope="col">Roller</th>
            <th scope="col">Senast inloggad</th>
            <th scope="col">Åtgärder</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} className={m.active ? undefined : "admin-table__muted"}>
              <th scope="row">{m.name ?? "(inte inloggad än)"}</th>
              <td>{m.maskedPersonnummer}</td>
              <td>{m.active ? m.roles.map((r) => ROLE_LABELS[r]).join(", ") : "Avstängd"}</td>
              <td>{m.lastLoginAt ? formatDateTime(m.lastLoginAt) : "–"}</td>
              <td>
                <Form method="post" className="admin-inline">
                  <input type="hidden" name="intent" value="roles" />
                  <input type="hidden" name="staffId" value={m.id} />
                  <fieldset>
                    <legend className="visually-hidden">Roller för {m.name ?? m.maskedPersonnummer}</legend>
                    {STAFF_ROLES.map((role) => (
                      <label key={role}>
                        <input type="checkbox" name="roles" value={role} defaultChecked={m.active && m.roles.includes(role)} /> {ROLE_LABELS[role]}
                      </label>
                    ))}
                  </fieldset>
                  <button type="submit" className="button button--secondary button--small">
                    {m.active ? "Spara roller" : "Ge tillgång igen"}
                  </button>
                </Form>
                {m.active && m.id !== me && (
                  <Form method="post" className="admin-inline">
                    <input type="hidden" name="intent" value="deactivate" />
                    <input type="hidden" name="staffId" value={m.id} />
                    <button type="submit" className="button button--secondary button--small">
                      Stäng av
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        </table>
      </div>

      <section aria-labelledby="ny-personal-rubrik" className="admin-panel">
        <h2 id="ny-personal-rubrik">Lägg till personal</h2>
        <p>Personen loggar sedan in med sitt eget BankID. Namnet hämtas från BankID vid första inloggningen.</p>
        <ErrorSummary {...summary} />
        <Form method="post" {...formProps}>
          <input type="hidden" name="intent" value="add" />
          <TextField field={fields.personnummer} label="Personnummer" autoComplete="off" inputMode="numeric" />
          <fieldset className="field" aria-describedby={fields.roles.errors ? fields.roles.errorId : undefined} id={fields.roles.id} tabIndex={-1}>
            <legend>Roller</legend>
            <FieldError field={fields.roles} />
            {STAFF_ROLES.map((role) => (
              <div className="choice" key={role}>
                <input type="checkbox" id={`ny-personal-roll-${role}`} name="roles" value={role} />
                <label htmlFor={`ny-personal-roll-${role}`}>{ROLE_LABELS[role]}</label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary">
            Lägg till
          </button>
        </Form>
      </section>
    </>
  );
}
