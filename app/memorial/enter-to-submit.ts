import type { KeyboardEvent } from "react";

/**
 * Enter in a field submits a form with its first submit button, which on the
 * memorial pages is "Sök". With JavaScript, Enter in a search field (inside a
 * `.search-row`) searches that field, and anywhere else presses the form's
 * `[data-main-submit]` button, as on any other form. (Without JavaScript it is
 * "Sök", which re-renders the page with everything kept.)
 */
export function enterToSubmit(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key !== "Enter" || !(target instanceof HTMLInputElement)) return;
  event.preventDefault();
  const row = target.closest(".search-row");
  const button = row ? row.querySelector<HTMLButtonElement>("button[name=intent]") : event.currentTarget.querySelector<HTMLButtonElement>("[data-main-submit]");
  if (row) button?.click();
  else event.currentTarget.requestSubmit(button);
}
