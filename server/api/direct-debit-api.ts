import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { AGREEMENT_STATUS_LABELS, type MandateStatus } from "#core/agreements/agreement-status";
import { sendApiError, sendValidationError } from "./api-errors";
import { perMinuteLimit } from "./rate-limit";

/**
 * POST /api/DirectDebit/CheckAutogiroStatus: where a donor's autogiro mandate
 * stands – pending (with Bankgirot), active, refused with Bankgirot's reason
 * in Swedish, or cancelled. Asked either with the agreement's id (the
 * unguessable id of the page the donor saw after signing) or, with no id, by
 * a donor logged in with BankID for all their agreements. Never shows a
 * personnummer or a whole account number.
 */
const payload = z.object({
  agreementId: z.uuid("Ange agreementId som ett UUID.").optional(),
});

const MANDATE_STATUS_TEXT: Readonly<Record<MandateStatus, string>> = {
  requested: "Medgivandet är skickat till Bankgirot och väntar på bankens godkännande.",
  approved: "Medgivandet är godkänt.",
  refused: "Medgivandet godkändes inte.",
  cancelled: "Medgivandet är avslutat.",
};

export function directDebitApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.post("/DirectDebit/CheckAutogiroStatus", perMinuteLimit(container.rateLimiter, "autogiro-status-polls", container.config.RATE_LIMIT_POLLS_PER_MINUTE), async (req, res) => {
    const parsed = payload.safeParse(req.body ?? {});
    if (!parsed.success) return sendValidationError(res, parsed.error);
    const { db } = container;
    let query = db
      .selectFrom("agreements")
      .innerJoin("mandates", "mandates.id", "agreements.mandate_id")
      .select([
        "agreements.id",
        "agreements.status",
        "agreements.amount_ore",
        "agreements.debit_day",
        "agreements.next_debit_on",
        "mandates.status as mandate_status",
        "mandates.reason_code",
        "mandates.reason_text",
        "mandates.bank_name",
        "mandates.account",
      ])
      .orderBy("agreements.created_at", "desc");
    if (parsed.data.agreementId) {
      query = query.where("agreements.id", "=", parsed.data.agreementId);
    } else {
      const session = await container.donors.sessions.current(req.headers.cookie ?? null);
      if (!session) return sendApiError(res, 401, "not_logged_in", "Logga in med BankID, eller ange agreementId.");
      query = query.where("agreements.donor_id", "=", session.donor.id);
    }
    const rows = await query.execute();
    if (parsed.data.agreementId && rows.length === 0) return sendApiError(res, 404, "not_found", "Det finns ingen sådan månadsgåva.");
    res.setHeader("Cache-Control", "no-store");
    res.json({
      agreements: rows.map((r) => ({
        agreementId: r.id,
        status: r.status,
        statusText: AGREEMENT_STATUS_LABELS[r.status],
        mandate: {
          status: r.mandate_status,
          statusText: MANDATE_STATUS_TEXT[r.mandate_status],
          reason: r.reason_code ? { code: r.reason_code, text: r.reason_text } : null,
          bankName: r.bank_name,
          accountEnding: r.account.slice(-4),
        },
        amountOre: r.amount_ore,
        debitDay: r.debit_day,
        nextDebitOn: r.next_debit_on,
      })),
    });
  });
  return router;
}
