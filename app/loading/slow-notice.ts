import { type Timers, globalTimers } from "../tracking/timers";

/** Spec section 9: the delayed-load notice appears after 1 second. */
export const SLOW_NAVIGATION_DELAY_MS = 1000;
export const SLOW_NAVIGATION_TEXT = "Sidan laddas…";

export interface SlowNoticeTimer {
  /** Call whenever the busy state is known; repeated calls with the same state change nothing. */
  setBusy(busy: boolean): void;
  dispose(): void;
}

/**
 * Shows a notice only when something stays busy for `delayMs`: quick
 * navigations never flash it, and it goes away as soon as they end.
 */
export function createSlowNoticeTimer(
  onChange: (visible: boolean) => void,
  delayMs = SLOW_NAVIGATION_DELAY_MS,
  timers: Timers = globalTimers,
): SlowNoticeTimer {
  let timer: unknown;
  let visible = false;
  let busy = false;
  const show = (next: boolean) => {
    if (next === visible) return;
    visible = next;
    onChange(next);
  };
  const cancel = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  return {
    setBusy(next) {
      if (next === busy) return;
      busy = next;
      cancel();
      if (busy) {
        timer = timers.setTimeout(() => {
          timer = undefined;
          show(true);
        }, delayMs);
      } else {
        show(false);
      }
    },
    dispose() {
      cancel();
      busy = false;
    },
  };
}
