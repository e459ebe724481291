/**
 * Tiny HTML helpers for the simulator pages: plain server-rendered forms so
 * they work without JavaScript and under our CSP (no inline scripts).
 */
export { escapeHtml } from "../../simulator-kit/escape-html";
import { simulatorPage } from "../../simulator-kit/simulator-page";

const STYLE = `
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
  h1 { font-size: 1.5rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { font-size: 1.125rem; padding: .5rem; width: 100%; box-sizing: border-box; border: 2px solid #555; border-radius: 4px; }
  input:focus, button:focus, a:focus { outline: 3px solid #0b57d0; outline-offset: 2px; }
  .hint { color: #444; font-size: .95rem; }
  .error { color: #a00; font-weight: 600; }
  .error-summary { border: 3px solid #a00; padding: .5rem 1rem; margin: 1rem 0; }
  button { font-size: 1.125rem; margin-top: 1.5rem; padding: .75rem 1.5rem; border-radius: 4px; border: 0; background: #0b57d0; color: #fff; cursor: pointer; }
  table { border-collapse: collapse; margin-top: .5rem; }
  th, td { text-align: left; padding: .25rem .75rem .25rem 0; }
  .sim { background: #fff4ce; padding: .5rem 1rem; border-radius: 4px; }
`;

export function htmlPage(title: string, body: string): string {
  return simulatorPage({ title, style: STYLE, body });
}

export { formatSek } from "#core/site/format";
