// `npm test`: every phase of the suite in turn, on one production build that
// the unit tests (tests/one-module-graph.test.ts) and the end-to-end journeys
// share. Stops at the first phase that fails; prints each phase's time, so a
// slower CI run says where the time went.
import { spawnSync } from "node:child_process";

const PHASES = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
  ["unit and integration (Vitest)", "npx", ["vitest", "run"]],
  ["end-to-end (Playwright)", "npx", ["playwright", "test"]],
];

const times = [];
for (const [name, command, args] of PHASES) {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, args, { stdio: "inherit" });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  times.push(`${name}: ${seconds.toFixed(0)} s`);
  if (run.status !== 0) {
    console.error(`\nnpm test: ${name} failed (exit ${run.status ?? run.signal}). Phase times: ${times.join("; ")}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\nnpm test: every phase passed. Phase times: ${times.join("; ")}`);
