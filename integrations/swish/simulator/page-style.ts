/**
 * Served as a file (`style.css`), not inline, so the page works under any
 * Content-Security-Policy that allows same-origin styles. Colours are chosen for
 * at least 4.5:1 contrast on white; focus is always visible.
 */
export const SIMULATOR_PAGE_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 1.0625rem; line-height: 1.5; color: #1a1a1a; background: #ffffff; }
header { background: #fff3cd; color: #4d3900; padding: 0.5rem 1rem; border-bottom: 1px solid #c9a227; }
header p { margin: 0; font-weight: 600; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 0.75rem; }
h3 { font-size: 1.15rem; margin: 0 0 0.5rem; }
a { color: #0b4fa8; }
ul.requests { list-style: none; margin: 0; padding: 0; }
ul.requests > li, .request { border: 1px solid #767676; border-radius: 0.5rem; padding: 1rem; margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; }
.actions form { margin: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; }
label { display: block; font-weight: 600; }
input { font: inherit; padding: 0.5rem; border: 1px solid #595959; border-radius: 0.25rem; min-height: 2.75rem; }
button { font: inherit; font-weight: 600; min-height: 2.75rem; min-width: 6rem; padding: 0.5rem 1rem; border: 2px solid transparent; border-radius: 0.5rem; cursor: pointer; color: #ffffff; }
button.approve { background: #1b5e20; }
button.decline { background: #a4161a; }
button:hover { text-decoration: underline; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #0b4fa8; outline-offset: 2px; }
.status { font-weight: 600; }
.error { color: #a4161a; font-weight: 600; }
`;
