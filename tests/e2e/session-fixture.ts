import { expect, test as base, type BrowserContext } from "@playwright/test";
import type { StaffRole } from "#core/staff/staff-roles";

/**
 * Logging in without the BankID simulator, for journeys that log in only to get
 * somewhere. The e2e server's test routes (server/test-routes.ts) make the
 * session with the same core functions a BankID login calls once BankID has
 * said who it is, and answer with the login's cookie; the browser context's
 * request client shares the context's cookies, so its pages are then logged in.
 * The logins themselves are tested by clicking through the simulator:
 * tests/e2e/bankid.spec.ts (donors) and the first journey of admin.spec.ts (staff).
 *
 * A person is one of the BankID simulator's test persons
 * (integrations/bankid/simulator/test-persons.ts), by personnummer.
 */
export interface SessionFixtures {
  /** Logs the context (the test's own unless given) in as this donor: made or found as at a BankID login, earlier gifts linked. */
  logInDonor(personnummer: string, context?: BrowserContext): Promise<{ donorId: string }>;
  /** Registers this person as staff with exactly these roles and logs the context in to the back office. */
  logInStaff(personnummer: string, roles: StaffRole[], context?: BrowserContext): Promise<void>;
}

export const test = base.extend<SessionFixtures>({
  logInDonor: async ({ context }, provide) => {
    await provide(async (personnummer, into = context) => {
      const answer = await into.request.post("/_test/session/donor", { data: { personnummer } });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as { donorId: string };
    });
  },
  logInStaff: async ({ context }, provide) => {
    await provide(async (personnummer, roles, into = context) => {
      const answer = await into.request.post("/_test/session/staff", { data: { personnummer, roles } });
      expect(answer.status(), await answer.text()).toBe(200);
    });
  },
});

export { expect };
