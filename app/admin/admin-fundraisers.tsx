import { Link } from "react-router";
import type { Route } from "./+types/admin-fundraisers";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";
import { listFundraisersForStaff, reviewQueue, type StaffFundraiserRow } from "#core/fundraisers/fundraiser-moderation";
import { FUNDRAISER_KIND_LABELS, FUNDRAISER_REVIEW_LABELS as REVIEW_LABELS, type FundraiserReview } from "#core/fundraisers/fundraiser-kinds";
import { countOf, formatSek } from "#core/site/format";
import { picturesToReview } from "#core/fundraisers/fundraiser-pictures";
import { teamsForStaff, type StaffTeamRow } from "#core/fundraisers/fundraiser-teams";

export function meta() {
  return [{ title: "Insamlingar att granska – Administration" }];
}

/** What both tables show of a fundraiser or a team: the same review, hiding and status columns on both (decision 0052), and its open reports. */
function staffFacts(
  row: { id: string; organiser_name: string; review: FundraiserReview; confirmed_at: string | null; hidden_at: string | null; status: "open" | "closed"; created_at: string },
  openReports: number,
) {
  return {
    id: row.id,
    organiserName: row.organiser_name,
    review: row.review,
    confirmed: row.confirmed_at !== null,
    hidden: row.hidden_at !== null,
    status: row.status,
    openReports,
    createdAt: row.created_at,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const queue = await reviewQueue(container.db);
  const all = await listFundraisersForStaff(container.db);
  // Teams (decision 0052) wait in the same queue and are decided the same way.
  const teams = await teamsForStaff(container.db);
  // The lists name organisers (personal data): each look is logged.
  await audit({ action: "fundraisers.list", details: { pending: queue.pending.length, reported: queue.reported.length } });
  const rows = (list: StaffFundraiserRow[]) =>
    list.map(({ fundraiser: f, paidGifts, totalOre, openReports }) => ({ ...staffFacts(f, openReports), title: f.title, kind: FUNDRAISER_KIND_LABELS[f.kind], paidGifts, totalOre }));
  const teamRows = (list: StaffTeamRow[]) => list.map(({ team: t, openReports }) => ({ ...staffFacts(t, openReports), name: t.name }));
  return {
    pending: rows(queue.pending),
    reported: rows(queue.reported),
    all: rows(all),
    pendingTeams: teamRows(teams.pending),
    reportedTeams: teamRows(teams.reported),
    allTeams: teamRows(teams.all),
    pictures: await picturesToReview(container.db),
  };
}

type Row = Route.ComponentProps["loaderData"]["pending"][number];

function FundraiserTable({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <table className="admin-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Insamling</th>
          <th scope="col">Slag</th>
          <th scope="col">Organisatör</th>
          <th scope="col">Granskning</th>
          <th scope="col">Gåvor</th>
          <th scope="col">Insamlat</th>
          <th scope="col">Startad</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`/admin/insamlingar/granska/${r.id}`}>{r.title}</Link>
              {r.openReports > 0 && <span className="admin-muted"> ({countOf(r.openReports, "anmälan", "anmälningar")})</span>}
            </th>
            <td>{r.kind}</td>
            <td>{r.organiserName}</td>
            <td>
              {r.confirmed ? REVIEW_LABELS[r.review] : "Inte bekräftad"}
              {r.hidden && " · dold"}
              {r.status === "closed" && " · avslutad"}
            </td>
            <td>{r.paidGifts}</td>
            <td>{formatSek(r.totalOre)}</td>
            <td>{formatDateTime(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type TeamTableRow = Route.ComponentProps["loaderData"]["allTeams"][number];

function TeamTable({ caption, rows }: { caption: string; rows: TeamTableRow[] }) {
  return (
    <table className="admin-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Lag</th>
          <th scope="col">Organisatör</th>
          <th scope="col">Granskning</th>
          <th scope="col">Startat</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`/admin/insamlingar/granska/lag/${r.id}`}>{r.name}</Link>
              {r.openReports > 0 && <span className="admin-muted"> ({countOf(r.openReports, "anmälan", "anmälningar")})</span>}
            </th>
            <td>{r.organiserName}</td>
            <td>
              {r.confirmed ? REVIEW_LABELS[r.review] : "Inte bekräftat"}
              {r.hidden && " · dolt"}
              {r.status === "closed" && " · stängt"}
            </td>
            <td>{formatDateTime(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Personal fundraisers and teams: the queue waiting for review (oldest first), pages visitors reported, and every fundraiser and team. */
export default function AdminFundraisers({ loaderData }: Route.ComponentProps) {
  const { pending, reported, all, pictures, pendingTeams, reportedTeams, allTeams } = loaderData;
  return (
    <>
      <h1>Insamlingar att granska</h1>
      <p>Nya insamlingar syns i listan på webbplatsen först när de är godkända, och en uppladdad bild syns först när den är godkänd. Den äldsta står först.</p>
      <FundraiserTable caption={pending.length === 0 ? "Inga insamlingar väntar" : `Väntar på granskning: ${countOf(pending.length, "insamling", "insamlingar")}`} rows={pending} />
      {pictures.length > 0 && (
        <table className="admin-table">
          <caption>Nya bilder att granska: {countOf(pictures.length, "bild", "bilder")}</caption>
          <thead>
            <tr>
              <th scope="col">Insamling</th>
              <th scope="col">Organisatör</th>
              <th scope="col">Uppladdad</th>
            </tr>
          </thead>
          <tbody>
            {pictures.map((p) => (
              <tr key={p.fundraiserId}>
                <th scope="row">
                  <Link to={`/admin/insamlingar/granska/${p.fundraiserId}`}>{p.title}</Link>
                </th>
                <td>{p.organiserName}</td>
                <td>{formatDateTime(p.uploadedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pendingTeams.length > 0 && <TeamTable caption={`Lag som väntar på granskning: ${pendingTeams.length}`} rows={pendingTeams} />}
      {reported.length > 0 && <FundraiserTable caption={`Anmälda av besökare: ${countOf(reported.length, "insamling", "insamlingar")}`} rows={reported} />}
      {reportedTeams.length > 0 && <TeamTable caption={`Lag anmälda av besökare: ${reportedTeams.length}`} rows={reportedTeams} />}
      <FundraiserTable caption={`Alla insamlingar (${all.length})`} rows={all} />
      {allTeams.length > 0 && <TeamTable caption={`Alla lag (${allTeams.length})`} rows={allTeams} />}
      <p className="admin-muted">Gåvor och belopp räknar betalda gåvor och gåvor som organisatören har lagt till.</p>
    </>
  );
}
