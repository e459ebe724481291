import express, { type Request, type Response } from "express";
import { notFoundPage, orderListPage, orderPage } from "./app-pages";
import type { SimulatedBankId, TesterActionResult } from "./simulated-bankid";

/**
 * The tester's pages. Links are built from req.baseUrl so the router works
 * wherever it is mounted. Successful form posts redirect (303) back to the
 * order page, so a reload never repeats an action.
 *
 * Opening an order page is a GET that changes state (the order becomes
 * "started"): that is what scanning a QR code or following the autostart link
 * does in the real app, and both arrive here as plain GETs.
 */
export function createBankIdAppRouter(bankId: SimulatedBankId): express.Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "10kb" });

  router.get("/", async (req: Request, res: Response) => {
    noStore(res);
    res.type("html").send(orderListPage(req.baseUrl, await bankId.currentOrders()));
  });

  router.get("/orders/:orderRef", async (req: Request, res: Response) => {
    noStore(res);
    const order = await bankId.open(String(req.params.orderRef));
    if (!order) return void res.status(404).type("html").send(notFoundPage(req.baseUrl));
    res.type("html").send(orderPage(req.baseUrl, order, bankId.testPersons));
  });

  // Same device: the site's autostart link points here in simulator mode.
  router.get("/open", async (req: Request, res: Response) => {
    const order = await bankId.findByAutoStartToken(String(req.query.autostarttoken ?? ""));
    if (!order) return void res.status(404).type("html").send(notFoundPage(req.baseUrl));
    res.redirect(303, `${req.baseUrl}/orders/${encodeURIComponent(order.orderRef)}`);
  });

  // Other device: the tester pastes what the QR code holds, and it is checked like the app would.
  router.get("/scan", async (req: Request, res: Response) => {
    const order = await bankId.findByQrContent(String(req.query.qr ?? ""));
    if (!order) return void res.status(404).type("html").send(notFoundPage(req.baseUrl));
    res.redirect(303, `${req.baseUrl}/orders/${encodeURIComponent(order.orderRef)}`);
  });

  const act = (run: (orderRef: string, body: Record<string, unknown>) => Promise<TesterActionResult>) =>
    async (req: Request, res: Response) => {
      const orderRef = String(req.params.orderRef);
      const result = await run(orderRef, (req.body ?? {}) as Record<string, unknown>);
      if (result.ok) return void res.redirect(303, `${req.baseUrl}/orders/${encodeURIComponent(orderRef)}`);
      const order = await bankId.current(orderRef);
      noStore(res);
      if (!order) return void res.status(404).type("html").send(notFoundPage(req.baseUrl));
      res.status(409).type("html").send(orderPage(req.baseUrl, order, bankId.testPersons, result.message));
    };

  router.post("/orders/:orderRef/select", form, act((ref, body) => bankId.selectPerson(ref, String(body.personalNumber ?? ""))));
  router.post("/orders/:orderRef/approve", form, act((ref) => bankId.approve(ref)));
  router.post("/orders/:orderRef/cancel", form, act((ref) => bankId.userCancel(ref)));
  router.post("/orders/:orderRef/expire", form, act((ref) => bankId.expire(ref)));
  router.post("/orders/:orderRef/hint", form, act((ref, body) => bankId.forceHint(ref, String(body.hintCode ?? ""))));

  return router;
}

function noStore(res: Response): void {
  // The pages show live order state; a cached copy would mislead the tester.
  res.set("cache-control", "no-store");
}
