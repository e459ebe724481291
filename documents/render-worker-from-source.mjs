// The render pool's worker when the site runs from its TypeScript source
// (`npm run dev`, Vitest, tsx scripts): worker threads start with Node's own
// loader, which cannot read .ts, so this registers tsx's loader in the thread
// first and then loads the real entry, documents/render-worker.ts. The
// production build starts build/server/render-worker.js instead (decision 0039).
import { register } from "tsx/esm/api";

register();
const { default: render } = await import("./render-worker.ts");
export default render;
