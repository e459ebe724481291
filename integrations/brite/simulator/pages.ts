import { escapeHtml, formatSek, htmlPage } from "./html";
import type { SimSession } from "./session-store";

/** The fictional banks a tester can choose; any other value is refused. */
export const SIM_BANKS = ["Exempelbanken", "Testbanken"] as const;

export function renderBankChoicePage(session: SimSession, action: string, error?: string): string {
  const options = SIM_BANKS.map(
    (bank, i) =>
      `<div class="choice"><input type="radio" id="bank-${i}" name="bank" value="${bank}" required${error ? ' aria-describedby="bank-error"' : ""}><label for="bank-${i}">${bank}</label></div>`,
  ).join("\n");
  return htmlPage(
    "Välj bank – Brite (simulator)",
    `<h1>Betala ${formatSek(session.amount)} från din bank</h1>
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Välj din bank</legend>
${error ? `<p class="error" id="bank-error" role="alert">${escapeHtml(error)}</p>` : ""}
${options}
</fieldset>
<button type="submit">Fortsätt</button>
</form>`,
  );
}

export function renderApprovalPage(session: SimSession, action: string): string {
  return htmlPage(
    `Godkänn betalningen – ${session.bank ?? "banken"} (simulator)`,
    `<h1>Godkänn betalningen i ${escapeHtml(session.bank ?? "banken")}</h1>
<dl>
<dt>Belopp</dt><dd>${formatSek(session.amount)}</dd>
<dt>Referens</dt><dd>${escapeHtml(session.merchant_reference)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="approve">Godkänn betalningen</button>
<button type="submit" name="decision" value="abort" class="secondary">Avbryt</button>
</form>`,
  );
}

export function renderMessagePage(title: string, message: string, returnUrl?: string): string {
  return htmlPage(
    `${title} – Brite (simulator)`,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Tillbaka till webbplatsen</a></p>` : ""}`,
  );
}
