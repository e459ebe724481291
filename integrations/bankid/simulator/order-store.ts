import type { SimulatedOrder } from "./simulated-order";

/**
 * Where the simulator keeps its orders. Injected so that the default
 * in-memory store can be swapped for the file store (survives a restart of
 * the dev server) or, later, a database table shared by several instances.
 */
export interface BankIdOrderStore {
  get(orderRef: string): Promise<SimulatedOrder | undefined>;
  list(): Promise<SimulatedOrder[]>;
  save(order: SimulatedOrder): Promise<void>;
  delete(orderRef: string): Promise<void>;
}

export function createInMemoryOrderStore(): BankIdOrderStore {
  const orders = new Map<string, SimulatedOrder>();
  // Copies in and out, so callers cannot change stored state by accident.
  return {
    get: async (orderRef) => clone(orders.get(orderRef)),
    list: async () => [...orders.values()].map((order) => structuredClone(order)),
    save: async (order) => {
      orders.set(order.orderRef, structuredClone(order));
    },
    delete: async (orderRef) => {
      orders.delete(orderRef);
    },
  };
}

function clone(order: SimulatedOrder | undefined): SimulatedOrder | undefined {
  return order === undefined ? undefined : structuredClone(order);
}
