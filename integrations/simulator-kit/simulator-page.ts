import { escapeHtml } from "./escape-html";

/**
 * The page shell every simulator's tester pages share: Swedish, not indexed,
 * one main landmark, no scripts. The inline <style> gets the response's CSP
 * nonce from `styleNonceForHtml`.
 */
export function simulatorPage(options: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${options.style}</style>
</head>
<body>
<main>
${options.body}
</main>
</body>
</html>`;
}
