/**
 * "If an update is ready, the next navigation is a full load" (spec section 2).
 * The registration sets this flag; the navigation code reads it and lets the
 * next link click go to the browser as a normal page load.
 */
export interface UpdateFlag {
  isUpdateReady(): boolean;
  markUpdateReady(): void;
  /** Called once when an update becomes ready (at once if it already is); returns an unsubscribe. */
  onUpdateReady(listener: () => void): () => void;
}

export function createUpdateFlag(): UpdateFlag {
  let ready = false;
  const listeners = new Set<() => void>();
  return {
    isUpdateReady: () => ready,
    markUpdateReady() {
      if (ready) return;
      ready = true;
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
    onUpdateReady(listener) {
      if (ready) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One flag per page, shared by the registration and the navigation code. */
export const serviceWorkerUpdate: UpdateFlag = createUpdateFlag();
