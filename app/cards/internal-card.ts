import { data } from "react-router";
import type { Route } from "./+types/internal-card";
import { containerContext, nonceContext } from "../context";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { sampleGreetingCard } from "#core/cards/greeting-card-document";
import { DOCUMENT_CONTENT_TYPES } from "#core/documents/document-renderer";

/**
 * The bare card template, /_internal/{cardCode}/…: the card the e-mail's
 * image is rendered from, with sample text, for staff checking a design –
 * no site chrome, never indexed. Any tail is the page; a tail ending in
 * .png or .pdf is the card itself in that format. An unknown code is a 404.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ params, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const card = container.cards.cardByCode(params.cardCode ?? "");
  if (!card) throw data(null, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  const tail = params["*"] ?? "";
  const noindex = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
  const format = tail.endsWith(".png") ? "png" : tail.endsWith(".pdf") ? "pdf" : null;
  if (format) {
    await countDocumentRender(context);
    const file = await renderForVisitor(context, { kind: "greeting-card", data: sampleGreetingCard(card) }, format);
    return new Response(new Uint8Array(file), { headers: { ...noindex, "Content-Type": DOCUMENT_CONTENT_TYPES[format] } });
  }
  const nonce = context.get(nonceContext);
  const sample = sampleGreetingCard(card);
  const html = `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(card.code)} – ${escapeHtml(card.title)}</title>
<style nonce="${escapeHtml(nonce)}">body{margin:0;padding:16px;background:#e9e4e0;font-family:system-ui,sans-serif;color:#1c1c1c}main{max-width:1200px;margin:0 auto}img{display:block;width:100%;height:auto;background:#fff}h1{font-size:1rem;margin:0 0 12px}</style>
</head>
<body>
<main>
<h1>${escapeHtml(card.code)}: ${escapeHtml(card.title)} (${escapeHtml(card.occasionLabel)})</h1>
<img src="/_internal/${encodeURIComponent(card.code)}/kort.png" width="1200" height="851" alt="${escapeHtml(`Kortet ${card.title} till ${sample.recipientName} från ${sample.giverName}. Hälsningen lyder: ${sample.greeting}`)}">
</main>
</body>
</html>`;
  return new Response(html, { headers: { ...noindex, "Content-Type": "text/html; charset=utf-8" } });
}
