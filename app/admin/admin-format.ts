/** Date and time as staff read them: Swedish time, 2026-11-23 14:05. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
}
