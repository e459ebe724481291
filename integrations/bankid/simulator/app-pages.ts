import { maskPersonnummer } from "#core/identity/personnummer";
import { escapeHtml, page } from "./html";
import { FORCEABLE_HINT_CODES } from "./simulated-bankid";
import type { SimulatedOrder } from "./simulated-order";
import { fullName, type BankIdTestPerson } from "./test-persons";

/** The tester's "BankID app": a list of orders and one page per order. */

const KIND = { auth: "Legitimering", sign: "Underskrift" } as const;

function time(iso: string): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", timeStyle: "medium" }).format(new Date(iso));
}

function state(order: SimulatedOrder): string {
  if (order.status === "complete") return "Klar";
  if (order.status === "failed") return `Misslyckades (${order.hintCode ?? "okänt"})`;
  return `Pågår (${order.hintCode ?? "outstandingTransaction"})`;
}

export function orderListPage(baseUrl: string, orders: SimulatedOrder[]): string {
  const pending = orders.filter((order) => order.status === "pending");
  const finished = orders.filter((order) => order.status !== "pending").slice(0, 10);
  const rows = (list: SimulatedOrder[]) =>
    list
      .map(
        (order) => `<tr>
  <td>${KIND[order.kind]}</td>
  <td>${time(order.createdAt)}</td>
  <td>${escapeHtml(state(order))}</td>
  <td><a href="${baseUrl}/orders/${encodeURIComponent(order.orderRef)}">Öppna<span class="visually-hidden"> order från ${time(order.createdAt)}</span></a></td>
</tr>`,
      )
      .join("\n");
  const table = (caption: string, list: SimulatedOrder[]) => `<table>
<caption class="muted">${caption}</caption>
<thead><tr><th scope="col">Typ</th><th scope="col">Startad</th><th scope="col">Status</th><th scope="col">Order</th></tr></thead>
<tbody>${rows(list)}</tbody>
</table>`;

  return page(
    "Ordrar",
    `<h1>BankID-appen (simulator)</h1>
<p>Öppna en order för att "skanna QR-koden". En order som inte öppnas inom 30 sekunder går ut, och ingen order lever längre än 3 minuter.</p>
<p><a href="${baseUrl}/">Uppdatera listan</a></p>
<h2>Pågående ordrar</h2>
${pending.length ? table("Pågående ordrar, nyaste först", pending) : "<p>Inga pågående ordrar just nu.</p>"}
<h2>Avslutade ordrar</h2>
${finished.length ? table("De tio senast avslutade ordrarna", finished) : "<p>Inga avslutade ordrar.</p>"}
<h2>Skanna en QR-kod</h2>
<form method="get" action="${baseUrl}/scan" class="card">
  <label for="qr">QR-kodens innehåll</label><br>
  <input id="qr" name="qr" size="50" autocomplete="off" required>
  <div class="actions"><button type="submit">Skanna</button></div>
</form>`,
  );
}

