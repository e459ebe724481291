import { data } from "react-router";
import type { Route } from "./+types/fundraiser-gifts-csv";
import { containerContext } from "../context";
import { TOKEN_PAGE_HEADERS, optionalDonor } from "../donor/donor-session.server";
import { isSlug } from "#core/memorial/collection-slug";
import { fundraiserManageAccess } from "#core/fundraisers/fundraiser-service";
import { organiserGiftRows } from "#core/fundraisers/fundraiser-organiser";
import { csvLine } from "#core/site/csv";

/** The organiser's CSV of their page's gifts (by the manage link, or their BankID session): what the page may show of each, and the offline gifts they added. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const token = new URL(request.url).searchParams.get("token");
  const session = isSlug(params.slug) ? await optionalDonor(context, request) : null;
  const proof = { token, donorId: session?.donor.id ?? null };
  const access = isSlug(params.slug) ? await fundraiserManageAccess(container.db, container.clock, container.collections.linkKey, params.slug, proof) : null;
  if (!access?.ok) throw data("Länken fungerar inte.", { status: 401 });
  const rows = await organiserGiftRows(container.db, access.fundraiser.id);
  const lines = [
    csvLine(["Datum", "Namn", "Belopp (kr)", "Hälsning", "Gåva utanför webbplatsen", "Dold på sidan"]),
    ...rows.map((r) => csvLine([r.date.slice(0, 10), r.name, r.amountOre === null ? "" : String(r.amountOre / 100), r.greeting, r.offline ? "ja" : "", r.hidden ? "ja" : ""])),
  ];
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: { ...TOKEN_PAGE_HEADERS, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="insamling-${access.fundraiser.slug}.csv"` },
  });
}
