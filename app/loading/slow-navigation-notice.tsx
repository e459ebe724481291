import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { SLOW_NAVIGATION_DELAY_MS, SLOW_NAVIGATION_TEXT, createSlowNoticeTimer } from "./slow-notice";

/** True while a navigation has been under way for longer than `delayMs`. */
export function useSlowNavigationNotice(delayMs = SLOW_NAVIGATION_DELAY_MS): boolean {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  const [timer] = useState(() => createSlowNoticeTimer(setVisible, delayMs));
  useEffect(() => {
    timer.setBusy(busy);
  }, [timer, busy]);
  useEffect(() => () => timer.dispose(), [timer]);
  return visible;
}

/**
 * A polite live region that says "Sidan laddas…" only for slow navigations.
 * The region is always in the document, so screen readers announce the text
 * when it appears.
 */
export function SlowNavigationNotice({ delayMs }: { delayMs?: number }) {
  const visible = useSlowNavigationNotice(delayMs);
  return <SlowNavigationNoticeView visible={visible} />;
}

export function SlowNavigationNoticeView({ visible }: { visible: boolean }) {
  return (
    <div
      className={visible ? "slow-navigation-notice slow-navigation-notice--visible" : "slow-navigation-notice"}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {visible ? SLOW_NAVIGATION_TEXT : ""}
    </div>
  );
}
