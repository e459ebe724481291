import { createContext, useContext, useSyncExternalStore } from "react";
import type { Consent } from "../consent/consent";
import type { ApiCall } from "../error-reporting/api-call";
import type { ClientShell } from "./client-shell";

/** Null on the server and before the root layout has created the shell. */
export const ClientShellContext = createContext<ClientShell | null>(null);

export function useClientShell(): ClientShell | null {
  return useContext(ClientShellContext);
}

const noSubscription = () => () => {};

/**
 * The visitor's consent: `undefined` on the server and during hydration (the
 * page cannot know it yet), then null (not chosen) or the choice.
 */
export function useConsent(): Consent | null | undefined {
  const shell = useClientShell();
  return useSyncExternalStore<Consent | null | undefined>(
    shell ? shell.consent.subscribe : noSubscription,
    shell ? shell.consent.getSnapshot : () => undefined,
    () => undefined,
  );
}

/** Direct calls for code that runs where no shell exists (tests, server); never used for tracking. */
const directApiCall: ApiCall = (_name, _failureEvent, fn, options) =>
  fn(options?.signal ?? new AbortController().signal);

/** The one wrapper every browser API call goes through (failure reporting, failure events, timeouts). */
export function useApiCall(): ApiCall {
  return useClientShell()?.apiCall ?? directApiCall;
}
