/**
 * The bare HTML shell of the simulator's pages. No scripts at all: the site's
 * Content Security Policy forbids inline scripts and the pages must work with
 * plain forms. Colours meet WCAG AA contrast, and focus is always visible.
 */
export { escapeHtml } from "../../simulator-kit/escape-html";
import { escapeHtml } from "../../simulator-kit/escape-html";

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 1.0625rem; line-height: 1.5; color: #1a1a1a; background: #f4f4f2; }
  main { max-width: 42rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .banner { background: #3d2c00; color: #fff; padding: .25rem 1rem; text-align: center; }
  h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
  h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
  a { color: #0b4f8a; }
  .card { background: #fff; border: 1px solid #c9c9c4; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  .visible-data { white-space: pre-wrap; background: #f4f4f2; padding: .75rem; border-radius: .25rem; }
  fieldset { border: 1px solid #c9c9c4; border-radius: .5rem; padding: .75rem 1rem; margin: 0 0 1rem; }
  legend { font-weight: 600; padding: 0 .25rem; }
  .choice { display: block; padding: .35rem 0; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1rem; }
  button { font: inherit; padding: .6rem 1.1rem; border-radius: .4rem; border: 2px solid #0b4f8a; background: #0b4f8a; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #0b4f8a; }
  button.danger { background: #fff; color: #8a1c1c; border-color: #8a1c1c; }
  select { font: inherit; padding: .4rem; }
  :focus-visible { outline: 3px solid #1a1a1a; outline-offset: 3px; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #c9c9c4; vertical-align: top; }
  .notice { border-left: 4px solid #8a1c1c; background: #fff; padding: .5rem .75rem; }
  .muted { color: #4a4a4a; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – BankID-simulator</title>
<style>${STYLE}</style>
</head>
<body>
<header class="banner"><p>Simulator för test. Här finns inget riktigt BankID.</p></header>
<main>
${body}
</main>
</body>
</html>`;
}
