import { describe, expect, it, vi } from "vitest";
import { afterLoadWhenIdle, type IdleWindow } from "./after-load-when-idle";

function standIn(readyState: DocumentReadyState, withIdleCallback = true) {
  let onLoad: (() => void) | undefined;
  const idle: Array<{ callback: () => void; timeout: number; cancelled: boolean }> = [];
  const win: IdleWindow = {
    document: { readyState },
    addEventListener: (_type, listener) => {
      onLoad = listener;
    },
    removeEventListener: (_type, listener) => {
      if (onLoad === listener) onLoad = undefined;
    },
    requestIdleCallback: withIdleCallback
      ? (callback, options) => idle.push({ callback, timeout: options.timeout, cancelled: false })
      : undefined,
    cancelIdleCallback: (handle) => {
      idle[handle - 1]!.cancelled = true;
    },
    setTimeout: (callback) => {
      idle.push({ callback, timeout: 0, cancelled: false });
      return idle.length;
    },
    clearTimeout: (handle) => {
      idle[handle - 1]!.cancelled = true;
    },
  };
  return {
    win,
    load: () => onLoad?.(),
    runIdle: () => idle.filter((entry) => !entry.cancelled).forEach((entry) => entry.callback()),
    idle,
  };
}

describe("afterLoadWhenIdle", () => {
  it("waits for the load event, then for idle time with the given limit", () => {
    const page = standIn("interactive");
    const task = vi.fn();
    afterLoadWhenIdle(page.win, task, 2000);
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
    page.load();
    expect(page.idle).toEqual([expect.objectContaining({ timeout: 2000 })]);
    expect(task).not.toHaveBeenCalled();
    page.runIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it("goes straight to idle time when the page has already loaded", () => {
    const page = standIn("complete");
    const task = vi.fn();
    afterLoadWhenIdle(page.win, task, 2000);
    page.runIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it("falls back to a timer where requestIdleCallback is missing", () => {
    const page = standIn("complete", false);
    const task = vi.fn();
    afterLoadWhenIdle(page.win, task, 2000);
    page.runIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it("does nothing once cancelled, before or after the load event", () => {
    const before = standIn("loading");
    const beforeTask = vi.fn();
    afterLoadWhenIdle(before.win, beforeTask, 2000)();
    before.load();
    before.runIdle();
    expect(beforeTask).not.toHaveBeenCalled();

    const after = standIn("loading");
    const afterTask = vi.fn();
    const cancel = afterLoadWhenIdle(after.win, afterTask, 2000);
    after.load();
    cancel();
    after.runIdle();
    expect(afterTask).not.toHaveBeenCalled();
  });
});
