import { z } from "zod";

/**
 * Zod compiles a fast object parser with `new Function` and, to know whether
 * it may, tries `new Function("")` once when the first object schema is made.
 * Our Content-Security-Policy has no 'unsafe-eval', so in the browser that
 * probe is refused – harmlessly, as Zod catches it – but Chromium still
 * reports each refusal as a Content-Security-Policy issue (Lighthouse's best
 * practices, issue #19). In the browser Zod is told up front not to compile,
 * so it never tries. The server has no CSP to break and keeps the fast path.
 *
 * Must run before any schema is made: app/root.tsx imports it first, and
 * route modules are evaluated after root's imports.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
