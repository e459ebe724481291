import { z } from "zod/v4";

/**
 * Zod as the browser gets it: every `import { z } from "zod"` in the client
 * build resolves here (the plugin in vite.config.ts), so Zod is told not to
 * compile before any schema is made.
 *
 * Why: Zod compiles a fast object parser with `new Function` and, to know
 * whether it may, tries `new Function("")` once when the first object schema
 * is made. Our Content-Security-Policy has no 'unsafe-eval', so in the browser
 * that probe is refused – harmlessly, as Zod catches it – but Chromium still
 * reports each refusal as a Content-Security-Policy issue (Lighthouse's best
 * practices, issue #19). The server has no CSP to break and keeps the fast
 * path (it imports "zod" itself).
 *
 * Until November 2026 app/root.tsx imported this for its side effect, which
 * put Zod's core (4 KB gzip) on every content page, where no schema is made.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
