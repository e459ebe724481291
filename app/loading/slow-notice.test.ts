import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSlowNoticeTimer } from "./slow-notice";

describe("slow navigation notice", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("appears only after 1 second of navigation", () => {
    const onChange = vi.fn();
    const notice = createSlowNoticeTimer(onChange);
    notice.setBusy(true);
    vi.advanceTimersByTime(999);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);
    notice.setBusy(false);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it("never shows for quick navigations", () => {
    const onChange = vi.fn();
    const notice = createSlowNoticeTimer(onChange);
    notice.setBusy(true);
    vi.advanceTimersByTime(900);
    notice.setBusy(false);
    vi.advanceTimersByTime(5000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("does not restart the delay when told the same state again", () => {
    const onChange = vi.fn();
    const notice = createSlowNoticeTimer(onChange);
    notice.setBusy(true);
    vi.advanceTimersByTime(600);
    notice.setBusy(true);
    vi.advanceTimersByTime(400);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("honours a custom delay and stops when disposed", () => {
    const onChange = vi.fn();
    const notice = createSlowNoticeTimer(onChange, 300);
    notice.setBusy(true);
    notice.dispose();
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });
});
