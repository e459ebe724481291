import { type ComponentType, Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ChatWidget } from "../consent/consent-controller";
import { mayTrack } from "../tracking/may-track";
import { useRouteChangeTracking } from "../tracking/use-route-change-tracking";
import type { ChatButtonProps } from "./chat-button";
import { useConsent } from "./client-shell-context";
import { createClientRuntime } from "./client-runtime";
import type { ClientShell } from "./client-shell";
import type { PublicClientConfig } from "./public-config";

// The chat stand-in exists only with consent, so its code loads only then.
const ChatButton = lazy<ComponentType<ChatButtonProps>>(() =>
  import("./chat-button").then(
    (module) => ({ default: module.ChatButton }),
    () => ({ default: () => null }),
  ),
);

export interface ClientServicesProps {
  shell: ClientShell;
  config: PublicClientConfig;
}

/**
 * The browser services, as their own chunk, loaded only when there is work
 * for them (see site-services.tsx): the API-call wrapper with error
 * reporting, tracking with consent (route changes, page views, time on page,
 * the tag manager) and the chat stand-in.
 */
export default function ClientServices({ shell, config }: ClientServicesProps) {
  const location = useLocation();
  const consent = useConsent();
  const chatRef = useRef<ChatWidget | null>(null);
  const [chatRemoved, setChatRemoved] = useState(false);
  const [runtime] = useState(() =>
    createClientRuntime({ win: window, doc: document, config, shell, chatWidget: () => chatRef.current }),
  );

  useEffect(() => runtime.start(), [runtime]);
  useRouteChangeTracking(runtime.routeChanges);

  // Client-side navigations (not the first page, which the consent controller registers).
  const previousUrl = useRef<string | null>(null);
  useEffect(() => {
    const href = window.location.href;
    if (previousUrl.current !== null && previousUrl.current !== href) runtime.navigated(previousUrl.current);
    previousUrl.current = href;
  }, [runtime, location.key]);

  const chatAllowed = mayTrack(consent);
  useEffect(() => {
    // A new grant brings the widget back after an earlier withdrawal.
    if (chatAllowed) setChatRemoved(false);
  }, [chatAllowed]);
  const removeChat = useCallback(() => setChatRemoved(true), []);

  return chatAllowed && !chatRemoved ? (
    <Suspense fallback={null}>
      <ChatButton handleRef={chatRef} onRemove={removeChat} />
    </Suspense>
  ) : null;
}
