import type { SiteConfig } from "../site/site-config";
import type { PostalFormKind } from "./postal-form-kinds";
import type { PostalFormRow } from "./postal-form-repository";

/**
 * The words that go with a form: the covering letter on the address page in
 * the envelope, and the confirmation e-mail (postal-form-confirmation.ts)
 * when the person gave an address for one. Kept in one place so the two say
 * the same.
 */
const WHAT: Readonly<Record<PostalFormKind, { thing: string; plural: boolean }>> = {
  autogiro_mandate: { thing: "blanketten för autogiromedgivande", plural: false },
  membership: { thing: "blanketten för medlemskap", plural: false },
  payin_slips: { thing: "inbetalningskorten", plural: true },
};

export function postalFormThing(kind: PostalFormKind): { thing: string; plural: boolean } {
  return WHAT[kind];
}

function howToUse(kind: PostalFormKind, site: SiteConfig): string {
  switch (kind) {
    case "autogiro_mandate":
      return `Fyll i den, skriv under och skicka den till oss: ${site.name}, ${site.postalAddress}.`;
    case "membership":
      return `Fyll i den och skicka den till oss: ${site.name}, ${site.postalAddress}.`;
    case "payin_slips":
      return `Med dem kan du ge en gåva när du vill, till bankgiro ${site.bankgiro} – på banken eller i internetbanken.`;
  }
}

export function postalFormLetter(form: Pick<PostalFormRow, "kind" | "name">, site: SiteConfig): { paragraphs: string[]; signOff: string[] } {
  const { thing } = WHAT[form.kind];
  return {
    paragraphs: [
      `Hej ${form.name}!`,
      `Här är ${thing} som du beställde. ${howToUse(form.kind, site)}`,
      `Har du frågor? Ring oss på ${site.phone} eller skriv till ${site.email}.`,
    ],
    signOff: ["Tack för att du stöder forskningen om hjärta och lungor.", "Varma hälsningar", site.name],
  };
}
