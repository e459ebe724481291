import { afterEach, describe, expect, it } from "vitest";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { MASTER_SECRET_KEY, resolveServerSecrets } from "./persistent-secrets";
import { MemoryKeyValueStore } from "#core/key-value-store";

/**
 * Secrets in the simulated default survive a restart and are shared by every
 * instance on the same database (decision 0009): what one container signed,
 * a second container built on the same database accepts.
 */
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.dispose().catch(() => server.stop());
});

/** A memory store with the compare-and-set the database store has. */
class MemorySecretStore extends MemoryKeyValueStore {
  async update(key: string, change: (current: unknown) => unknown): Promise<unknown> {
    const next = change(await this.get(key));
    await this.set(key, next);
    return next;
  }
}

function cardForm(server: TestServer, paymentRef: string) {
  const mondido = server.container.paymentSetup.mondido;
  if (!mondido) throw new Error("card payments are not set up");
  return mondido.client.buildPaymentForm({
    amountOre: 25_000,
    paymentRef,
    customerRef: "ORDER-REF-1",
    successUrl: `${server.url}/ge-en-gava/betalning/x?kort=klart`,
    errorUrl: `${server.url}/ge-en-gava/betalning/x?kort=avbrutet`,
  });
}

async function postCardForm(server: TestServer, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/_sim/mondido/v1/form`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

describe("secrets that survive restarts", () => {
  it("a card form issued by one container verifies in a second container on the same database", async () => {
    const first = await startTestServer();
    const form = cardForm(first, "pay-before-restart");
    const dir = first.dir;
    await first.stop();

    const second = await startTestServer({ dir });
    servers.push(second);
    const answer = await postCardForm(second, form.fields);
    expect(answer.text).not.toContain("Ogiltig hash");
    expect(answer.status).toBeLessThan(400);

    // A container on another database has another secret: the hash is checked, not waved through.
    const elsewhere = await startTestServer();
    servers.push(elsewhere);
    const rejected = await postCardForm(elsewhere, form.fields);
    expect(rejected.status).toBe(400);
    expect(rejected.text).toContain("Ogiltig hash");
  });

  it("a My data link issued by one container works in a second container on the same database", async () => {
    const first = await startTestServer();
    const { db, clock } = first.container;
    const donor = await upsertIdentifiedDonor(db, clock, {
      personnummer: "198112289874",
      givenName: "Erik",
      surname: "Lindgren",
      protectedIdentity: false,
      address: null,
    });
    const { token } = await first.container.donors.links.issue(donor.id);
    const dir = first.dir;
    await first.stop();

    const second = await startTestServer({ dir });
    servers.push(second);
    await expect(second.container.donors.links.verify(token)).resolves.toMatchObject({ ok: true, subject: donor.id });
  });

  it("takes configured secrets as they are and derives only the missing ones, each different", async () => {
    const store = new MemorySecretStore();
    const configured = { SECRET_KEY: "k".repeat(32), MONDIDO_SECRET: "mondido-secret", MONDIDO_API_PASSWORD: "pw", BRITE_SECRET: "brite" };
    await expect(resolveServerSecrets(configured, store)).resolves.toEqual({
      secretKey: "k".repeat(32),
      mondidoSecret: "mondido-secret",
      mondidoApiPassword: "pw",
      briteSecret: "brite",
    });
    expect(await store.get(MASTER_SECRET_KEY)).toBeUndefined();

    const derived = await resolveServerSecrets({ SECRET_KEY: "k".repeat(32) }, store);
    expect(derived.secretKey).toBe("k".repeat(32));
    expect(new Set([derived.mondidoSecret, derived.mondidoApiPassword, derived.briteSecret]).size).toBe(3);
    expect(await resolveServerSecrets({ SECRET_KEY: "k".repeat(32) }, store)).toEqual(derived);
    expect(JSON.stringify(derived)).not.toContain(String(await store.get(MASTER_SECRET_KEY)));
  });
});
