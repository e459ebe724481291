import { data, type RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp } from "../donor/donor-session.server";
import { isSlug } from "#core/memorial/collection-slug";
import { reportFundraiserSchema } from "#core/fundraisers/fundraiser-forms";
import { findFundraiserBySlug, fundraiserPath, pageVisibility } from "#core/fundraisers/fundraiser-service";
import { findTeamBySlug, teamPath, teamVisibility } from "#core/fundraisers/fundraiser-team-rules";
import { reportPage, type ReportedKind, type ReportedPage } from "#core/fundraisers/page-reports";
import { parseForm } from "../components/form/parse-form";

/**
 * "Report this page" for a fundraiser's page and a team's (decisions 0050,
 * 0055): one loader and one action behind /insamling/{slug}/anmal and
 * /insamling/lag/{slug}/anmal. Only a page visitors are shown can be
 * reported; any other address is 404 (as the page itself is when
 * unconfirmed), so the form never names a page nobody can see.
 */
export interface ReportTarget {
  page: ReportedPage;
  title: string;
  path: string;
}

export async function reportTarget(context: Readonly<RouterContextProvider>, kind: ReportedKind, slug: string): Promise<ReportTarget> {
  const container = context.get(containerContext);
  const options = { visibleBeforeReview: container.fundraisers.visibleBeforeReview };
  if (isSlug(slug) && kind === "fundraiser") {
    const fundraiser = await findFundraiserBySlug(container.db, slug);
    if (fundraiser && pageVisibility(fundraiser, options) === "visible") return { page: { kind, id: fundraiser.id }, title: fundraiser.title, path: fundraiserPath(fundraiser.slug) };
  }
  if (isSlug(slug) && kind === "team") {
    const team = await findTeamBySlug(container.db, slug);
    if (team && teamVisibility(team, options) === "visible") return { page: { kind, id: team.id }, title: team.name, path: teamPath(team.slug) };
  }
  throw data(null, { status: 404 });
}

/** What the report form shows about the page: its name and address (its id stays on the server). */
export async function reportLoader(context: Readonly<RouterContextProvider>, kind: ReportedKind, slug: string) {
  const { title, path } = await reportTarget(context, kind, slug);
  return { title, path };
}

/** A visitor's report goes to staff's queue, limited per visitor (`fundraiser-reports`, one counter for both kinds of page); nothing about the visitor is stored. */
export async function reportAction(context: Readonly<RouterContextProvider>, request: Request, kind: ReportedKind, slug: string) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const { page } = await reportTarget(context, kind, slug);
  const submission = parseForm(await request.formData(), reportFundraiserSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  if (!(await container.fundraisers.reports.hit(clientIp(context)))) {
    return data({ result: submission.reply({ formErrors: ["Du har skickat många anmälningar på kort tid. Vänta en stund, eller ring oss."] }), sent: false }, { status: 429 });
  }
  await reportPage(container.db, container.clock, page, submission.value.reason);
  return data({ result: submission.reply({ resetForm: true }), sent: true }, { status: 200 });
}
