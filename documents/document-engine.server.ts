import { createElement } from "react";
import type { DocumentFormat, DocumentRenderer, DocumentRequest } from "../core/documents/document-renderer";
import type { SiteConfig } from "../core/site/site-config";
import { themeFor } from "./design/theme";
import { loadFontFaces } from "./fonts.server";
import { registerPdfFonts, renderPdf, warmUpPdf } from "./render/pdf.server";
import { renderPng, satoriFonts } from "./render/png.server";
import { TEMPLATES } from "./templates";
import type { DocumentTemplate } from "./templates/template";

export interface DocumentEngine extends DocumentRenderer {
  /** Reads, unpacks and lays out the fonts now rather than at the first render. */
  warmUp(): Promise<void>;
}

/**
 * The one document engine: React templates (documents/templates) rendered to
 * PDF by @react-pdf/renderer or to PNG by satori and resvg. Built once at boot
 * (server/container.ts). The fonts are read, unpacked and laid out once, on
 * warmUp() or the first render, whichever comes first – so a process that
 * never makes a document (most tests) pays nothing, and a render after that
 * touches no disk.
 */
export function createDocumentEngine(site: SiteConfig): DocumentEngine {
  const theme = themeFor(site);
  let prepared: Promise<{ fonts: ReturnType<typeof satoriFonts> }> | undefined;
  const prepare = () =>
    (prepared ??= (async () => {
      const faces = loadFontFaces();
      registerPdfFonts(faces);
      await warmUpPdf(faces);
      return { fonts: satoriFonts(faces) };
    })().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    }));
  return {
    async warmUp() {
      await prepare();
    },
    async render(request: DocumentRequest, format: DocumentFormat) {
      const { fonts } = await prepare();
      const template = TEMPLATES[request.kind] as DocumentTemplate<DocumentRequest["data"]>;
      const page = createElement(template.Component, { data: request.data, site, theme });
      if (format === "pdf") return renderPdf(page, { title: template.title(request.data), author: site.name });
      return renderPng(page, template.pngWidth, fonts);
    },
  };
}
