import { createElement } from "react";
import type { DocumentFormat, DocumentRenderer, DocumentRequest } from "../core/documents/document-renderer";
import type { SiteConfig } from "../core/site/site-config";
import { themeFor } from "./design/theme";
import { loadFontFaces } from "./fonts.server";
import { registerPdfFonts, renderPdf, warmUpPdf } from "./render/pdf.server";
import { renderPng, satoriFonts } from "./render/png.server";
import { TEMPLATES } from "./templates";
import type { DocumentTemplate } from "./templates/template";

/**
 * The one document engine: React templates (documents/templates) rendered to
 * PDF by @react-pdf/renderer or to PNG by satori and resvg. Built once at boot
 * (server/container.ts); fonts are read and parsed then, so a render touches
 * no disk and the first donor waits no longer than the next.
 */
export async function createDocumentEngine(site: SiteConfig): Promise<DocumentRenderer> {
  const faces = loadFontFaces();
  registerPdfFonts(faces);
  await warmUpPdf(faces);
  const fonts = satoriFonts(faces);
  const theme = themeFor(site);
  return {
    async render(request: DocumentRequest, format: DocumentFormat) {
      const template = TEMPLATES[request.kind] as DocumentTemplate<DocumentRequest["data"]>;
      const page = createElement(template.Component, { data: request.data, site, theme });
      if (format === "pdf") return renderPdf(page, { title: template.title(request.data), author: site.name });
      return renderPng(page, template.pngWidth, fonts);
    },
  };
}
