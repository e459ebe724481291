import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import { COMPANY_TAX_RULES } from "./company-tax-rules";
import type { CompanyGiftData } from "./company-gift-form";
import { parseOrganisationsnummer } from "./organisationsnummer";

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
export async function giveCompanyGift(deps: GiveGiftDeps, data: CompanyGiftData): Promise<GivenCompanyGift> {
  const { gift, payment } = await giveGift(deps, data.gift, {
    giftType: "company",
    donorId: null,
    storeWith: async (trx, stored) => {
      await trx
        .insertInto("company_gifts")
        .values({
          gift_id: stored.id,
          organisationsnummer: data.company.organisationsnummer,
          company_name: data.company.name,
          contact_name: data.company.contactName,
          company_reference: data.company.reference,
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
