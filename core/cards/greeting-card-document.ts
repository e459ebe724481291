import { z } from "zod";
import type { GreetingCardData } from "../documents/document-renderer";
import { plainText } from "../text/plain-text";
import { CARD_GREETING_MAX_CHARACTERS, CARD_NAME_MAX_CHARACTERS } from "./card-design";
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

/**
 * The preview's fields (POST /api/Gift/Preview with kind "greeting_card", and
 * the no-JavaScript preview image): what the donor has written so far. Names
 * may still be empty; the card shows what there is.
 */
export const greetingCardPreviewSchema = z.object({
  cardCode: z.string({ error: "Välj ett kort." }).trim().min(1, "Välj ett kort.").max(40),
  greeting: plainText({ multiLine: true, max: CARD_GREETING_MAX_CHARACTERS, tooLong: `Hälsningen får vara högst ${CARD_GREETING_MAX_CHARACTERS} tecken.` }).optional().default(""),
  recipientName: plainText({ max: CARD_NAME_MAX_CHARACTERS, tooLong: `Namnet får vara högst ${CARD_NAME_MAX_CHARACTERS} tecken.` }).optional().default(""),
  giverName: plainText({ max: CARD_NAME_MAX_CHARACTERS, tooLong: `Namnet får vara högst ${CARD_NAME_MAX_CHARACTERS} tecken.` }).optional().default(""),
});
export type GreetingCardPreview = z.input<typeof greetingCardPreviewSchema>;

/** The preview's card: the card's own greeting until the donor writes one, and a gentle placeholder for names not yet written. */
export function greetingCardPreviewDocument(card: Card, preview: z.output<typeof greetingCardPreviewSchema>): GreetingCardData {
  return greetingCardDocument(card, {
    greeting: preview.greeting || card.greeting,
    recipientName: preview.recipientName || "Mottagarens namn",
    giverName: preview.giverName || "Ditt namn",
  });
}
