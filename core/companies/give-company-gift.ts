import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import { COMPANY_TAX_RULES } from "./company-tax-rules";
import type { CompanyGiftData } from "./company-gift-form";
import { parseOrganisationsnummer } from "./organisationsnummer";
import { storedLogo, type CompanyLogo } from "./company-logo";
import { christmasCardItems, type ChristmasCardChoice } from "./company-christmas";
import type { ListRecipient } from "../list-orders/list-order";

export interface GivenCompanyGift {
  gift: GiftRow;
  payment: PaymentRow;
  /** Whether this gift, once paid, counts for the company tax reduction (legal form and amount; the ceiling is the year's). */
  taxReductionEligible: boolean;
}

/**
 * A company gives: the gift (type `company`, no personnummer, no donor) and
 * its company row are stored together, then paid through the same kernel as
 * every one-off gift. A logged-in visitor's session is not asked: the giver
 * is the company, never the person at the keyboard.
 */
export interface CompanyChristmasExtras {
  /** The checked PNG or sanitised SVG (company-logo.ts), for the gift certificate. */
  logo?: CompanyLogo | null;
  /** The Christmas card and the list it goes to (company-christmas.ts). */
  card?: { choice: ChristmasCardChoice; recipients: readonly ListRecipient[] } | null;
}

export async function giveCompanyGift(deps: GiveGiftDeps, data: CompanyGiftData, extras: CompanyChristmasExtras = {}): Promise<GivenCompanyGift> {
  const card = extras.card ?? null;
  const { gift, payment } = await giveGift(deps, data.gift, {
    giftType: "company",
    donorId: null,
    // The cards are the gift's order: counted per address now, sent when the gift is paid.
    ...(card && card.recipients.length > 0 ? { order: { kind: "list_order" as const, items: christmasCardItems(card.choice, data.company.name, card.recipients) } } : {}),
    storeWith: async (trx, stored) => {
      await trx
        .insertInto("company_gifts")
        .values({
          gift_id: stored.id,
          organisationsnummer: data.company.organisationsnummer,
          company_name: data.company.name,
          contact_name: data.company.contactName,
          company_reference: data.company.reference,
          ...(extras.logo ? storedLogo(extras.logo) : {}),
        })
        .execute();
    },
  });
  return { gift, payment, taxReductionEligible: companyGiftEligible(data.company.organisationsnummer, gift.amount_ore) };
}

/** What the number's legal-form group and the amount say about the tax reduction, before payment. */
export function companyGiftEligible(organisationsnummer: string, amountOre: number): boolean {
  return (parseOrganisationsnummer(organisationsnummer)?.taxReductionForm ?? false) && amountOre >= COMPANY_TAX_RULES.minGiftOre;
}
