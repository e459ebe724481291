import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newInstructionId } from "../instruction-id";
import { swishSimulatorAppUrl } from "../swish-app-link";
import { startSimulatorServer, type SimulatorServer } from "./test-server";

let sim: SimulatorServer;

beforeEach(async () => {
  sim = await startSimulatorServer();
});

afterEach(async () => {
  await sim.close();
});

const page = (path: string) => fetch(`${sim.origin}/_sim/swish${path}`, { redirect: "manual" });

function postForm(path: string, fields: Record<string, string>) {
  return fetch(`${sim.origin}/_sim/swish${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

async function createE(message = "Gåva: tack!") {
  const id = newInstructionId();
  await sim.client.createPaymentRequest(id, { callbackUrl: sim.callbackUrl, payerAlias: "46712345678", amount: "1234.5", message });
  return id;
}

describe("the tester's Swish app page", () => {
  it("lists open requests with amount, message, payer, creation time and both answers, in an accessible frame", async () => {
    const id = await createE();
    const res = await page("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();

    expect(html).toContain('<html lang="sv">');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain("<h1>Swish-simulator (test)</h1>");
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('<link rel="stylesheet" href="/_sim/swish/style.css">');

    expect(html).toContain("1\u00a0234,50\u00a0kr");
    expect(html).toContain("Gåva: tack!");
    expect(html).toContain("46712345678");
    expect(html).toContain('<time datetime="2026-01-15T10:00:00.000Z">2026-01-15 11:00:00</time>');
    expect(html).toContain(`action="/_sim/swish/requests/${id}/approve"`);
    expect(html).toContain(`action="/_sim/swish/requests/${id}/decline"`);
    expect(html).toContain(`<button type="submit" class="approve" aria-describedby="req-${id}">Godkänn</button>`);
    expect(html).toContain(`<button type="submit" class="decline" aria-describedby="req-${id}">Neka</button>`);
    expect(html).toContain(`<h3 id="req-${id}">`);
  });

  it("serves its stylesheet with a visible focus style", async () => {
    const res = await page("/style.css");
    expect(res.headers.get("content-type")).toMatch(/^text\/css/);
    expect(await res.text()).toContain(":focus-visible");
  });

  it("approving through the form redirects back to the list and the request is PAID and gone from the list", async () => {
    const id = await createE();
    const res = await postForm(`/requests/${id}/approve`, { from: "list" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/_sim/swish/");
    expect((await sim.client.getPaymentRequest(id)).status).toBe("PAID");
    const html = await (await page("/")).text();
    expect(html).not.toContain(id);
    expect(html).toContain("Inga öppna betalningsförfrågningar");
    expect((await sim.waitForCallback(id)).status).toBe("PAID");
  });

  it("declining from the request page redirects back to it, which shows the final status without buttons", async () => {
    const id = await createE();
    const res = await postForm(`/requests/${id}/decline`, { from: "request" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/_sim/swish/requests/${id}`);
    const html = await (await page(`/requests/${id}`)).text();
    expect(html).toContain("Nekad");
    expect(html).not.toContain("<button");
    expect((await sim.client.getPaymentRequest(id)).status).toBe("DECLINED");
  });

  it("asks for the payer's number on an m-commerce request, with a label, and rejects an invalid one", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, { callbackUrl: sim.callbackUrl, amount: "50" });
    const html = await (await page(`/requests/${id}`)).text();
    expect(html).toContain(`<label for="payer-${id}">Betalarens Swish-nummer</label>`);
    expect(html).toContain(`<input id="payer-${id}" name="payerAlias"`);

    const bad = await postForm(`/requests/${id}/approve`, { from: "request", payerAlias: "0701234567" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Ogiltigt Swish-nummer");
    expect((await sim.client.getPaymentRequest(id)).status).toBe("CREATED");

    await postForm(`/requests/${id}/approve`, { from: "request", payerAlias: "46709876543" });
    expect(await sim.client.getPaymentRequest(id)).toMatchObject({ status: "PAID", payerAlias: "46709876543" });
  });

  it("stands in for the app switch: token link → request page → back link after answering", async () => {
    const id = newInstructionId();
    const { paymentRequestToken } = await sim.client.createPaymentRequest(id, { callbackUrl: sim.callbackUrl, amount: "50" });
    const back = "http://127.0.0.1/gava/tack?ref=1&x=2";
    const res = await fetch(`${sim.origin}${swishSimulatorAppUrl("/_sim/swish/", paymentRequestToken!, back)}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/_sim/swish/requests/${id}?callbackurl=${encodeURIComponent(back)}`);

    expect(await (await fetch(`${sim.origin}${location}`)).text()).not.toContain("Tillbaka till webbplatsen");
    await sim.simulator.approve(id);
    expect(await (await fetch(`${sim.origin}${location}`)).text()).toContain(
      '<a href="http://127.0.0.1/gava/tack?ref=1&amp;x=2">Tillbaka till webbplatsen</a>',
    );

    const script = await (await page(`/requests/${id}?callbackurl=${encodeURIComponent("javascript:alert(1)")}`)).text();
    expect(script).not.toContain("javascript:");
  });

  it("answers 404 pages for unknown requests and tokens, and escapes stored text", async () => {
    expect((await page(`/requests/${newInstructionId()}`)).status).toBe(404);
    expect((await page("/paymentrequest?token=nope")).status).toBe(404);
    expect((await postForm(`/requests/${newInstructionId()}/approve`, {})).status).toBe(404);
    // Stored values can only come through validation, but the page escapes regardless.
    const id = await createE('Tack "Anna"');
    expect(await (await page(`/requests/${id}`)).text()).toContain("Tack &quot;Anna&quot;");
  });
});
