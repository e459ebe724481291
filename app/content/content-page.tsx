import { data } from "react-router";
import type { Route } from "./+types/content-page";
import { findContentPage, renderContentHtml, type Language } from "#core/content/content-library";
import { siteSettingsContext } from "../site-settings-context.server";
import { CONTENT_DIR } from "../site.server";
import type { PageHandle } from "../root";

/** Generic content page rendered from content/<lang>/<slug>.md; pre-rendered at build. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const lang: Language = new URL(request.url).pathname.startsWith("/en/") ? "en" : "sv";
  const page = findContentPage(CONTENT_DIR, lang, params.slug);
  if (!page) throw data(null, { status: 404 });
  const { site } = context.get(siteSettingsContext);
  return {
    lang,
    title: page.title,
    description: page.description,
    siteName: site.name,
    html: renderContentHtml(page, site),
  };
}

export const handle: PageHandle = {};

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return [
    { title: `${page.title} – ${page.siteName}` },
    { name: "description", content: page.description },
  ];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="page page--narrow content-page" lang={loaderData.lang}>
      <h1>{loaderData.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  );
}
