import type { Route } from "./+types/team-report";
import { reportAction, reportLoader } from "./page-report.server";
import { PageReportForm } from "./page-report-form";

export function meta() {
  return [{ title: "Anmäl ett lag" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return reportLoader(context, "team", params.slug);
}

/** A visitor's report of the team's page, to staff's queue as a fundraiser's is (decision 0055). */
export async function action({ params, request, context }: Route.ActionArgs) {
  return reportAction(context, request, "team", params.slug);
}

export default function TeamReport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageReportForm
      heading="Anmäl laget"
      title={loaderData.title}
      path={loaderData.path}
      note="Gäller det en av insamlingarna i laget? Anmäl den på insamlingens egen sida, så når anmälan rätt."
      actionData={actionData}
    />
  );
}
