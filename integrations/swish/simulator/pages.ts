import type { SwishPaymentRequest, SwishPaymentStatus } from "../types";
import { swishAmountToOre } from "../validation";
import { escapeHtml, htmlPage } from "./html";
import { DEFAULT_SIMULATED_PAYER_ALIAS } from "./simulator-engine";
import type { SimulatedPaymentRequest } from "./store";

/** The tester's "Swish app": Swedish texts, as the real app is. */

const STATUS_TEXT: Record<SwishPaymentStatus, string> = {
  CREATED: "Väntar på godkännande",
  PAID: "Betald",
  DECLINED: "Nekad",
  ERROR: "Misslyckades",
  CANCELLED: "Avbruten av mottagaren",
};

const money = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK" });
const dateTime = new Intl.DateTimeFormat("sv-SE", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Stockholm" });

export function renderListPage(records: SimulatedPaymentRequest[], base: string): string {
  const open = records.filter((r) => r.paymentRequest.status === "CREATED");
  const items = open.map((r) => `<li>${requestCard(r, base, "list")}</li>`).join("\n");
  const body = `<h2>Öppna betalningsförfrågningar</h2>
${open.length > 0 ? `<ul class="requests">\n${items}\n</ul>` : "<p>Inga öppna betalningsförfrågningar just nu.</p>"}
<p>En förfrågan som inte besvaras inom 3 minuter avslutas med felkoden TM01.</p>`;
  return htmlPage({ title: "Öppna betalningsförfrågningar", base, body });
}

/** `returnUrl` is where the real app would send the donor back after an app switch. */
export function renderRequestPage(record: SimulatedPaymentRequest, base: string, returnUrl: string | null): string {
  const ended = record.paymentRequest.status !== "CREATED";
  const back =
    ended && returnUrl
      ? `<p><a href="${escapeHtml(returnUrl)}">Tillbaka till webbplatsen</a></p>`
      : "";
  const body = `<h2>Betalningsförfrågan</h2>
<div class="request">${requestCard(record, base, "request", returnUrl)}</div>
${back}
<p><a href="${escapeHtml(base)}/">Alla öppna betalningsförfrågningar</a></p>`;
  return htmlPage({ title: "Betalningsförfrågan", base, body });
}

export function renderMessagePage(title: string, message: string, base: string): string {
  const body = `<h2>${escapeHtml(title)}</h2>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(base)}/">Alla öppna betalningsförfrågningar</a></p>`;
  return htmlPage({ title, base, body });
}

function requestCard(record: SimulatedPaymentRequest, base: string, from: "list" | "request", returnUrl: string | null = null): string {
  const pr = record.paymentRequest;
  const titleId = `req-${pr.id}`;
  const amount = money.format(swishAmountToOre(pr.amount) / 100);
  const details: [string, string][] = [
    ["Belopp", escapeHtml(amount)],
    ["Meddelande", pr.message ? escapeHtml(pr.message) : "–"],
    ["Betalare", pr.payerAlias ? escapeHtml(pr.payerAlias) : "Anges i appen (m-handel)"],
    ["Mottagare", escapeHtml(pr.payeeAlias)],
    ["Skapad", timeElement(pr.dateCreated)],
    ["Status", `<span class="status">${escapeHtml(STATUS_TEXT[pr.status])}</span>`],
  ];
  if (pr.errorCode) details.push(["Felkod", `${escapeHtml(pr.errorCode)} ${escapeHtml(pr.errorMessage ?? "")}`.trim()]);
  if (pr.datePaid) details.push(["Betald", timeElement(pr.datePaid)]);
  if (pr.paymentReference) details.push(["Betalningsreferens", escapeHtml(pr.paymentReference)]);

  const heading =
    from === "list"
      ? `<a href="${escapeHtml(`${base}/requests/${pr.id}`)}">${escapeHtml(amount)} till ${escapeHtml(pr.payeeAlias)}</a>`
      : `${escapeHtml(amount)} till ${escapeHtml(pr.payeeAlias)}`;

  return `<article aria-labelledby="${titleId}">
<h3 id="${titleId}">${heading}</h3>
<dl>
${details.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join("\n")}
</dl>
${pr.status === "CREATED" ? actions(pr, base, from, titleId, returnUrl) : ""}
</article>`;
}

/**
 * Plain forms so approving works without JavaScript. The buttons keep the short
 * names "Godkänn"/"Neka" (tests find them by name); aria-describedby tells a
 * screen-reader user which request each button answers.
 */
function actions(pr: SwishPaymentRequest, base: string, from: "list" | "request", titleId: string, returnUrl: string | null): string {
  // Keeps the app switch's way back through the answer, as the real app would.
  const back = returnUrl ? `\n<input type="hidden" name="callbackurl" value="${escapeHtml(returnUrl)}">` : "";
  const action = (verb: string) => escapeHtml(`${base}/requests/${pr.id}/${verb}`);
  const payerField = pr.payerAlias
    ? ""
    : `<div><label for="payer-${pr.id}">Betalarens Swish-nummer</label>
<input id="payer-${pr.id}" name="payerAlias" type="tel" inputmode="numeric" autocomplete="off" required pattern="[1-9][0-9]{7,14}" value="${DEFAULT_SIMULATED_PAYER_ALIAS}"></div>`;
  return `<div class="actions">
<form method="post" action="${action("approve")}">
<input type="hidden" name="from" value="${from}">${back}
${payerField}
<button type="submit" class="approve" aria-describedby="${titleId}">Godkänn</button>
</form>
<form method="post" action="${action("decline")}">
<input type="hidden" name="from" value="${from}">${back}
<button type="submit" class="decline" aria-describedby="${titleId}">Neka</button>
</form>
</div>`;
}

function timeElement(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(dateTime.format(new Date(iso)))}</time>`;
}
