import type { SiteConfig } from "../site/site-config";
import { formatDateLong, formatSek } from "../site/format";
import type { GiftRow } from "../payments/payment-repository";
import type { MailMessage } from "../mail/mailer";
import { mailSignOff } from "../mail/sign-off";
import { GIFT_TYPE_LABELS } from "./gift-types";

/**
 * The receipt a donor gets when a gift is paid. Written for a person, in
 * Swedish: what they gave, what it supports, and – when they gave their
 * personnummer – that the gift will be reported for the tax reduction.
 * `about` is what the gift's type adds after the thanks (a memorial gift:
 * in whose memory, where the sheet goes and when).
 */
export function receiptMail(gift: GiftRow, site: SiteConfig, publicUrl: string, about: string[] = []): MailMessage {
  const amount = formatSek(gift.amount_ore);
  const date = formatDateLong(gift.paid_at ?? gift.created_at);
  const label = GIFT_TYPE_LABELS[gift.gift_type];
  const membership = gift.gift_type === "membership";
  // A membership fee is not a gift in the tax law's sense (core/donors/tax-reduction.ts).
  const taxParagraph = membership
    ? "Medlemsavgiften räknas inte som en gåva och ger därför ingen skattereduktion."
    : gift.gift_type === "company"
    ? // A company's gift is never a person's (decision 0045): the company rule, not the private one.
      `Är företaget ett aktiebolag eller en ekonomisk förening räknas gåvan för företagets skattereduktion, om den är på minst 2 000 kronor. Vi lämnar en kontrolluppgift till Skatteverket med företagets organisationsnummer och ni begär skattereduktionen i företagets inkomstdeklaration.`
    : gift.donor_personnummer
    ? `Du har lämnat ditt personnummer, så vi rapporterar gåvan till Skatteverket för skattereduktion. Skattereduktionen gäller gåvor på minst 200 kronor vid samma tillfälle, när du ger minst 2 000 kronor under året. Den syns på din deklaration.`
    : `Vill du ha skattereduktion för framtida gåvor? Ange ditt personnummer när du ger, så rapporterar vi gåvan till Skatteverket.`;
  const text = [
    `Hej ${gift.donor_name},`,
    "",
    membership ? `Tack för din medlemsavgift på ${amount} till ${site.name}!` : `Tack för din gåva på ${amount} till ${site.name}!`,
    "",
    membership
      ? "Medlemmarna gör oss starkare, både ekonomiskt och som röst för alla som lever med hjärt- och lungsjukdomar."
      : `Din gåva går till forskning om hjärt- och lungsjukdomar: forskning som hittar sjukdomarna tidigare, gör behandlingarna bättre och ger fler människor fler friska år.`,
    "",
    ...about.flatMap((paragraph) => [paragraph, ""]),
    "Kvitto",
    `Typ: ${label}`,
    `Belopp: ${amount}`,
    `Datum: ${date}`,
    `Ordernummer: ${gift.order_reference}`,
    `Mottagare: ${site.name}, organisationsnummer ${site.orgNumber}`,
    "",
    taxParagraph,
    "",
    `Läs mer om hur gåvorna används: ${publicUrl}/sa-anvands-din-gava`,
    "",
    ...mailSignOff(site),
  ].join("\n");
  return { to: gift.donor_email, subject: membership ? `Kvitto på medlemsavgiften, ${amount}` : `Tack för din gåva på ${amount}`, text };
}
