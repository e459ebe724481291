/**
 * Logging in for the benchmarks as a donor does: the site's own BankID API,
 * with the BankID simulator's tester side approving, then Mina sidor.
 */
import type { RunningServer } from "./server";

/** Cookies from a response, as one Cookie header value (name=value pairs only). */
function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Logs in as the simulator's first test person (or another of its people) through the site's own BankID API, and returns the session's cookies. */
export async function logIn(server: RunningServer, personalNumber = "198112289874"): Promise<string> {
  const jar = new Map<string, string>();
  const headers = () => ({ "content-type": "application/json", origin: server.origin, cookie: cookieHeader(jar) });
  const started = await fetch(`${server.origin}/api/BankID/Authenticate`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ device: "this", returnTo: "/mina-sidor" }),
  });
  cookiesOf(started, jar);
  const { orderRef } = (await started.json()) as { orderRef?: string };
  if (!orderRef) throw new Error("BankID/Authenticate gave no orderRef");
  // The tester's side of the simulated BankID app.
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const sim = `${server.origin}/_sim/bankid/orders/${encodeURIComponent(orderRef)}`;
  await fetch(`${sim}/select`, { method: "POST", headers: form, body: `personalNumber=${personalNumber}`, redirect: "manual" });
  await fetch(`${sim}/approve`, { method: "POST", headers: form, body: "", redirect: "manual" });
  for (let i = 0; i < 20; i++) {
    const poll = await fetch(`${server.origin}/api/BankID/Poll`, { method: "POST", headers: headers(), body: JSON.stringify({ orderRef }) });
    cookiesOf(poll, jar);
    const { status } = (await poll.json()) as { status?: string };
    if (status === "complete") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const page = await fetch(`${server.origin}/mina-sidor`, { headers: { cookie: cookieHeader(jar) }, redirect: "manual" });
  await page.arrayBuffer();
  if (page.status !== 200) throw new Error(`logging in for the benchmark failed: /mina-sidor answered ${page.status}`);
  return cookieHeader(jar);
}
