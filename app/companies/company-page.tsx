import { Form, data } from "react-router";
import type { Route } from "./+types/company-page";
import { containerContext } from "../context";
import { TOKEN_FAILURE_STATUS, TOKEN_PAGE_HEADERS, assertSameOrigin, clientIp } from "../donor/donor-session.server";
import { companyOverview } from "#core/companies/company-donors";
import { COMPANY_PAGE_PATH, COMPANY_PAGE_PURPOSE, companyLinkRequestSchema, requestCompanyLink } from "#core/companies/company-links";
import { RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { formatDateLong, formatSek } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { TextField } from "../components/form/field";
import { parseForm } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { CompanyGiftsTable, CompanyInvoicesTable, CompanyYearFigures } from "./company-tables";
import "../components/form/form.css";
import "../donor/donor-pages.css";

export function meta() {
  return [
    { title: "Företagets gåvor" },
    { name: "robots", content: "noindex" },
    // The address carries the token: never send it on to another site.
    { name: "referrer", content: "same-origin" },
  ];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

/**
 * A company's own page (decision 0047), reached from the link in its receipt,
 * invoice or yearly statement (`/foretag/gavor?token=…`): its gifts, its
 * invoices to download, this year's total against the ceiling and the
 * statements sent. Read only. Without a working link it offers a new one,
 * sent to the company's contact e-mail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { state: "ask" as const };
  const check = await container.companies.links.verify(token, COMPANY_PAGE_PURPOSE);
  if (!check.ok) return data({ state: check.reason }, { status: TOKEN_FAILURE_STATUS[check.reason] });
  const company = await companyOverview(container.db, check.subject, container.clock.now());
  if (!company) return data({ state: "revoked" as const }, { status: 410 });
  await container.companies.links.markUsed(check.tokenId);
  return { state: "ok" as const, token, expiresAt: check.expiresAt, company };
}

const SENT_MESSAGE =
  "Om organisationsnumret och e-postadressen stämmer med en gåva från företaget skickar vi en ny länk dit inom några minuter. Äldre länkar slutar då att gälla.";

/** "Skicka en ny länk": the same answer whether or not the company and address are known. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const formData = await request.formData();
  if (!(await container.companies.linkRequests.hit(clientIp(context)))) {
    const result = parseForm(formData, companyLinkRequestSchema).reply({ formErrors: ["Du har bett om många länkar på kort tid. Vänta en minut och försök igen."] });
    return data({ result, sent: false }, { status: 429 });
  }
  const submission = parseForm(formData, companyLinkRequestSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await requestCompanyLink({ db: container.db, clock: container.clock, companyLinks: container.companies.links, recipientMail: container.recipientMail }, submission.value);
  } catch (error) {
    // Saying that the address is over its limit would say that it is the company's: the answer stays the same.
    if (!(error instanceof RecipientMailLimitedError)) throw error;
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

const LABELS = { organisationsnummer: "Organisationsnummer", email: "E-postadress", form: "Formuläret" };

const PROBLEMS = {
  invalid: { title: "Länken fungerar inte", body: "Länken är inte giltig. Kontrollera att ni har kopierat hela länken från mejlet – den är lång och kan ha brutits på två rader." },
  expired: { title: "Länken har gått ut", body: "Av säkerhetsskäl fungerar länken bara en begränsad tid. Be om en ny här nedanför." },
  revoked: { title: "Länken gäller inte längre", body: "Länken har ersatts av en nyare. Använd den senaste länken ni har fått, eller be om en ny här nedanför." },
} as const;

function AskForLink({ actionData, title, body }: { actionData: Route.ComponentProps["actionData"]; title: string; body: string }) {
  const form = useSiteForm({ id: "ny-lank", schema: companyLinkRequestSchema, lastResult: actionData?.result, labels: LABELS });
  return (
    <article className="page page--narrow">
      <h1>{title}</h1>
      <p className="lead">{body}</p>
      <h2>Få en ny länk</h2>
      <p>Skriv företagets organisationsnummer och e-postadressen som står på företagets senaste gåva. Länken skickas dit.</p>
      {actionData?.sent && (
        <p className="notice notice--success" role="status">
          {SENT_MESSAGE}
        </p>
      )}
      <ErrorSummary {...form.summary} />
      <Form method="post" action={COMPANY_PAGE_PATH} className="form" {...form.formProps}>
        <TextField field={form.fields.organisationsnummer} label="Organisationsnummer" hint="Tio siffror, till exempel 556677-8899." inputMode="numeric" autoComplete="off" />
        <TextField field={form.fields.email} label="E-postadress" type="email" autoComplete="email" />
        <p>
          <button type="submit" className="button button--primary">
            Skicka en ny länk
          </button>
        </p>
      </Form>
    </article>
  );
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "ask") {
    return <AskForLink actionData={actionData} title="Företagets gåvor" body="Här ser ett företag som har gett en gåva sina gåvor, fakturor och årsbesked. Sidan nås med en länk som vi skickar med e-post." />;
  }
  if (loaderData.state !== "ok") return <AskForLink actionData={actionData} {...PROBLEMS[loaderData.state]} />;
  const { company, token, expiresAt } = loaderData;
  const withToken = new URLSearchParams({ token }).toString();
  return (
    <article className="page page--medium">
      <h1>Gåvor från {company.name}</h1>
      <p className="lead">Tack för att ni stöder forskningen! Här ser ni företagets gåvor, fakturor och årsbesked.</p>
      <p className="field__hint">Länken fungerar till {formatDateLong(expiresAt)}. Dela den bara med dem som sköter företagets gåvor.</p>
      <dl className="facts">
        <dt>Organisationsnummer</dt>
        <dd>{company.number?.display ?? company.organisationsnummer}</dd>
        <dt>Kontaktperson</dt>
        <dd>{company.contactName}</dd>
        <dt>E-post</dt>
        <dd>{company.email}</dd>
      </dl>

      <CompanyYearFigures year={company.year} reportable={company.number?.taxReductionForm ?? false} variant="site" />

      <section aria-labelledby="foretag-fakturor">
        <h2 id="foretag-fakturor">Fakturor</h2>
        <CompanyInvoicesTable gifts={company.gifts} variant="site" />
      </section>

      <section aria-labelledby="foretag-gavor">
        <h2 id="foretag-gavor">Gåvor</h2>
        <CompanyGiftsTable gifts={company.gifts} variant="site" />
      </section>

      <section aria-labelledby="foretag-arsbesked">
        <h2 id="foretag-arsbesked">Årsbesked</h2>
        <p>
          Efter årets slut får företaget ett årsbesked med gåvorna som ger skattereduktion. Företaget begär reduktionen i sin inkomstdeklaration; vi
          lämnar samma belopp till Skatteverket.
        </p>
        {company.statements.length === 0 ? (
          <p>Inget årsbesked är skickat ännu.</p>
        ) : (
          <ul>
            {company.statements.map((s) => (
              <li key={s.year}>
                <a href={`${COMPANY_PAGE_PATH}/arsbesked/${s.year}?${withToken}`} download>
                  Årsbesked {s.year}
                </a>{" "}
                – underlag {formatSek(s.baseOre)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
