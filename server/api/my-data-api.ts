import express, { type Request, type Response, type Router } from "express";
import type { AppContainer } from "../container";
import { isSameOriginRequest } from "#core/donors/same-origin";
import { findDonor, type DonorRow } from "#core/donors/donor-repository";
import { saveDonorDetails } from "#core/donors/email-change";
import { detailsFormFromJson, donorDetailsJsonSchema, donorDetailsSchema } from "#core/donors/donor-details";
import { addComment, myDataFor } from "#core/my-data/my-data-service";
import { commentFormSchema } from "#core/my-data/my-data-forms";
import { fieldErrors } from "#core/gifts/gift-form";
import { sendApiError, sendValidationError } from "./api-errors";
import { limitRequests } from "./rate-limit";

const TOKEN_ERRORS = {
  invalid: { status: 401, code: "token_invalid", message: "Länken är inte giltig. Kontrollera att du har kopierat hela länken." },
  expired: { status: 410, code: "token_expired", message: "Länken har gått ut. Be om en ny länk." },
  revoked: { status: 410, code: "token_revoked", message: "Länken gäller inte längre. Be om en ny länk." },
} as const;

/**
 * `GET /api/MyData/Fetch`, `POST /api/MyData/Update` and `POST
 * /api/MyData/Comment`, each with `?token=` from the donor's e-mailed link.
 * The token decides whose data; nothing else in the request can name a donor.
 * Fetch with `download=1` answers the same JSON as a file to keep.
 */
export function myDataApiRouter(container: AppContainer): Router {
  const router = express.Router();
  const { links, limits } = container.donors;
  router.use("/MyData", limitRequests(limits.myData));

  async function donorFromToken(req: Request, res: Response): Promise<DonorRow | null> {
    const token = typeof req.query.token === "string" ? req.query.token : undefined;
    const check = await links.verify(token);
    if (!check.ok) {
      const e = TOKEN_ERRORS[check.reason];
      sendApiError(res, e.status, e.code, e.message);
      return null;
    }
    const donor = await findDonor(container.db, check.subject);
    if (!donor) {
      sendApiError(res, 410, "token_revoked", TOKEN_ERRORS.revoked.message);
      return null;
    }
    await links.markUsed(check.tokenId);
    return donor;
  }

  const sameOrigin = (req: Request, res: Response) => {
    const ok = isSameOriginRequest(
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), host: req.get("host") },
      container.config.publicUrl,
    );
    if (!ok) sendApiError(res, 403, "cross_origin", "Förfrågan kom från en annan webbplats.");
    return ok;
  };

  router.get("/MyData/Fetch", async (req, res) => {
    const donor = await donorFromToken(req, res);
    if (!donor) return;
    const data = await myDataFor(container.db, container.clock, container.site, donor);
    if (req.query.download === "1") res.attachment("mina-uppgifter.json");
    res.json(data);
  });

  router.post("/MyData/Update", async (req, res) => {
    if (!sameOrigin(req, res)) return;
    const donor = await donorFromToken(req, res);
    if (!donor) return;
    const json = donorDetailsJsonSchema.safeParse(req.body ?? {});
    if (!json.success) return sendValidationError(res, json.error);
    const details = donorDetailsSchema.safeParse(detailsFormFromJson(json.data));
    if (!details.success) {
      return sendApiError(res, 400, "validation_failed", "Uppgifterna är inte kompletta. Rätta fälten och försök igen.", fieldErrors(details.error));
    }
    // A new address is saved as waiting and confirmed by a link sent to it (core/donors/email-change.ts);
    // RecipientMailLimitedError goes to the API's error handler (429 on the field `email`).
    await saveDonorDetails({ db: container.db, clock: container.clock, tokens: container.donors.links, recipientMail: container.recipientMail }, donor, details.data);
    const updated = await findDonor(container.db, donor.id);
    res.json((await myDataFor(container.db, container.clock, container.site, updated ?? donor)).donor);
  });

  router.post("/MyData/Comment", async (req, res) => {
    if (!sameOrigin(req, res)) return;
    const donor = await donorFromToken(req, res);
    if (!donor) return;
    const parsed = commentFormSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendValidationError(res, parsed.error);
    await addComment(container.db, container.clock, donor.id, parsed.data.comment, "my-data");
    res.status(201).json({ saved: true });
  });

  return router;
}
