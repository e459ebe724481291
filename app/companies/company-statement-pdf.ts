import { data } from "react-router";
import type { Route } from "./+types/company-statement-pdf";
import { containerContext } from "../context";
import { TOKEN_FAILURE_STATUS, TOKEN_PAGE_HEADERS } from "../donor/donor-session.server";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { COMPANY_PAGE_PURPOSE } from "#core/companies/company-links";
import { companyStatementFileName, companyStatementFor, companyStatementsOf } from "#core/companies/company-statement";

/**
 * A yearly statement the company has been sent, from its own page: the link's
 * token says which company, and only a year sent to it is given. The figures
 * are the year's as they stand (the KU65 figures of the moment).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const container = context.get(containerContext);
  const check = await container.companies.links.verify(new URL(request.url).searchParams.get("token"), COMPANY_PAGE_PURPOSE);
  if (!check.ok) throw data("Länken gäller inte längre. Be om en ny på sidan.", { status: TOKEN_FAILURE_STATUS[check.reason] });
  const year = Number(params.year);
  const sent = (await companyStatementsOf(container.db, check.subject)).some((s) => s.year === year);
  const statement = sent ? await companyStatementFor(container.db, container.site, check.subject, year, container.clock.now()) : null;
  if (!statement) throw data("Det finns inget årsbesked för det året.", { status: 404 });
  const pdf = await renderForVisitor(context, statement, "pdf");
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...TOKEN_PAGE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${companyStatementFileName(year, check.subject)}"`,
    },
  });
}
