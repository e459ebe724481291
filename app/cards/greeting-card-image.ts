import { data } from "react-router";
import type { Route } from "./+types/greeting-card-image";
import { containerContext } from "../context";
import { sampleGreetingCard } from "#core/cards/greeting-card-document";

/**
 * The card picker's pictures: GET /ge-en-gava/gratulationskort/kort/{CODE}.png,
 * the card with its own greeting to sample names, 360 px wide. They change
 * only with a deploy, so each is rendered once per process (however many ask
 * at once) and cached by browsers for a day. An unknown code is a 404. Not
 * counted per visitor and never refused as busy (decision 0039): the picker
 * asks for dozens at once, and the catalogue bounds what they can ever cost
 * to one render per card, which waits its turn in the queue as a job's does.
 */
const rendered = new Map<string, Promise<Buffer>>();

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([A-Z0-9_]{2,40})\.png$/.exec(params.file ?? "");
  const container = context.get(containerContext);
  const card = match ? container.cards.cardByCode(match[1] as string) : undefined;
  if (!card) throw data(null, { status: 404 });
  let pending = rendered.get(card.code);
  if (!pending) {
    pending = container.documents.background.render({ kind: "greeting-card-thumbnail", data: sampleGreetingCard(card) }, "png");
    rendered.set(card.code, pending);
    // A failed render is not kept: the next request tries again.
    pending.catch(() => rendered.delete(card.code));
  }
  const png = await pending;
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
}
