import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile, rm } from "node:fs/promises";
import path from "node:path";
import type { BankIdOrderStore } from "./order-store";
import type { SimulatedOrder } from "./simulated-order";

/**
 * Orders in one JSON file, so a tester's half-finished order survives a
 * restart of the dev server. Every change rewrites the file through a
 * temporary file and a rename, which is atomic on the same file system: a
 * crash leaves the old file or the new one, never half of one. Writes are
 * queued so that two changes never race each other to the rename.
 *
 * One process only; several instances need a shared store (e.g. the database).
 */
export function createFileOrderStore(filePath: string): BankIdOrderStore {
  let orders: Map<string, SimulatedOrder> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<Map<string, SimulatedOrder>> {
    if (orders) return orders;
    try {
      const parsed = JSON.parse(await readFile(filePath, "utf8")) as { orders?: SimulatedOrder[] };
      orders = new Map((parsed.orders ?? []).map((order) => [order.orderRef, order]));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      orders = new Map();
    }
    return orders;
  }

  async function persist(current: Map<string, SimulatedOrder>): Promise<void> {
    await mkdir(path.dirname(filePath), { recursive: true });
    const temp = `${filePath}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temp, JSON.stringify({ orders: [...current.values()] }, null, 2), "utf8");
      await rename(temp, filePath);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  function serially<T>(work: () => Promise<T>): Promise<T> {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    get: (orderRef) => serially(async () => structuredCloneOrUndefined((await load()).get(orderRef))),
    list: () => serially(async () => [...(await load()).values()].map((order) => structuredClone(order))),
    save: (order) =>
      serially(async () => {
        const current = await load();
        current.set(order.orderRef, structuredClone(order));
        await persist(current);
      }),
    delete: (orderRef) =>
      serially(async () => {
        const current = await load();
        if (current.delete(orderRef)) await persist(current);
      }),
  };
}

function structuredCloneOrUndefined(order: SimulatedOrder | undefined): SimulatedOrder | undefined {
  return order === undefined ? undefined : structuredClone(order);
}
