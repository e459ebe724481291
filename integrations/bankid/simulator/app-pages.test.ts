import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestSimulator } from "./test-server";

type Sim = Awaited<ReturnType<typeof startTestSimulator>>;
let sim: Sim;

beforeEach(async () => {
  sim = await startTestSimulator();
});
afterEach(async () => {
  await sim.close();
});

function expectAccessibleShell(html: string) {
  expect(html).toMatch(/^<!doctype html>\n<html lang="sv">/);
  expect(html).toMatch(/<main>[\s\S]*<h1>[\s\S]*<\/main>/);
  expect(html).toContain(":focus-visible");
  // The site's CSP forbids inline scripts; the pages must work with forms alone.
  expect(html).not.toMatch(/<script|\son[a-z]+=/i);
}

describe("the tester's BankID app pages", () => {
  it("lists pending orders with a link to each", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp: "192.0.2.1" });
    const response = await sim.tester.get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expectAccessibleShell(html);
    expect(html).toContain(`href="/_sim/bankid/orders/${orderRef}"`);
    expect(html).toContain("Legitimering");
  });

  it("order page: labelled person choice, then Legitimera, Avbryt and Låt gå ut", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp: "192.0.2.1" });
    const first = await (await sim.tester.open(orderRef)).text();
    expectAccessibleShell(first);
    expect(first).toMatch(/<fieldset><legend>Vem är du\?<\/legend>/);
    expect(first).toMatch(/<label class="choice"><input type="radio" name="personalNumber" value="198112289874" checked>/);
    expect(first).toContain("Erik Lindgren (19811228-****)");
    expect(first).toContain(">Avbryt</button>");
    expect(first).toContain(">Låt gå ut</button>");
    expect(first).toMatch(/<label for="hintCode">/);

    await sim.tester.post(orderRef, "select", { personalNumber: "198112289874" });
    const second = await (await sim.tester.open(orderRef)).text();
    expect(second).toContain(">Legitimera</button>");
    // Full personnummer is never printed, even for test persons.
    expect(second).not.toContain("198112289874");
  });

  it("escapes the text the relying party sends", async () => {
    const { orderRef } = await sim.client.sign({ endUserIp: "192.0.2.1", userVisibleData: '<img src=x onerror="alert(1)">' });
    const html = await (await sim.tester.open(orderRef)).text();
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img");
  });

  it("a finished order shows the result and a link back to a https returnUrl only", async () => {
    const done = await sim.client.auth({ endUserIp: "192.0.2.1", returnUrl: "https://example.org/tack" });
    await sim.tester.post(done.orderRef, "cancel");
    const html = await (await sim.tester.open(done.orderRef)).text();
    expect(html).toContain("Misslyckades (userCancel)");
    expect(html).toContain('href="https://example.org/tack"');
  });

  it("says so when the order does not exist", async () => {
    const response = await sim.tester.get("/orders/unknown");
    expect(response.status).toBe(404);
    expectAccessibleShell(await response.text());
  });

  it("re-shows the page with an alert when an action is not allowed", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp: "192.0.2.1" });
    const response = await sim.tester.post(orderRef, "approve");
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('role="alert">Välj först en testperson.');
  });
});
