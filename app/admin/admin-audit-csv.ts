import type { Route } from "./+types/admin-audit-csv";
import { ADMIN_HEADERS, requireStaff } from "./staff-guard.server";
import { auditFilterFrom } from "./audit-filter";
import { auditCsv } from "#core/audit/audit-log";

const EXPORT_LIMIT = 10_000;

/** The audit log as CSV for admins, with the page's filter; the export is itself logged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "admin");
  const { filter, query } = auditFilterFrom(new URL(request.url));
  const rows = await container.staff.audit.search(filter, EXPORT_LIMIT);
  await audit({ action: "audit.export", details: { filter: query, rows: rows.length } });
  const day = container.clock.now().toISOString().slice(0, 10);
  return new Response(`\uFEFF${auditCsv(rows)}`, {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="logg-${day}.csv"`,
    },
  });
}
