import express, { type Request, type Router } from "express";
import { z } from "zod";
import { OffsetClock } from "#core/clock";
import { parsePersonnummer } from "#core/identity/personnummer";
import { signInStaff } from "#core/staff/staff-sign-in";
import { STAFF_ROLES } from "#core/staff/staff-roles";
import { fullName, type BankIdTestPerson } from "#integrations/bankid/simulator/test-persons";
import type { AppContainer } from "./container";
import { sendApiError } from "./api/api-errors";

const clockMove = z.union([
  z.object({ advanceMs: z.number().int().min(0).max(5 * 366 * 86_400_000) }).strict(),
  z.object({ to: z.iso.datetime({ offset: true }) }).strict(),
]);

const donorSession = z.object({ personnummer: z.string() }).strict();
const staffSession = z.object({ personnummer: z.string(), roles: z.array(z.enum(STAFF_ROLES)).min(1) }).strict();

const limitToFill = z.object({ limit: z.string().min(1).max(60), key: z.string().min(1).max(200) }).strict();

/** The test-only addresses; each answers 404 unless ENABLE_TEST_ROUTES is true. */
const PATHS = ["/clock", "/jobs/run", "/session/donor", "/session/staff", "/rate-limits/fill"];

/**
 * Routes only the end-to-end suite uses (they answer 404 unless
 * ENABLE_TEST_ROUTES is true, which server/config.ts allows only with every
 * outside service simulated): move the server's clock and run the jobs that
 * are due at the new now; sign a browser in as a donor or a staff member
 * without clicking through the BankID simulator, for journeys that log in only
 * to get somewhere (tests/e2e/session-fixture.ts); and fill a rate limit for
 * one key, so that a journey sees the refusal at that limit without making the
 * attempts one by one. A session is made by the same core functions a BankID
 * login calls once BankID has said who it is, and the cookie is the one the
 * login sets.
 */
export function testRoutes(container: AppContainer): Router {
  const router = express.Router();
  router.use(PATHS, (_req, res, next) => {
    // Switched off (everywhere but the end-to-end server) the addresses do not exist.
    if (!container.config.ENABLE_TEST_ROUTES) sendApiError(res, 404, "not_found", "Sidan finns inte.");
    else next();
  });
  router.use(PATHS, express.json({ limit: "4kb" }), (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  /** The BankID simulator's test person with this personnummer: who BankID would have said identified. */
  function testPerson(personnummer: string): BankIdTestPerson | undefined {
    const canonical = parsePersonnummer(personnummer, { now: container.clock.now() })?.canonical;
    const persons = container.donors.bankIdSimulator?.bankId.testPersons ?? [];
    return persons.find((person) => person.personalNumber === canonical && !person.blocked);
  }

  function unknownPerson(res: express.Response) {
    sendApiError(res, 400, "unknown_test_person", "Ange personnumret för en av BankID-simulatorns testpersoner (integrations/bankid/simulator/test-persons.ts).");
  }

  // As the login page and POST /api/BankID/Poll do once an identification is complete: the donor, then a new session.
  router.post("/session/donor", async (req, res) => {
    const parsed = donorSession.safeParse(req.body);
    const person = parsed.success ? testPerson(parsed.data.personnummer) : undefined;
    if (!person) return unknownPerson(res);
    const { bankId, sessions } = container.donors;
    const donorId = await bankId.identifiedDonorId(person.personalNumber, person.givenName, person.surname);
    res.append("Set-Cookie", await sessions.login(donorId, req.headers.cookie));
    res.json({ donorId });
  });

  // Registers the person with exactly these roles (as `npm run staff:add` does), then signs them in as /admin/logga-in does.
  router.post("/session/staff", async (req, res) => {
    const parsed = staffSession.safeParse(req.body);
    const person = parsed.success ? testPerson(parsed.data.personnummer) : undefined;
    if (!parsed.success || !person) return unknownPerson(res);
    const { members, audit } = container.staff;
    const { member, created } = await members.register(person.personalNumber, parsed.data.roles, null);
    await audit.record(
      { staffId: null, staffName: "end-to-end test route", ip: ipOf(req) },
      { action: created ? "staff.add" : "staff.roles", subjectType: "staff", subjectId: member.id, details: { roles: member.roles } },
    );
    const signIn = await signInStaff({ ...container.staff, clock: container.clock }, { personalNumber: person.personalNumber, name: fullName(person) }, { ip: ipOf(req), cookie: req.headers.cookie });
    if (!signIn.signedIn) throw new Error("a member registered just now was not signed in");
    res.append("Set-Cookie", signIn.setCookie);
    res.json({ staffId: member.id, roles: member.roles });
  });

  router.post("/clock", (req, res) => {
    const clock = container.clock;
    if (!(clock instanceof OffsetClock)) {
      sendApiError(res, 409, "clock_not_movable", "Klockan går inte att flytta på den här servern.");
      return;
    }
    const parsed = clockMove.safeParse(req.body);
    if (!parsed.success) {
      sendApiError(res, 400, "invalid_clock_move", "Ange advanceMs (millisekunder framåt) eller to (en tidpunkt i ISO 8601).");
      return;
    }
    if ("advanceMs" in parsed.data) clock.advance(parsed.data.advanceMs);
    else clock.set(parsed.data.to);
    res.json({ now: clock.now().toISOString() });
  });

  router.post("/jobs/run", async (_req, res) => {
    // Until nothing more is due: a job may queue another (a paid order queues its receipt and deliveries).
    const ran = await container.jobs.runAllDue();
    res.json({ ran, now: container.clock.now().toISOString() });
  });
  router.post("/rate-limits/fill", async (req, res) => {
    const parsed = limitToFill.safeParse(req.body);
    const limit = parsed.success ? container.rateLimiter.named(parsed.data.limit) : undefined;
    if (!parsed.success || !limit) {
      sendApiError(res, 400, "invalid_limit", "Ange limit (namnet på en begränsning servern har) och key.");
      return;
    }
    while ((await limit.take(parsed.data.key)).remaining > 0);
    res.json({ limit: limit.name, key: parsed.data.key, full: !(await limit.peek(parsed.data.key)) });
  });
  return router;
}

/** The address the pages see for this browser (app/donor/donor-session.server.ts clientIp): staff sessions are bound to it. */
function ipOf(req: Request): string {
  return req.ip || "127.0.0.1";
}
