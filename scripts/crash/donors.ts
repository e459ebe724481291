import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { json, RetryableError, send, sendUntilAnswered, type Answer } from "./http";

/**
 * Donors for the crash test: each gives one gift after another through the
 * JSON API – Swish on this device (SwishInit, then the simulated Swish app
 * approves by the request's token), Swish to the donor's own phone number
 * (SwishInit with payerPhone, then the simulated app on that phone finds the
 * request among its open ones and approves it), card (RegularGift/Add,
 * Payments/Create, the simulated card window, then the signed return to our
 * payment page) or bank payment through Brite (RegularGift/Add,
 * Brite/Initiate, the simulated bank's pages, then back to our payment page)
 * – while the server is killed under them. Like a browser, a donor sends a
 * failed request again with the same idempotency key and carries on where it
 * was.
 */
export type Method = "swish" | "swish-phone" | "card" | "brite";

export const METHODS: readonly Method[] = ["swish", "card", "swish-phone", "brite"];

/** One gift a donor meant to give. */
export interface Intention {
  method: Method;
  email: string;
  idempotencyKey: string;
  amountKr: number;
  /** Order references the server answered 2xx with (more than one would be a doubled gift). */
  acknowledged: Set<string>;
  /** The card window or the bank told the donor the payment was approved: money taken, whatever the simulator's state file says. */
  sawCardApproved: boolean;
  /** The Swish number the request went to (swish-phone only). */
  phone?: string;
  /** Why the donor could not get as far as approving, if so. */
  gaveUp?: string;
  /** Why the donor had given up while the server was being killed, when they then tried again (see `tryAgain`). */
  gaveUpUnderKills?: string;
  /** Which donor (their Swish number follows from it). */
  donor: number;
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
      donor,
    };
    options.intentions.push(intention);
    await give(intention, options.origin, Date.now() + options.journeyTimeoutMs);
    // The next donor arrives a moment later.
    await sleep(500 + Math.random() * 1_000);
  }
}

async function give(intention: Intention, origin: string, deadline: number): Promise<void> {
  try {
    const way = { swish: giveBySwish, "swish-phone": giveBySwishToPhone, card: giveByCard, brite: giveByBrite }[intention.method];
    await way(intention, origin, deadline, intention.donor);
  } catch (error) {
    intention.gaveUp = error instanceof Error ? error.message : String(error);
  }
}

/**
 * A donor who gave up while the server kept dying comes back once it stays
 * up and tries the same gift again (the same idempotency key, so the same
 * gift). Only a gift that cannot be paid even then is left unpayable: a gift
 * its donor walked away from is not, and on a slow machine, where a start
 * takes longer than the kills leave the server up, many donors walk away.
 */