export function orderPage(baseUrl: string, order: SimulatedOrder, persons: readonly BankIdTestPerson[], problem?: string): string {
  const action = (name: string) => `${baseUrl}/orders/${encodeURIComponent(order.orderRef)}/${name}`;
  const heading = order.kind === "sign" ? "Skriv under" : "Legitimera dig";
  const notice = problem ? `<p class="notice" role="alert">${escapeHtml(problem)}</p>` : "";
  const visibleData = order.userVisibleText
    ? `<h2>Text från tjänsten</h2><div class="visible-data">${escapeHtml(order.userVisibleText)}</div>`
    : "";
  const required = order.requiredPersonalNumber
    ? `<p>Tjänsten kräver personnummer ${escapeHtml(maskPersonnummer(order.requiredPersonalNumber))}.</p>`
    : "";

  if (order.status !== "pending") {
    const back =
      order.returnUrl && /^https?:\/\//.test(order.returnUrl)
        ? `<p><a href="${escapeHtml(order.returnUrl)}">Tillbaka till tjänsten</a></p>`
        : "<p>Gå tillbaka till webbplatsen där du startade.</p>";
    const who = order.completionData ? ` som ${escapeHtml(order.completionData.user.name)}` : "";
    return page(
      heading,
      `<h1>${heading}</h1>
${notice}
<p class="card" role="status">${order.status === "complete" ? `Klart: ${KIND[order.kind].toLowerCase()}${who}.` : escapeHtml(state(order))}</p>
${back}
<p><a href="${baseUrl}/">Alla ordrar</a></p>`,
    );
  }

  const chosen = persons.find((p) => p.personalNumber === order.chosenPersonalNumber);
  const step =
    order.hintCode === "userSign" && chosen
      ? `<form method="post" action="${action("approve")}" class="card">
  <p>Du är <strong>${escapeHtml(fullName(chosen))}</strong> (${escapeHtml(maskPersonnummer(chosen.personalNumber))}).
  Välj ${order.kind === "sign" ? "Skriv under" : "Legitimera"} i stället för att skriva in en säkerhetskod.</p>
  <div class="actions"><button type="submit">${order.kind === "sign" ? "Skriv under" : "Legitimera"}</button></div>
</form>`
      : personChoice(action("select"), order, persons);

  return page(
    heading,
    `<h1>${heading}</h1>
${notice}
<p>${KIND[order.kind]} startad ${time(order.createdAt)}. Status: ${escapeHtml(state(order))}.</p>
${required}
${visibleData}
${step}
<form method="post" class="card">
  <h2>Avbryt eller låt gå ut</h2>
  <div class="actions">
    <button type="submit" class="danger" formaction="${action("cancel")}">Avbryt</button>
    <button type="submit" class="secondary" formaction="${action("expire")}">Låt gå ut</button>
  </div>
</form>
<form method="post" action="${action("hint")}" class="card">
  <h2>Fler testfall</h2>
  <label for="hintCode">Svara med hintCode</label>
  <select id="hintCode" name="hintCode">
    <optgroup label="Pågår">${FORCEABLE_HINT_CODES.pending.map((c) => `<option>${c}</option>`).join("")}</optgroup>
    <optgroup label="Misslyckas">${FORCEABLE_HINT_CODES.failed.map((c) => `<option>${c}</option>`).join("")}</optgroup>
  </select>
  <div class="actions"><button type="submit" class="secondary">Sätt hintCode</button></div>
</form>
<p><a href="${baseUrl}/">Alla ordrar</a></p>`,
  );
}

function personChoice(actionUrl: string, order: SimulatedOrder, persons: readonly BankIdTestPerson[]): string {
  const usable = order.requiredPersonalNumber ? persons.filter((p) => p.personalNumber === order.requiredPersonalNumber) : persons;
  if (usable.length === 0) {
    return `<p class="card">Ingen testperson har det personnummer som tjänsten kräver. Avbryt eller låt ordern gå ut.</p>`;
  }
  const choices = usable
    .map(
      (person, index) => `<label class="choice"><input type="radio" name="personalNumber" value="${person.personalNumber}"${index === 0 ? " checked" : ""}>
  ${escapeHtml(fullName(person))} (${escapeHtml(maskPersonnummer(person.personalNumber))})${person.blocked ? " – spärrat BankID" : ""}</label>`,
    )
    .join("\n");
  return `<form method="post" action="${actionUrl}" class="card">
  <fieldset><legend>Vem är du?</legend>
  ${choices}
  </fieldset>
  <div class="actions"><button type="submit">Fortsätt</button></div>
</form>`;
}

export function notFoundPage(baseUrl: string): string {
  return page(
    "Ordern finns inte",
    `<h1>Ordern finns inte</h1>
<p>Ordern har gått ut, avbrutits eller så är länken fel.</p>
<p><a href="${baseUrl}/">Alla ordrar</a></p>`,
  );
}
