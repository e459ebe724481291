// `npm test`: every phase of the suite, on one production build that the unit
// tests (tests/one-module-graph.test.ts) and the end-to-end journeys share.
// The checks that read only the source run in two lanes side by side, one per
// core (our machines have two), each lane's phases one after the other: on a
// fresh clone better-sqlite3's compile (below, 83 s) alone in one lane, and the
// type check, lint and build (42, 31 and 26 s on a quiet machine) in the
// other; otherwise the type check in one, lint and the build in the other.
// Three or four at once took longer (the compile, with a share of a core,
// ended last at 132 s).
// A lane's output is printed whole as each phase ends, not interleaved. Vitest
// and Playwright then run one after the other, each using the whole machine.
// Stops at the first phase that fails; prints each phase's time, so a slower
// CI run says where the time went.
import fs from "node:fs";
import { spawn } from "node:child_process";

const TYPECHECK = ["typecheck", "npm", ["run", "typecheck"]];
const LINT = ["lint", "npm", ["run", "lint"]];
const BUILD = ["build", "npm", ["run", "build"]];
// better-sqlite3 compiles SQLite from source where its prebuilt binary cannot be downloaded (here:
// no network beyond the npm registry): about 80 s of one core, the longest single phase. `.ci/run`
// installs with --ignore-scripts and leaves that compile to a lane of its own beside the checks (which
// do not load it); the tests after them do. After a plain `npm ci` the binary is there and the phase
// is skipped.
const NATIVE = ["native modules (better-sqlite3)", "npm", ["rebuild", "better-sqlite3"]];
const nativeMissing = !fs.existsSync("node_modules/better-sqlite3/build/Release/better_sqlite3.node");
const LANES = nativeMissing ? [[NATIVE], [TYPECHECK, LINT, BUILD]] : [[TYPECHECK], [LINT, BUILD]];
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

/** Runs a lane's phases in order; resolves to the first that failed, or undefined. */
async function runLane(phases) {
  for (const phase of phases) {
    const result = await run(phase, { buffered: true });
    if (result.status !== 0) return result;
  }
  return undefined;
}

const failedCheck = (await Promise.all(LANES.map(runLane))).find(Boolean);
if (failedCheck) fail(failedCheck);

for (const phase of SUITES) {
  const result = await run(phase, { buffered: false });
  if (result.status !== 0) fail(result);
}
console.log(`\nnpm test: every phase passed. Phase times: ${times.join("; ")}`);
