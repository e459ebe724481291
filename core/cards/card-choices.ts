import { swedishDate, type IsoDate } from "../calendar/swedish-calendar";

/**
 * Which cards the form accepts: on the server the catalogue itself
 * (`catalogueChoices`), in the browser the codes the page was given.
 */
export interface CardChoices {
  has(code: string): boolean;
  onSale(code: string, today: IsoDate): boolean;
}

/** Any card in the catalogue that is on sale today; test codes too (they are never in the picker, but the API may order them). */
export function catalogueChoices(catalogue: {
  cardByCode(code: string): { code: string } | undefined;
  isOnSale(card: never, today: IsoDate): boolean;
}): CardChoices {
  return {
    has: (code) => catalogue.cardByCode(code) !== undefined,
    onSale: (code, today) => catalogue.isOnSale(catalogue.cardByCode(code) as never, today),
  };
}

/** A card chosen from the catalogue (a greeting card's, a gift card's): one that exists and is on sale today. */
export function checkCardCode(code: string, cards: CardChoices, now: Date, issue: (path: "cardCode", message: string) => void): void {
  if (code === "") issue("cardCode", "Välj ett kort.");
  else if (!cards.has(code)) issue("cardCode", "Det kortet finns inte. Välj ett kort i listan.");
  else if (!cards.onSale(code, swedishDate(now))) issue("cardCode", "Det kortet går inte att välja just nu. Välj ett annat kort.");
}
