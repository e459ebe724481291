/**
 * The link that opens the BankID app on the same device. `redirect` is where
 * the app sends the user afterwards; BankID recommends "null" on desktop and
 * an explicit return URL only on mobile browsers that need it, so it is
 * optional.
 *
 * In simulator mode the link points at the simulator's "app" page instead,
 * because there is no BankID app to open on a test machine.
 */
export function bankIdAutostartLink(autoStartToken: string, redirect?: string): string {
  const params = new URLSearchParams({ autostarttoken: autoStartToken, redirect: redirect ?? "null" });
  return `bankid:///?${params.toString()}`;
}

/** `simulatorBaseUrl` is where the simulator is mounted, e.g. "/_sim/bankid". */
export function simulatorAutostartLink(simulatorBaseUrl: string, autoStartToken: string): string {
  const params = new URLSearchParams({ autostarttoken: autoStartToken });
  return `${simulatorBaseUrl.replace(/\/+$/, "")}/open?${params.toString()}`;
}
