import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { bankIdApiRouter } from "./bankid-api";
import { identityApiRouter } from "./identity-api";
import { myDataApiRouter } from "./my-data-api";

/** The donor side of the JSON API: BankID, identity look-up and My data. */
export function donorApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.use(bankIdApiRouter(container));
  router.use(identityApiRouter(container));
  router.use(myDataApiRouter(container));
  return router;
}
