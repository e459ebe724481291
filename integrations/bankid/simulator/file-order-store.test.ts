import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { createFileOrderStore } from "./file-order-store";
import type { SimulatedOrder } from "./simulated-order";
import { startTestSimulator } from "./test-server";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "bankid-sim-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function order(orderRef: string): SimulatedOrder {
  return {
    orderRef,
    autoStartToken: "a",
    qrStartToken: "q",
    qrStartSecret: "s",
    kind: "auth",
    endUserIp: "192.0.2.1",
    createdAt: "2026-01-15T10:00:00.000Z",
    status: "pending",
    hintCode: "outstandingTransaction",
  };
}

describe("createFileOrderStore", () => {
  it("keeps orders across instances, writes JSON and leaves no temporary files", async () => {
    const file = path.join(dir, "nested", "orders.json");
    const store = createFileOrderStore(file);
    await Promise.all(["a", "b", "c"].map((ref) => store.save(order(ref))));
    await store.delete("b");

    const reopened = createFileOrderStore(file);
    expect((await reopened.list()).map((o) => o.orderRef).sort()).toEqual(["a", "c"]);
    expect(await reopened.get("a")).toEqual(order("a"));
    expect(JSON.parse(await readFile(file, "utf8")).orders).toHaveLength(2);
    expect(await readdir(path.dirname(file))).toEqual(["orders.json"]);
  });

  it("starts empty when the file does not exist yet", async () => {
    expect(await createFileOrderStore(path.join(dir, "none.json")).list()).toEqual([]);
  });

  it("lets an order survive a restart of the simulator", async () => {
    const file = path.join(dir, "orders.json");
    const clock = new ManualClock();
    const before = await startTestSimulator({ store: createFileOrderStore(file), clock });
    const { orderRef } = await before.client.auth({ endUserIp: "192.0.2.1" });
    await before.tester.open(orderRef);
    await before.close();

    const after = await startTestSimulator({ store: createFileOrderStore(file), clock });
    try {
      expect(await after.client.collect(orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
      await after.tester.post(orderRef, "select", { personalNumber: "198112289874" });
      await after.tester.post(orderRef, "approve");
      expect(await after.client.collect(orderRef)).toMatchObject({ status: "complete" });
    } finally {
      await after.close();
    }
  });
});
