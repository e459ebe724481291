/** Date and time as staff read them: Swedish time, 2026-11-23 14:05. */
let staffDateTime: Intl.DateTimeFormat | undefined;

export function formatDateTime(iso: string): string {
  staffDateTime ??= new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", dateStyle: "short", timeStyle: "short" });
  return staffDateTime.format(new Date(iso));
}
