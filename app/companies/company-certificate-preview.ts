import type { Route } from "./+types/company-certificate-preview";
import { containerContext } from "../context";
import { previewError, previewLimited } from "../components/preview/preview-image.server";
import { renderForVisitor } from "../components/documents/visitor-render.server";
import { checkLogo } from "#core/companies/company-logo";
import { uploadedLogoSource } from "#core/companies/company-christmas";
import { COMPANY_GIFT_MAX_KR, companyGiftFields } from "#core/companies/company-gift-form";

/** The amount typed so far, or the smallest gift while it is not a whole number of kronor in range. */
function previewAmountOre(value: FormDataEntryValue | null, minKr: number): number {
  const kr = Number(String(value ?? "").replace(/[\s\u00a0]/g, ""));
  return Number.isInteger(kr) && kr >= minKr && kr <= COMPANY_GIFT_MAX_KR ? kr * 100 : minKr * 100;
}

/**
 * The company gift form's live preview of the gift certificate (decision
 * 0046): POST multipart { companyName, logo } → the certificate as a PNG. The
 * logo is checked and sanitised exactly as when the gift is given, so a
 * refused file is a 400 with the form's Swedish reason on `logo`; nothing is
 * stored. Counted against the visitor's previews (RATE_LIMIT_PREVIEWS_PER_MINUTE).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const container = context.get(containerContext);
  const limited = await previewLimited(context);
  if (limited) return limited;
  const formData = await request.formData();
  const name = companyGiftFields.companyName.safeParse(formData.get("companyName") ?? "");
  const file = formData.get("logo");
  const checked = file instanceof File && file.size > 0 ? checkLogo(new Uint8Array(await file.arrayBuffer()), { maxBytes: container.companyGiftLimits.logoMaxBytes }) : null;
  if (checked && !checked.ok) return previewError(400, "validation_failed", checked.message, { logo: checked.message });
  const png = await renderForVisitor(
    context,
    {
      kind: "company-certificate",
      data: {
        companyName: name.success ? name.data : "Företagets namn",
        amountOre: previewAmountOre(formData.get("amount"), container.companyGiftLimits.minKr),
        date: container.clock.now().toISOString(),
        reference: "FÖRHANDSVISNING",
        logo: uploadedLogoSource(checked?.logo ?? null),
      },
    },
    "png",
  );
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "no-store" } });
}
