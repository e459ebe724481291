import type { GreetingCardData } from "../documents/document-renderer";
import type { Card } from "./card-catalogue";

/** What the giver wrote on a card. */
export interface GreetingCardText {
  greeting: string;
  recipientName: string;
  giverName: string;
}

/** One function builds the card's document for the preview, the e-mailed image and the card's own page. */
export function greetingCardDocument(card: Card, text: GreetingCardText): GreetingCardData {
  return { cardCode: card.code, design: card.design, greeting: text.greeting, recipientName: text.recipientName, giverName: text.giverName };
}

/** The sample text on the bare template at /_internal/{cardCode}/…: the card's own greeting to made-up people. */
export function sampleGreetingCard(card: Card): GreetingCardData {
  return greetingCardDocument(card, { greeting: card.greeting, recipientName: "Margareta Lindqvist", giverName: "Anders och barnen" });
}
