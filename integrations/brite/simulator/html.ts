/** Plain server-rendered pages for the bank simulator: no scripts, so they pass our CSP. */
export { escapeHtml } from "../../simulator-kit/escape-html";
import { simulatorPage } from "../../simulator-kit/simulator-page";

const STYLE = `
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
  h1 { font-size: 1.5rem; }
  fieldset { border: 2px solid #555; border-radius: 4px; padding: 1rem; }
  legend { font-weight: 600; padding: 0 .25rem; }
  .choice { display: flex; gap: .5rem; align-items: center; margin: .5rem 0; font-size: 1.125rem; }
  .choice input { width: 1.5rem; height: 1.5rem; }
  button { font-size: 1.125rem; margin: 1.5rem .75rem 0 0; padding: .75rem 1.5rem; border-radius: 4px; border: 2px solid #0b57d0; background: #0b57d0; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #0b57d0; }
  input:focus, button:focus, a:focus { outline: 3px solid #0b57d0; outline-offset: 2px; }
  .error { color: #a00; font-weight: 600; }
  .sim { background: #fff4ce; padding: .5rem 1rem; border-radius: 4px; margin-top: 2rem; }
`;

export function htmlPage(title: string, body: string): string {
  return simulatorPage({
    title,
    style: STYLE,
    body: `${body}
<p class="sim">Detta är en simulator av Brites bankbetalning. Inga riktiga pengar flyttas.</p>`,
  });
}

export function formatSek(kronor: number): string {
  return new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK" }).format(kronor);
}
