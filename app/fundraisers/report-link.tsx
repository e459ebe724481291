import { Link } from "react-router";

/** The way from a fundraiser's or a team's page to its report form (`{path}/anmal`, decisions 0050, 0055). */
export function ReportLink({ path }: { path: string }) {
  return (
    <p className="fundraiser-report">
      <Link to={`${path}/anmal`}>Anmäl sidan</Link> om något på den inte stämmer eller inte hör hemma här.
    </p>
  );
}
