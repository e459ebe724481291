import { Gauge } from "prom-client";
import type { Mailer } from "#core/mail/mailer";
import type { DocumentFormat } from "#core/documents/document-renderer";
import type { RenderService } from "#core/documents/bounded-renderer";
import { DocumentsBusyError } from "#core/documents/documents-busy";
import type { SiteMetrics } from "./site-metrics";

/** The mailer, counting what the mail server took and what it did not (the job retries those). */
export function countedMailer(mailer: Mailer, metrics: Pick<SiteMetrics, "mailSent" | "mailFailed">): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailFailed.inc();
        throw error;
      }
      metrics.mailSent.inc();
    },
  };
}

/**
 * The document renderer, counting renders by format and outcome, with the
 * renders in flight and those waiting for a worker read at each scrape
 * (decision 0039: `concurrency` run at once, the rest wait).
 */
export function countedRenderer(documents: RenderService, metrics: Pick<SiteMetrics, "documentRenders" | "registry">, concurrency: number): RenderService {
  const counted = (render: RenderService["render"]) => async (request: Parameters<RenderService["render"]>[0], format: DocumentFormat) => {
    try {
      const result = await render(request, format);
      metrics.documentRenders.inc({ format, outcome: "rendered" });
      return result;
    } catch (error) {
      metrics.documentRenders.inc({ format, outcome: error instanceof DocumentsBusyError ? "refused" : "failed" });
      throw error;
    }
  };
  const registers = [metrics.registry];
  new Gauge({
    name: "site_document_renders_in_flight",
    help: "Documents rendering or waiting for a worker right now.",
    registers,
    collect() {
      this.set(documents.inFlight);
    },
  });
  new Gauge({
    name: "site_document_render_queue",
    help: "Documents waiting for a free render worker right now.",
    registers,
    collect() {
      this.set(Math.max(0, documents.inFlight - concurrency));
    },
  });
  return {
    render: counted((request, format) => documents.render(request, format)),
    background: { render: counted((request, format) => documents.background.render(request, format)) },
    get inFlight() {
      return documents.inFlight;
    },
    warmUp: () => documents.warmUp(),
    close: () => documents.close(),
  };
}
