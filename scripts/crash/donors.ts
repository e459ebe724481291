import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { json, RetryableError, send, sendUntilAnswered, type Answer } from "./http";

/**
 * Donors for the crash test: each gives one gift after another through the
 * JSON API – Swish (SwishInit, then the simulated Swish app approves) or card
 * (RegularGift/Add, Payments/Create, the simulated card window, then the
 * signed return to our payment page) – while the server is killed under
 * them. Like a browser, a donor sends a failed request again with the same
 * idempotency key and carries on where it was.
 */
export type Method = "swish" | "card";

/** One gift a donor meant to give. */
export interface Intention {
  method: Method;
  email: string;
  idempotencyKey: string;
  amountKr: number;
  /** Order references the server answered 2xx with (more than one would be a doubled gift). */
  acknowledged: Set<string>;
  /** The card window told the donor the card was approved: money taken, whatever the simulator's state file says. */
  sawCardApproved: boolean;
  /** Why the donor could not get as far as approving, if so. */
  gaveUp?: string;
}

export interface DonorOptions {
  origin: string;
  runId: string;
  /** How long one gift may take the donor before they give up (and the census says so). */
  journeyTimeoutMs: number;
  /** True once the donors should finish the gift they are on and stop. */
  stopping: () => boolean;
  intentions: Intention[];
}

const context = (origin: string) => ({ session: "crash", identity: "crash", currentUrl: `${origin}/ge-en-gava`, requestgroup: crypto.randomUUID() });
const CARD = { cardNumber: "4111 1111 1111 1111", expiry: "12/35", cvc: "123" };

export async function runDonor(method: Method, donor: number, options: DonorOptions): Promise<void> {
  while (!options.stopping()) {
    const intention: Intention = {
      method,
      email: `crash-${options.runId}-${donor}-${options.intentions.length}@exempel.se`,
      idempotencyKey: crypto.randomUUID(),
      amountKr: 100 + Math.floor(Math.random() * 900),
      acknowledged: new Set(),
      sawCardApproved: false,
    };
    options.intentions.push(intention);
    const deadline = Date.now() + options.journeyTimeoutMs;
    try {
      await (method === "swish" ? giveBySwish : giveByCard)(intention, options.origin, deadline);
    } catch (error) {
      intention.gaveUp = error instanceof Error ? error.message : String(error);
    }
    // The next donor arrives a moment later.
    await sleep(500 + Math.random() * 1_000);
  }
}

function giftPayload(intention: Intention) {
  return { amount: intention.amountKr, name: "Krasch Testsson", email: intention.email, idempotencyKey: intention.idempotencyKey };
}

function acknowledge(intention: Intention, answer: Answer): ReturnType<typeof json> {
  const body = json(answer);
  if (answer.status < 200 || answer.status >= 300 || !body?.orderReference) {
    throw new Error(`not acknowledged: ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  intention.acknowledged.add(body.orderReference as string);
  return body;
}

async function giveBySwish(intention: Intention, origin: string, deadline: number): Promise<void> {
  const init = () => sendUntilAnswered(`${origin}/api/SwishInit`, { json: { context: context(origin), payload: giftPayload(intention) } }, deadline);
  let view = acknowledge(intention, await init());
  while (Date.now() < deadline) {
    if (view.status === "paid") return;
    if (view.paymentRequestToken && (view.status === "pending" || view.status === "created")) {
      if (await approveInSwishApp(origin, view.paymentRequestToken as string, deadline)) {
        await pollBriefly(`${origin}/api/SwishPoll`, view.paymentId as string, deadline);
        return;
      }
    }
    // No token yet (a start cut short by a crash is finished by a later SwishInit), or the attempt ended: ask again.
    await sleep(1_000);
    view = acknowledge(intention, await init());
  }
  throw new Error("Swish: no payment request to approve in time");
}

/** The tester's side of the simulated Swish app: open the request by its token and approve it. False if the app does not know it. */
async function approveInSwishApp(origin: string, token: string, deadline: number): Promise<boolean> {
  const opened = await sendUntilAnswered(`${origin}/_sim/swish/paymentrequest?token=${encodeURIComponent(token)}`, {}, deadline);
  if (opened.status !== 303 || !opened.location) return false;
  const request = new URL(opened.location, origin);
  // An already answered request redirects as well: the donor approved it before the crash.
  const answered = await sendUntilAnswered(`${request.origin}${request.pathname}/approve`, { form: { from: "request" } }, deadline);
  return answered.status === 303;
}

async function giveByCard(intention: Intention, origin: string, deadline: number): Promise<void> {
  const added = acknowledge(
    intention,
    await sendUntilAnswered(`${origin}/api/RegularGift/Add`, { json: { context: context(origin), payload: giftPayload(intention) } }, deadline),
  );
  const orderReference = added.orderReference as string;
  while (Date.now() < deadline) {
    const created = await sendUntilAnswered(
      `${origin}/api/Payments/Create`,
      { json: { context: context(origin), payload: { orderReference, provider: "Mondido" } } },
      deadline,
    );
    const view = json(created);
    if (created.status !== 201) throw new Error(`Payments/Create answered ${created.status} ${created.body.slice(0, 200)}`);
    if (view.status === "paid") return;
    if (view.next?.kind !== "post-form") {
      await sleep(500);
      continue;
    }
    const returned = await payInCardWindow(origin, view.next as { action: string; fields: Record<string, string> }, deadline);
    if (returned === "window-lost") continue;
    intention.sawCardApproved = returned !== "redirect-lost" && new URL(returned, origin).searchParams.get("status") === "approved";
    // Back to our payment page: with the signed return when the window's redirect reached the donor, without it otherwise.
    const page = returned === "redirect-lost" ? `${origin}/ge-en-gava/betalning/${orderReference}` : returned;
    await sendUntilAnswered(page, {}, deadline);
    await pollBriefly(`${origin}/api/Payments/Poll`, view.paymentId as string, deadline);
    return;
  }
  throw new Error("card: could not pay in time");
}

/**
 * Posts our signed form to the card window, then the card. Returns the return
 * address the window redirects to; "redirect-lost" when the card was taken but
 * the answer never reached the donor (the window then says it is done);
 * "window-lost" when the window does not know the payment and must be opened again.
 */
async function payInCardWindow(origin: string, next: { action: string; fields: Record<string, string> }, deadline: number) {
  const opened = await sendUntilAnswered(new URL(next.action, origin).toString(), { form: next.fields }, deadline);
  if (opened.status !== 303 || !opened.location) throw new Error(`card window answered ${opened.status}`);
  const payPage = new URL(opened.location, origin).toString();
  let cutOff = false;
  for (;;) {
    let paid: Answer;
    try {
      paid = await send(payPage, { form: CARD });
    } catch (error) {
      if (!(error instanceof RetryableError) || Date.now() > deadline) throw error;
      cutOff = true;
      await sleep(200);
      continue;
    }
    if (paid.status === 303 && paid.location) return paid.location;
    if (paid.status === 404) return cutOff ? ("redirect-lost" as const) : ("window-lost" as const);
    throw new Error(`card page answered ${paid.status}`);
  }
}

/** A browser on the payment page polls for a few seconds; then the donor moves on whatever it says. */
async function pollBriefly(url: string, paymentId: string, deadline: number): Promise<void> {
  for (let i = 0; i < 4 && Date.now() < deadline; i += 1) {
    try {
      const answer = await send(url, { json: { payload: { paymentId } } });
      if (json(answer)?.status === "paid") return;
    } catch {
      // the server is down: the donor's page keeps waiting
    }
    await sleep(300);
  }
}
