import { Form } from "react-router";
import { REASON_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";

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
