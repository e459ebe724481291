import { escapeHtml, formatSek, htmlPage } from "./html";
import { TEST_CARDS, groupCardNumber } from "./test-cards";

export interface CardPageModel {
  action: string;
  amountOre: number;
  paymentRef: string;
  values?: { cardNumber?: string; expiry?: string; cvc?: string };
  errors?: { cardNumber?: string; expiry?: string; cvc?: string };
}

const FIELDS = [
  { name: "cardNumber", label: "Kortnummer", autocomplete: "cc-number", hint: "16 siffror, mellanslag går bra." },
  { name: "expiry", label: "Giltig till (MM/ÅÅ)", autocomplete: "cc-exp", hint: "Till exempel 12/28." },
  { name: "cvc", label: "CVC", autocomplete: "cc-csc", hint: "3 siffror på kortets baksida." },
] as const;

/** The simulated hosted payment window: one page, one form, no scripts. */
export function renderCardPage(model: CardPageModel): string {
  const errors = model.errors ?? {};
  const errorEntries = FIELDS.filter((f) => errors[f.name]);
  const summary = errorEntries.length
    ? `<div class="error-summary" role="alert" aria-labelledby="error-title">
<h2 id="error-title">Kontrollera uppgifterna</h2>
<ul>${errorEntries.map((f) => `<li><a href="#${f.name}">${escapeHtml(errors[f.name]!)}</a></li>`).join("")}</ul>
</div>`
    : "";
  const inputs = FIELDS.map((f) => {
    const error = errors[f.name];
    const describedBy = [`${f.name}-hint`, error ? `${f.name}-error` : ""].filter(Boolean).join(" ");
    return `<label for="${f.name}">${f.label}</label>
<p class="hint" id="${f.name}-hint">${f.hint}</p>
${error ? `<p class="error" id="${f.name}-error">${escapeHtml(error)}</p>` : ""}
<input id="${f.name}" name="${f.name}" type="text" inputmode="numeric" autocomplete="${f.autocomplete}" required
  aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ""} value="${escapeHtml(model.values?.[f.name] ?? "")}">`;
  }).join("\n");
  const cards = TEST_CARDS.map((c) => `<tr><td>${groupCardNumber(c.number)}</td><td>${c.description}</td></tr>`).join("");

  return htmlPage(
    "Kortbetalning – Mondido (simulator)",
    `<h1>Betala med kort</h1>
<p>Belopp: <strong>${formatSek(model.amountOre)}</strong><br>Referens: ${escapeHtml(model.paymentRef)}</p>
${summary}
<form method="post" action="${escapeHtml(model.action)}" novalidate>
${inputs}
<button type="submit">Betala ${formatSek(model.amountOre)}</button>
</form>
<section class="sim" aria-labelledby="testcards">
<h2 id="testcards">Testkort i simulatorn</h2>
<p>Detta är en simulator av Mondidos betalfönster. Inga riktiga kort dras. Använd valfritt framtida datum och valfri CVC.</p>
<table><thead><tr><th scope="col">Kortnummer</th><th scope="col">Utfall</th></tr></thead><tbody>${cards}</tbody></table>
</section>`,
  );
}

/** Mondido shows its own error page when the form is not acceptable (e.g. a wrong hash). */
export function renderFormErrorPage(message: string): string {
  return htmlPage(
    "Betalningen kunde inte starta – Mondido (simulator)",
    `<h1>Betalningen kunde inte starta</h1>
<p class="error">${escapeHtml(message)}</p>
<p>Gå tillbaka till butiken och försök igen. Kontakta butiken om felet kvarstår.</p>`,
  );
}
