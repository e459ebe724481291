/** Escapes text for HTML element content and double-quoted attributes. */
export { escapeHtml } from "../../simulator-kit/escape-html";
import { escapeHtml } from "../../simulator-kit/escape-html";

/**
 * The page frame: Swedish, one banner and one main landmark, a single h1, no
 * script (the site's CSP forbids inline scripts and the page does not need any:
 * plain forms work everywhere).
 */
export function htmlPage(options: { title: string; base: string; body: string }): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} – Swish-simulator (test)</title>
<link rel="stylesheet" href="${escapeHtml(options.base)}/style.css">
</head>
<body>
<header><p>Testmiljö: inga riktiga pengar dras.</p></header>
<main>
<h1>Swish-simulator (test)</h1>
${options.body}
</main>
</body>
</html>
`;
}
