import type { Breadcrumb } from "../error-reporting/report-event";
import type { ErrorReporter, ReportContext } from "../error-reporting/error-reporter";

/** Spec section 9, as in the real reporter. */
const MAX_BREADCRUMBS = 100;

export type ReporterFacade = Pick<ErrorReporter, "addBreadcrumb" | "captureException">;

/**
 * Stands in for the error reporter until the first error: breadcrumbs are
 * kept (the last 100) and handed over when the real reporter, with its
 * scrubbing and Sentry transport, is loaded. Errors are rare, so most pages
 * never download that code. If it cannot be loaded, the error goes to the console.
 */
export function createLazyReporter(load: () => Promise<ErrorReporter>): ReporterFacade {
  let pending: Breadcrumb[] = [];
  let real: ErrorReporter | null = null;
  let loading: Promise<ErrorReporter | null> | null = null;

  const ensure = () =>
    (loading ??= load().then(
      (reporter) => {
        for (const crumb of pending) reporter.addBreadcrumb(crumb);
        pending = [];
        real = reporter;
        return reporter;
      },
      (error: unknown) => {
        loading = null;
        console.error("Error reporting could not be loaded", error);
        return null;
      },
    ));

  return {
    addBreadcrumb(breadcrumb) {
      if (real) return real.addBreadcrumb(breadcrumb);
      pending.push({ ...breadcrumb, timestamp: breadcrumb.timestamp ?? Date.now() / 1000 });
      if (pending.length > MAX_BREADCRUMBS) pending.shift();
    },
    async captureException(error: unknown, context?: ReportContext) {
      const reporter = real ?? (await ensure());
      if (!reporter) {
        console.error(error);
        return "";
      }
      return reporter.captureException(error, context);
    },
  };
}
