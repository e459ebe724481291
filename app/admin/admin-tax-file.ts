import { data } from "react-router";
import type { Route } from "./+types/admin-tax-file";
import { ADMIN_HEADERS, requireStaff } from "./staff-guard.server";
import { findKu65File } from "#core/tax/ku65";


/** A KU65 file made on /admin/skatt, by its id; the download is logged (it holds personnummer). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "ekonomi");
  const id = new URL(request.url).searchParams.get("fil") ?? "";
  const file = await findKu65File(container.db, id);
  if (!file) throw data("Filen finns inte.", { status: 404 });
  await audit({ action: "tax.ku65_download", subjectType: "ku65_file", subjectId: file.id });
  return new Response(file.xml, {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="KU65-${file.income_year}-${file.created_at.slice(0, 10)}.xml"`,
    },
  });
}
