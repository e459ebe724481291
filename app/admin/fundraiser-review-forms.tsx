import { Form } from "react-router";
import { REASON_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import type { PageReport } from "#core/fundraisers/page-reports";
import { formatDateTime } from "./admin-format";

/**
 * Staff's review of a page people give on – a fundraiser or a team (decisions
 * 0050, 0052): approve, refuse with a reason the organiser is e-mailed, hide
 * or show the page. Posts `action` = review | hide | unhide to the page it is on.
 */
export function ReviewAndHideForms({
  hiddenAt,
  problems,
  reviewedPictureId,
}: {
  hiddenAt: string | null;
  problems: Record<string, string>;
  /** A fundraiser's uploaded picture staff see while reviewing: approving the page approves it too (decision 0053). */
  reviewedPictureId?: string;
}) {
  return (
    <>
      <h2>Granska</h2>
      <Form method="post" className="form">
        <input type="hidden" name="action" value="review" />
        {reviewedPictureId && <input type="hidden" name="pictureId" value={reviewedPictureId} />}
        <p>
          <button
            type="submit"
            name="decision"
            value="approve"
            className="button button--primary"
          >
            Godkänn
          </button>
        </p>
        <div className="field">
          <label htmlFor="skal">
            Skäl om den inte godkänns (mejlas till organisatören)
          </label>
          <textarea
            id="skal"
            name="reason"
            rows={3}
            maxLength={REASON_MAX_CHARACTERS * 2}
            aria-invalid={problems.reason ? true : undefined}
          />
        </div>
        <p>
          <button
            type="submit"
            name="decision"
            value="refuse"
            className="button button--secondary"
          >
            Godkänn inte
          </button>
        </p>
      </Form>

      <h2>Dölj sidan</h2>
      <Form method="post" className="form">
        {hiddenAt ? (
          <button
            type="submit"
            name="action"
            value="unhide"
            className="button button--secondary"
          >
            Visa sidan igen
          </button>
        ) : (
          <>
            <div className="field">
              <label htmlFor="dolj-skal">
                Varför sidan döljs (för personalen)
              </label>
              <input
                id="dolj-skal"
                name="reason"
                type="text"
                maxLength={REASON_MAX_CHARACTERS}
              />
            </div>
            <button
              type="submit"
              name="action"
              value="hide"
              className="button button--secondary"
            >
              Dölj sidan
            </button>
          </>
        )}
      </Form>
    </>
  );
}

/**
 * Visitors' reports of the page – a fundraiser's or a team's (decision 0055) –
 * newest first, and the button that marks the open ones handled (posts
 * `action` = reports_handled). Nothing when the page has none.
 */
export function PageReports({ reports }: { reports: PageReport[] }) {
  if (reports.length === 0) return null;
  return (
    <>
      <h2>Anmälningar</h2>
      <ul>
        {reports.map((r) => (
          <li key={r.id}>
            {formatDateTime(r.createdAt)}: {r.reason} {r.handled && <span className="admin-muted">(hanterad)</span>}
          </li>
        ))}
      </ul>
      {reports.some((r) => !r.handled) && (
        <Form method="post">
          <button type="submit" name="action" value="reports_handled" className="button button--secondary">
            Markera som hanterade
          </button>
        </Form>
      )}
    </>
  );
}
