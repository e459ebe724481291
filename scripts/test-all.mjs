// `npm test`: every phase of the suite, on one production build that the unit
// tests (tests/one-module-graph.test.ts) and the end-to-end journeys share.
// The three checks that read only the source (typecheck, lint, build) run side
// by side: each uses about one core, so together they take little more than the
// slowest. Their output is printed whole as each ends, not interleaved. Vitest
// and Playwright then run one after the other, each using the whole machine.
// Stops at the first phase that fails; prints each phase's time, so a slower
// CI run says where the time went.
import fs from "node:fs";
import { spawn } from "node:child_process";

const CHECKS = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
];
// better-sqlite3 compiles SQLite from source where its prebuilt binary cannot be downloaded (here:
// no network beyond the npm registry): about 80 s of one core. `.ci/run` installs with
// --ignore-scripts and leaves that compile to this phase, beside the checks, which never load it;
// the tests after them do. After a plain `npm ci` the binary is there and the phase is skipped.
if (!fs.existsSync("node_modules/better-sqlite3/build/Release/better_sqlite3.node")) {
  CHECKS.push(["native modules (better-sqlite3)", "npm", ["rebuild", "better-sqlite3"]]);
}
const SUITES = [
  ["unit and integration (Vitest)", "npx", ["vitest", "run"]],
  ["end-to-end (Playwright)", "npx", ["playwright", "test"]],
];

const times = [];

/** Runs one phase; `buffered` keeps its output until it ends. Resolves to its exit status. */
function run([name, command, args], { buffered }) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    if (buffered) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("close", (code, signal) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      times.push(`${name}: ${seconds.toFixed(0)} s`);
      if (buffered) process.stdout.write(`\n── ${name} (${seconds.toFixed(0)} s) ──\n${Buffer.concat(output).toString()}`);
      resolve({ name, status: code ?? signal });
    });
  });
}

function fail({ name, status }) {
  console.error(`\nnpm test: ${name} failed (exit ${status}). Phase times: ${times.join("; ")}`);
  process.exit(typeof status === "number" ? status : 1);
}

const checked = await Promise.all(CHECKS.map((phase) => run(phase, { buffered: true })));
const failedCheck = checked.find((result) => result.status !== 0);
if (failedCheck) fail(failedCheck);

for (const phase of SUITES) {
  const result = await run(phase, { buffered: false });
  if (result.status !== 0) fail(result);
}
console.log(`\nnpm test: every phase passed. Phase times: ${times.join("; ")}`);
