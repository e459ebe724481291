/** The parts of `window` the scheduler needs (a stand-in in tests). */
export interface IdleWindow {
  document: { readyState: DocumentReadyState };
  addEventListener(type: "load", listener: () => void, options: { once: true }): void;
  removeEventListener(type: "load", listener: () => void): void;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/**
 * Runs `task` once the page has loaded and the browser is idle (waiting at
 * most `timeoutMs` for idle), so work that is not needed for the page itself
 * stays out of its start-up. Returns a function that cancels it.
 */
export function afterLoadWhenIdle(win: IdleWindow, task: () => void, timeoutMs: number): () => void {
  let cancelIdle: (() => void) | undefined;
  const schedule = () => {
    if (typeof win.requestIdleCallback === "function") {
      const handle = win.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => win.cancelIdleCallback?.(handle);
    } else {
      const handle = win.setTimeout(task, 0);
      cancelIdle = () => win.clearTimeout(handle);
    }
  };
  if (win.document.readyState === "complete") {
    schedule();
    return () => cancelIdle?.();
  }
  win.addEventListener("load", schedule, { once: true });
  return () => {
    win.removeEventListener("load", schedule);
    cancelIdle?.();
  };
}
