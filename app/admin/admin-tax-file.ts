import { data } from "react-router";
import type { Route } from "./+types/admin-tax-file";
import { ADMIN_HEADERS, requireStaff } from "./staff-guard.server";
import { Ku65Error, findKu65File, makeKu65File } from "#core/tax/ku65";

function xmlResponse(xml: string, name: string): Response {
  return new Response(xml, {
    headers: { ...ADMIN_HEADERS, "Content-Type": "application/xml; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` },
  });
}

/** An earlier KU65 file again, by its id; the download is logged (it holds personnummer). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "ekonomi");
  const id = new URL(request.url).searchParams.get("fil") ?? "";
  const file = await findKu65File(container.db, id);
  if (!file) throw data("Filen finns inte.", { status: 404 });
  await audit({ action: "tax.ku65_download", subjectType: "ku65_file", subjectId: file.id });
  return xmlResponse(file.xml, `KU65-${file.income_year}-${file.created_at.slice(0, 10)}.xml`);
}

/** Makes the year's next KU65 file (changes, or full) and records what it says. */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "ekonomi");
  const form = await request.formData();
  const year = Number(form.get("year"));
  const kind = form.get("kind") === "full" ? "full" : "changes";
  if (!Number.isInteger(year) || year < 2000 || year > 2099) {
    await audit({ action: "tax.ku65_file", outcome: "refused", details: { reason: "bad_year" } });
    throw data("Välj ett inkomstår.", { status: 400 });
  }
  try {
    const file = await makeKu65File({ db: container.db, clock: container.clock, site: container.site }, year, kind, `staff:${staff.id}`);
    if (!file) {
      await audit({ action: "tax.ku65_file", outcome: "refused", details: { year, kind, reason: "nothing_changed" } });
      throw data("Det finns inget nytt att rapportera för året. Skapa en fullständig fil om du behöver en.", { status: 409 });
    }
    await audit({ action: "tax.ku65_file", subjectType: "ku65_file", subjectId: file.id, details: { year, kind, statements: file.statements.length } });
    return xmlResponse(file.xml, `KU65-${year}-${container.clock.now().toISOString().slice(0, 10)}.xml`);
  } catch (error) {
    if (!(error instanceof Ku65Error)) throw error;
    await audit({ action: "tax.ku65_file", outcome: "refused", details: { year, kind, reason: error.message } });
    throw data(`Filen kunde inte skapas: ${error.message}`, { status: 422 });
  }
}
