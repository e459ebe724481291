import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin-company";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { companyOverview } from "#core/companies/company-donors";
import { queueCompanyLink } from "#core/companies/company-links";
import { formatDateLong, formatSek } from "#core/site/format";
import { CompanyGiftsTable, CompanyInvoicesTable, CompanyYearFigures } from "../companies/company-tables";

export function meta() {
  return [{ title: "Företag – Administration" }];
}

async function findCompany(context: Route.LoaderArgs["context"], request: Request, organisationsnummer: string) {
  const staff = await requireStaff(context, request, "insamling");
  const company = /^\d{10}$/.test(organisationsnummer) ? await companyOverview(staff.container.db, organisationsnummer, staff.container.clock.now()) : null;
  if (!company) throw data("Inget företag med det organisationsnumret har gett.", { status: 404 });
  return { ...staff, company };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { audit, company } = await findCompany(context, request, params.organisationsnummer);
  await audit({ action: "company.view", subjectType: "company", subjectId: company.organisationsnummer });
  return { company };
}

/** Sends the company's contact a link to the company's own page (older links stop working). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { container, audit, company } = await findCompany(context, request, params.organisationsnummer);
  const subject = { subjectType: "company", subjectId: company.organisationsnummer };
  if (!(await container.staff.actions.hit(`company-link:${company.organisationsnummer}`))) {
    await audit({ action: "company.send_link", outcome: "refused", ...subject, details: { reason: "rate_limited" } });
    return data({ ok: false, message: "För många länkar på kort tid. Vänta en minut." }, { status: 429 });
  }
  const queued = await queueCompanyLink({ db: container.db, clock: container.clock, companyLinks: container.companies.links }, company.organisationsnummer);
  await audit({ action: "company.send_link", ...subject, details: { expiresAt: queued?.expiresAt ?? null } });
  return { ok: true, message: `En länk till företagets sida skickas till ${queued?.email ?? company.email}. Den gäller till ${formatDateTime(queued?.expiresAt ?? "")}.` };
}

/** A company as a donor: its contact, this year's total against the ceiling, its gifts, invoices and statements. */
export default function AdminCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/foretag">← Företag</Link>
      </p>
      <h1>{company.name}</h1>
      {actionData && (
        <p role={actionData.ok ? "status" : "alert"} className={`notice${actionData.ok ? " notice--success" : " notice--error"}`}>
          {actionData.message}
        </p>
      )}
      <dl className="admin-facts">
        <dt>Organisationsnummer</dt>
        <dd>{company.number?.display ?? company.organisationsnummer}</dd>
        <dt>Företagsform enligt numret</dt>
        <dd>
          {company.number?.legalForm ?? "–"}
          {company.number && !company.number.taxReductionForm ? " (ger ingen skattereduktion för gåvor)" : ""}
        </dd>
        <dt>Kontaktperson</dt>
        <dd>{company.contactName}</dd>
        <dt>E-post</dt>
        <dd>{company.email}</dd>
      </dl>

      <CompanyYearFigures year={company.year} reportable={company.number?.taxReductionForm ?? false} />

      <CompanyInvoicesTable gifts={company.gifts} />
      <CompanyGiftsTable gifts={company.gifts} showContact />

      <table className="admin-table">
        <caption>Årsbesked ({company.statements.length})</caption>
        <thead>
          <tr>
            <th scope="col">År</th>
            <th scope="col">Underlag</th>
            <th scope="col">Till</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {company.statements.length === 0 && (
            <tr>
              <td colSpan={4}>Inget årsbesked är skickat. Årsbesked skickas under Kontrolluppgifter.</td>
            </tr>
          )}
          {company.statements.map((s) => (
            <tr key={s.year}>
              <td>{s.year}</td>
              <td>{formatSek(s.baseOre)}</td>
              <td>{s.email}</td>
              <td>{s.sentAt ? `Skickat ${formatDateLong(s.sentAt)}` : s.problem ? "Inte skickat än – försöker igen" : `I kö sedan ${formatDateTime(s.queuedAt)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <section aria-labelledby="foretagets-sida" className="admin-panel">
        <h2 id="foretagets-sida">Länk till företagets sida</h2>
        <p>Kontaktpersonen får en länk via e-post till en sida med företagets gåvor, fakturor och årsbesked. Äldre länkar slutar gälla.</p>
        <Form method="post">
          <button type="submit" className="button button--secondary">
            Skicka länk till {company.email}
          </button>
        </Form>
      </section>
    </>
  );
}
