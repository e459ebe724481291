import { data } from "react-router";
import type { Route } from "./+types/greeting-card-image";
import { containerContext } from "../context";
import { sampleGreetingCard } from "#core/cards/greeting-card-document";

/**
 * The card picker's pictures: GET /ge-en-gava/gratulationskort/kort/{CODE}.png,
 * the card with its own greeting to sample names, 360 px wide. They change
 * only with a deploy, so each is rendered once per process and cached by
 * browsers for a day. An unknown code is a 404.
 */
const rendered = new Map<string, Buffer>();

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([A-Z0-9_]{2,40})\.png$/.exec(params.file ?? "");
  const container = context.get(containerContext);
  const card = match ? container.cards.cardByCode(match[1] as string) : undefined;
  if (!card) throw data(null, { status: 404 });
  const png = rendered.get(card.code) ?? (await container.documents.render({ kind: "greeting-card-thumbnail", data: sampleGreetingCard(card) }, "png"));
  rendered.set(card.code, png);
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
}
