import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import type { Mailer, MailMessage } from "#core/mail/mailer";
import { RECIPIENT_MAIL_LIMITED_MESSAGE } from "#core/mail/recipient-limit";
import { findDonor, type DonorRow } from "#core/donors/donor-repository";
import { testEngines } from "#tests/support/test-databases";
import { insertTestDonor } from "#tests/support/test-donor";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { outcome, postForm, routeContext, type RouteHandler } from "#tests/support/route-call";
import * as myDetails from "#app/donor/my-details";
import * as myPages from "#app/donor/my-pages";
import * as confirmEmail from "#app/donor/confirm-email";

class CapturingMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

/**
 * Issue #30: a logged-in donor could change their e-mail on Mina sidor without
 * confirming it, then send My data links – 30 a minute – to it. Now the new
 * address waits (donors.pending_email) for a link sent to it; until the link
 * is opened and confirmed, every personal e-mail goes to the confirmed
 * address, and each link a donor asks for counts against that address
 * (EMAIL_PER_RECIPIENT_PER_HOUR, here 3). On the code before, the address on
 * file changed at once, the My data link went to the new address, and no
 * fourth request was refused.
 */
describe.each(testEngines)("a donor's new e-mail address, confirmed before it is used, on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  const mailer = new CapturingMailer();
  let server: TestServer;
  let donor: DonorRow;
  let cookie: string;
  let donors = 0;

  beforeAll(async () => {
    server = await startTestServer({ engine, clock, mailer, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", EMAIL_PER_RECIPIENT_PER_HOUR: "3" } });
  });
  afterAll(() => server.dispose());
  beforeEach(async () => {
    clock.advance(2 * 3_600_000);
    mailer.sent = [];
    donors += 1;
    donor = await insertTestDonor(server.container.db, clock, { personnummer: null, email: `givare${donors}@exempel.se` });
    cookie = (await server.container.donors.sessions.login(donor.id, null)).split(";")[0]!;
  });

  const ip = "10.31.0.1";
  const detailsForm = (email: string) => ({ givenName: "Erik", surname: "Lindgren", street: "Ringvägen 12", postalCode: "118 60", city: "Stockholm", email, phone: "", contactEmail: "on" });
  const saveDetails = (email: string) => postForm(server.container, myDetails.action, "/mina-sidor/mina-uppgifter", detailsForm(email), ip, { cookie });
  const askForMyDataLink = () => postForm(server.container, myPages.action, "/mina-sidor", { intent: "send-link" }, ip, { cookie });
  const confirmationLink = () => {
    const mail = mailer.sent.find((m) => m.subject === "Bekräfta din nya e-postadress");
    return mail ? /http:\/\/\S+\/dina-uppgifter\/bekrafta-e-post\?token=\S+/.exec(mail.text)![0] : null;
  };
  const openLink = (link: string) =>
    outcome(() => (confirmEmail.loader as unknown as RouteHandler)({ request: new Request(link), context: routeContext(server.container, ip), params: {} }));
  const confirm = (link: string) =>
    outcome(() =>
      (confirmEmail.action as unknown as RouteHandler)({
        request: new Request(link, { method: "POST", headers: { origin: server.container.config.publicUrl } }),
        context: routeContext(server.container, ip),
        params: {},
      }),
    );

  it("keeps writing to the confirmed address until the link sent to the new one is opened and confirmed", async () => {
    const old = donor.email!;
    expect((await saveDetails("Ny.Adress@Exempel.se")).status).toBe(303);
    expect(await findDonor(server.container.db, donor.id)).toMatchObject({ email: old, pending_email: "ny.adress@exempel.se" });
    const page = await outcome(() => (myDetails.loader as unknown as RouteHandler)({ request: new Request(`${server.url}/mina-sidor/mina-uppgifter`, { headers: { cookie } }), context: routeContext(server.container, ip), params: {} }));
    expect(page.data).toMatchObject({ pendingEmail: "ny.adress@exempel.se", donor: { email: old } });

    // A My data link asked for meanwhile goes to the confirmed address, never the new one.
    expect((await askForMyDataLink()).status).toBe(303);
    await server.container.jobs.runAllDue();
    expect(mailer.sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      [old, "Din länk till dina uppgifter"],
      ["ny.adress@exempel.se", "Bekräfta din nya e-postadress"],
    ]);

    // Opening the link changes nothing; the button does, once.
    const link = confirmationLink()!;
    const shown = await openLink(link);
    expect(shown.data).toEqual({ state: "ask", email: "ny.adress@exempel.se" });
    expect(await findDonor(server.container.db, donor.id)).toMatchObject({ email: old });
    expect((await confirm(link)).data).toEqual({ state: "confirmed", email: "ny.adress@exempel.se" });
    expect(await findDonor(server.container.db, donor.id)).toMatchObject({ email: "ny.adress@exempel.se", pending_email: null });
    expect((await confirm(link)).status).toBe(410);
  });

  it("a newer change replaces the older link, and removing the address needs no link", async () => {
    await saveDetails("forsta@exempel.se");
    await server.container.jobs.runAllDue();
    const first = confirmationLink()!;
    mailer.sent = [];
    await saveDetails("andra@exempel.se");
    await server.container.jobs.runAllDue();
    expect((await openLink(first)).status).toBe(410);
    expect((await confirm(confirmationLink()!)).data).toMatchObject({ state: "confirmed", email: "andra@exempel.se" });

    const cleared = await postForm(server.container, myDetails.action, "/mina-sidor/mina-uppgifter", { ...detailsForm(""), contactEmail: "" }, ip, { cookie });
    expect(cleared.status).toBe(303);
    expect(await findDonor(server.container.db, donor.id)).toMatchObject({ email: null, pending_email: null });
  });

  it("My data links count against the donor's address: the fourth in the hour is refused in Swedish", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await askForMyDataLink()).status).toBe(303);
      clock.advance(61_000);
    }
    const refused = await askForMyDataLink();
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({ error: RECIPIENT_MAIL_LIMITED_MESSAGE });
    // A new address that has had its e-mails is refused on the field, and nothing changes.
    const full = donor.email!;
    const other = await insertTestDonor(server.container.db, clock, { personnummer: null, email: "annan@exempel.se" });
    const otherCookie = (await server.container.donors.sessions.login(other.id, null)).split(";")[0]!;
    const change = await postForm(server.container, myDetails.action, "/mina-sidor/mina-uppgifter", detailsForm(full), ip, { cookie: otherCookie });
    expect(change.status).toBe(429);
    expect(change.data.result.error.email).toEqual([RECIPIENT_MAIL_LIMITED_MESSAGE]);
    expect(await findDonor(server.container.db, other.id)).toMatchObject({ email: "annan@exempel.se", pending_email: null });
  });
});
