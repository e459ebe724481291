import type { SiteConfig } from "../site/site-config";

/** The end of a letter-like e-mail to a donor or member: where to ask, and who writes. */
export function mailSignOff(site: Pick<SiteConfig, "name" | "phone">): string[] {
  return [`Har du frågor? Svara på det här mejlet eller ring ${site.phone}.`, "", "Varma hälsningar,", site.name];
}
