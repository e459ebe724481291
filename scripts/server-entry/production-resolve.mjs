// A Node module-resolution hook for the production server: React Router's
// package.json exports only its development build (dist/development; upstream
// remix-run/react-router#14102), which runs dev-only checks and warnings on
// every request. Its production build ships beside it with the same file
// names, so each resolved dist/development file is swapped for its twin in
// dist/production; a file without a twin keeps resolving as before.
import fs from "node:fs";

const DEVELOPMENT = "/node_modules/react-router/dist/development/";
const PRODUCTION = "/node_modules/react-router/dist/production/";

/** The production twin of a resolved react-router development file, or the URL unchanged. */
export function productionTwin(url) {
  if (!url.includes(DEVELOPMENT)) return url;
  const twin = url.replace(DEVELOPMENT, PRODUCTION);
  return fs.existsSync(new URL(twin)) ? twin : url;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const url = productionTwin(resolved.url);
  return url === resolved.url ? resolved : { ...resolved, url };
}
