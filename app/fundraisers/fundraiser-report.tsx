import type { Route } from "./+types/fundraiser-report";
import { reportAction, reportLoader } from "./page-report.server";
import { PageReportForm } from "./page-report-form";

export function meta() {
  return [{ title: "Anmäl en insamling" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return reportLoader(context, "fundraiser", params.slug);
}

/** A visitor's report of the fundraiser's page, to staff's queue (page-report.server.ts). */
export async function action({ params, request, context }: Route.ActionArgs) {
  return reportAction(context, request, "fundraiser", params.slug);
}

export default function FundraiserReport({ loaderData, actionData }: Route.ComponentProps) {
  return <PageReportForm heading="Anmäl insamlingen" title={loaderData.title} path={loaderData.path} actionData={actionData} />;
}
