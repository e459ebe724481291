import { createElement } from "react";
import type { DocumentFormat, DocumentRenderer, DocumentRequest } from "#core/documents/document-renderer";
import type { SiteConfig } from "#core/site/site-config";
import { themeFor } from "./design/theme";
import { loadFontFaces } from "./fonts.server";
import { registerPdfFonts, renderPdf, warmUpPdf } from "./render/pdf.server";
import { renderPng, satoriFonts, warmUpPng } from "./render/png.server";
import { DEFAULT_RASTER_CACHE_BYTES, RasterCache } from "./render/raster-cache";
import { TEMPLATES } from "./templates";
import type { DocumentTemplate } from "./templates/template";

export interface DocumentEngine extends DocumentRenderer {
  /** Reads, unpacks and lays out the fonts now rather than at the first render. */
  warmUp(): Promise<void>;
}

export interface DocumentEngineOptions {
  /** Bytes of rasterised art kept between PNG renders (render/raster-cache.ts); 0 draws the art every time. */
  rasterCacheBytes?: number;
}

/**
 * The one document engine: React templates (documents/templates) rendered to
 * PDF by @react-pdf/renderer or to PNG by satori and resvg. Built once at boot
 * (server/container.ts). The fonts are read, unpacked and laid out once, and
 * a small PNG drawn, on warmUp() or the first render, whichever comes first –
 * so a process that never makes a document (most tests) pays nothing, and a
 * render after that touches no disk. The art of a PNG (a Box with a cacheKey: a greeting card's
 * illustration) is drawn once per design and image size and kept, within a
 * bounded number of bytes, for the next render.
 */
export function createDocumentEngine(site: SiteConfig, options: DocumentEngineOptions = {}): DocumentEngine {
  const theme = themeFor(site);
  const rasterCacheBytes = options.rasterCacheBytes ?? DEFAULT_RASTER_CACHE_BYTES;
  const rasters = rasterCacheBytes > 0 ? new RasterCache(rasterCacheBytes) : undefined;
  let prepared: Promise<{ fonts: ReturnType<typeof satoriFonts> }> | undefined;
  const prepare = () =>
    (prepared ??= (async () => {
      const faces = loadFontFaces();
      registerPdfFonts(faces);
      await warmUpPdf(faces);
      const fonts = satoriFonts(faces);
      await warmUpPng(fonts);
      return { fonts };
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
      return renderPng(page, template.pngWidth, fonts, rasters);
    },
  };
}