export async function tryAgain(intention: Intention, origin: string, timeoutMs: number): Promise<void> {
  intention.gaveUpUnderKills = intention.gaveUp;
  delete intention.gaveUp;
  await give(intention, origin, Date.now() + timeoutMs);
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

/**
 * Swish to the donor's own number: no token comes back; the request appears
 * in the Swish app on that phone. The simulator's list of open requests is
 * the phone's view: the donor approves the one to their number for this
 * gift's amount (each phone donor has a number of their own and gives one
 * gift at a time).
 */
async function giveBySwishToPhone(intention: Intention, origin: string, deadline: number, donor: number): Promise<void> {
  const phone = `070174${String(6000 + donor).slice(-4)}`;
  intention.phone = phone;
  const alias = `46${phone.slice(1)}`;
  const init = () =>
    sendUntilAnswered(`${origin}/api/SwishInit`, { json: { context: context(origin), payload: { ...giftPayload(intention), payerPhone: phone } } }, deadline);
  let view = acknowledge(intention, await init());
  while (Date.now() < deadline) {
    if (view.status === "paid") return;
    if (view.status === "pending" || view.status === "created") {
      const request = await openRequestOnPhone(origin, alias, intention.amountKr, deadline);
      if (request) {
        const answered = await sendUntilAnswered(`${origin}${request}/approve`, { form: { from: "list" } }, deadline);
        if (answered.status === 303) {
          await pollBriefly(`${origin}/api/SwishPoll`, view.paymentId as string, deadline);
          return;
        }
      }
    }
    // Not on the phone yet (a start cut short is finished by a later SwishInit), or the attempt ended: ask again.
    await sleep(1_000);
    view = acknowledge(intention, await init());
  }
  throw new Error("Swish to phone: no payment request on the phone in time");
}

/** The path of the open request to `alias` for `amountKr` in the simulated app's list, if there is one. */
async function openRequestOnPhone(origin: string, alias: string, amountKr: number, deadline: number): Promise<string | null> {
  const list = await sendUntilAnswered(`${origin}/_sim/swish/`, {}, deadline);
  for (const article of list.body.split("<article").slice(1)) {
    const href = /href="([^"]*\/requests\/[^"/]+)"/.exec(article)?.[1];
    const payer = /<dt>Betalare<\/dt><dd>([^<]*)<\/dd>/.exec(article)?.[1]?.replace(/\D/g, "");
    const amount = /<dt>Belopp<\/dt><dd>([^<]*)<\/dd>/.exec(article)?.[1]?.replace(/&nbsp;|\s|\u00a0/g, "");
    if (href && payer === alias && amount?.startsWith(String(amountKr))) return new URL(href, origin).pathname;
  }
  return null;
}

/** Bank payment through Brite: the simulated bank's pages stand in for the donor's bank. */
async function giveByBrite(intention: Intention, origin: string, deadline: number): Promise<void> {
  const added = acknowledge(
    intention,
    await sendUntilAnswered(`${origin}/api/RegularGift/Add`, { json: { context: context(origin), payload: giftPayload(intention) } }, deadline),
  );
  const orderReference = added.orderReference as string;
  while (Date.now() < deadline) {
    const initiated = await sendUntilAnswered(`${origin}/api/Brite/Initiate?orderReference=${encodeURIComponent(orderReference)}`, {}, deadline);
    if (initiated.status !== 200) throw new Error(`Brite/Initiate answered ${initiated.status} ${initiated.body.slice(0, 200)}`);
    const view = json(initiated);
    if (view.status === "paid") return;
    if (!view.url || !view.token) {
      await sleep(500);
      continue;
    }
    const session = new URL(view.url as string, origin);
    const page = `${origin}${session.pathname}`;
    const bank = await sendUntilAnswered(`${page}/bank`, { form: { bank: "Exempelbanken" } }, deadline);
    if (bank.status === 404 || bank.status === 410) continue;
    if (bank.status === 409) {
      // Decided before a crash cut the bank's answer off: back to our payment page, which asks Brite.
      await sendUntilAnswered(`${origin}/ge-en-gava/betalning/${orderReference}`, {}, deadline);
      await pollBriefly(`${origin}/api/Brite/Results?token=${encodeURIComponent(view.token as string)}`, "", deadline, "GET");
      return;
    }
    const decided = await sendUntilAnswered(`${page}/decision`, { form: { decision: "approve" } }, deadline);
    if (decided.status !== 303 && decided.status !== 200) {
      // The session ended (expired or already decided before a crash): start again and let the site say.
      await sleep(500);
      continue;
    }
    intention.sawCardApproved = true;
    await sendUntilAnswered(decided.location ? new URL(decided.location, origin).toString() : `${origin}/ge-en-gava/betalning/${orderReference}`, {}, deadline);
    await pollBriefly(`${origin}/api/Brite/Results?token=${encodeURIComponent(view.token as string)}`, "", deadline, "GET");
    return;
  }
  throw new Error("Brite: could not pay in time");
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
async function pollBriefly(url: string, paymentId: string, deadline: number, method: "GET" | "POST" = "POST"): Promise<void> {
  for (let i = 0; i < 4 && Date.now() < deadline; i += 1) {
    try {
      const answer = await send(url, method === "GET" ? {} : { json: { payload: { paymentId } } });
      if (json(answer)?.status === "paid") return;
    } catch {
      // the server is down: the donor's page keeps waiting
    }
    await sleep(300);
  }
}
