/**
 * `npm run test:crash [-- --db postgres] [--kills 30] [--donors 8] [--no-build]`:
 * the production build on a database of its own (a fresh SQLite file, or a
 * fresh PostgreSQL schema that is dropped afterwards), donors giving through
 * the JSON API by Swish on the same device, Swish to their own phone number,
 * card and Brite (bank), and the server SIGKILLed at random moments –
 * while it starts, while it serves – and started again, at least 30 times.
 * After the last start the site settles (reconciliation every second, jobs
 * whose claim died with a process are taken again after a minute), then the
 * script counts from the database, the simulators' state and the mail
 * directory: gifts acknowledged, found, lost, doubled, left unpayable, paid at
 * the provider but not in the database, receipts missing or doubled. Every
 * figure but the first two must be 0; the exit status says whether they are.
 * 127.0.0.1 only; stops by itself. Options: --postgres-url (default
 * TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase } from "#db/dialect";
import { FAILURE_FIGURES, SETTLING_FIGURES, takeCensus, type Census } from "./crash/census";
import { METHODS, runDonor, tryAgain, type Intention, type Method } from "./crash/donors";
import { createSchema } from "./crash/postgres-schema";
import { SiteProcess } from "./crash/site-process";

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const engine = option("--db") === "postgres" ? "postgres" : "sqlite";
const kills = Number(option("--kills") ?? 30);
const donorCount = Number(option("--donors") ?? 8);
const postgresUrl = option("--postgres-url") ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const cwd = process.cwd();
const workDir = path.join(cwd, "var", "test-crash", engine);
/** The whole run, build included, never outlives this (a start takes 15–20 s when the machine's two cores are shared by several test runs). */
const RUN_LIMIT_MS = 20 * 60_000;
const SETTLE_LIMIT_MS = 100_000;

async function main(): Promise<number> {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const buildDir = await privateBuild();
  const runId = crypto.randomBytes(4).toString("hex");
  const emailPrefix = `crash-${runId}-`;
  const schema = engine === "postgres" ? await createSchema(postgresUrl) : null;
  const databaseUrl = schema?.databaseUrl ?? `sqlite:${path.join(workDir, "site.db")}`;
  const dirs = { mail: path.join(workDir, "mail"), simulators: path.join(workDir, "sim") };
  const site = new SiteProcess({
    cwd,
    buildDir,
    port: await freePort(),
    logFile: path.join(workDir, "server.log"),
    env: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      MAIL_DIR: dirs.mail,
      SIMULATOR_STATE_DIR: dirs.simulators,
      AUTOGIRO_OUTBOX_DIR: path.join(workDir, "autogiro", "outbox"),
      AUTOGIRO_INBOX_DIR: path.join(workDir, "autogiro", "inbox"),
      AUTOGIRO_ARCHIVE_DIR: path.join(workDir, "autogiro", "archive"),
      ENABLE_TEST_ROUTES: "false",
      JOBS_ENABLED: "true",
      RECONCILE_INTERVAL_MS: "1000",
      SWISH_SIMULATOR_CALLBACK_DELAY_MS: "200",
      // Every donor gives from 127.0.0.1: lift the per-visitor limits for the run.
      RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "100000",
      RATE_LIMIT_POLLS_PER_MINUTE: "100000",
      RATE_LIMIT_SWISH_REQUESTS_PER_PHONE: "100000",
    },
  });
  const guard = setTimeout(() => {
    console.error(`test:crash: still running after ${RUN_LIMIT_MS / 60_000} minutes; stopping`);
    void site.kill().finally(() => process.exit(2));
  }, RUN_LIMIT_MS);
  guard.unref();

  const started = Date.now();
  const intentions: Intention[] = [];
  let stopping = false;
  let donors: Promise<void[]> = Promise.resolve([]);
  try {
    site.start();
    if (!(await site.waitHealthy(60_000))) throw new Error(`the site did not start; see ${path.join(workDir, "server.log")}`);
    const options = { origin: site.origin, runId, journeyTimeoutMs: 90_000, stopping: () => stopping, intentions };
    donors = Promise.all(Array.from({ length: donorCount }, (_, i) => runDonor(METHODS[i % METHODS.length] as Method, i, options)));

    for (let kill = 1; kill <= kills; kill += 1) {
      if (!site.running) site.start();
      const spawnedAt = Date.now();
      // One kill in five lands while the server starts (migrations, boot); the rest while it serves.
      const duringStart = Math.random() < 0.2;
      if (duringStart) await sleep(300 + Math.random() * 2_200);
      else if (!(await site.waitHealthy(60_000))) throw new Error(`the site did not come back; see ${path.join(workDir, "server.log")}`);
      else await sleep(100 + Math.random() * 1_900);
      await site.kill();
      const acknowledged = intentions.filter((i) => i.acknowledged.size > 0).length;
      console.log(`kill ${kill}/${kills}: ${((Date.now() - spawnedAt) / 1000).toFixed(1)} s after start${duringStart ? " (while starting)" : ""}, ${acknowledged} gifts acknowledged so far`);
    }
    const killPhaseSeconds = Math.round((Date.now() - started) / 1000);

    site.start();
    if (!(await site.waitHealthy(60_000))) throw new Error(`the site did not come back; see ${path.join(workDir, "server.log")}`);
    stopping = true;
    await donors;
    const cameBack = intentions.filter((i) => i.gaveUp);
    if (cameBack.length > 0) {
      console.log(`${cameBack.length} donors gave up while the server was being killed; they try the same gifts again`);
      await Promise.all(cameBack.map((intention) => tryAgain(intention, site.origin, 120_000)));
    }
    const settleStarted = Date.now();
    console.log(`donors done; letting the site settle (at most ${SETTLE_LIMIT_MS / 1000} s)`);

    const { db } = openDatabase(databaseUrl);
    let census: Census;
    try {
      const settleBy = Date.now() + SETTLE_LIMIT_MS;
      for (;;) {
        census = await takeCensus(db, intentions, dirs, emailPrefix);
        if ((SETTLING_FIGURES.every((figure) => census[figure] === 0) && census.openReceiptJobs === 0) || Date.now() > settleBy) break;
        await sleep(3_000);
      }
      console.log(`settled in ${Math.round((Date.now() - settleStarted) / 1000)} s`);
      await site.stop();
      census = await takeCensus(db, intentions, dirs, emailPrefix);
    } finally {
      await db.destroy();
    }
    print(census, intentions, { killPhaseSeconds, totalSeconds: Math.round((Date.now() - started) / 1000) });
    fs.writeFileSync(path.join(workDir, "result.json"), `${JSON.stringify({ engine, kills, donors: donorCount, killPhaseSeconds, census }, null, 2)}\n`);
    return FAILURE_FIGURES.every((figure) => census[figure] === 0) ? 0 : 1;
  } finally {
    stopping = true;
    await site.kill();
    await donors.catch(() => undefined);
    await schema?.drop();
  }
}

function print(census: Census, intentions: readonly Intention[], times: { killPhaseSeconds: number; totalSeconds: number }): void {
  const rows: Array<[string, number]> = [
    ["acknowledged", census.acknowledged],
    ["found", census.found],
    ["lost", census.lost],
    ["doubled", census.doubled],
    ["left unpayable", census.unpayable],
    ["paid at the provider, not in the database", census.paidAtProviderNotInDatabase],
    ["receipts missing", census.receiptsMissing],
    ["receipts doubled", census.receiptsDoubled],
  ];
  console.log(`\nCrash test on ${engine}: ${kills} SIGKILLs in ${times.killPhaseSeconds} s, ${donorCount} donors (${METHODS.join(", ")} in turn), ${times.totalSeconds} s in all`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(44)}${String(value).padStart(6)}`);
  const byMethod = METHODS.map((method) => `${method} ${intentions.filter((i) => i.method === method && i.acknowledged.size > 0).length}`);
  console.log(`  (acknowledged by way of paying: ${byMethod.join(", ")})`);
  const cameBack = intentions.filter((i) => i.gaveUpUnderKills);
  if (cameBack.length > 0) {
    console.log(`  (gave up while the server was being killed and tried again after: ${cameBack.length}, of whom ${cameBack.filter((i) => !i.gaveUp).length} could pay)`);
  }
  if (census.gaveUp.length > 0) console.log(`\nDonors who gave up even then:\n  ${census.gaveUp.join("\n  ")}`);
}

/** Builds unless --no-build, then copies the build into the work directory so a rebuild elsewhere cannot change it under the run. */
async function privateBuild(): Promise<string> {
  const source = path.resolve(cwd, process.env.BUILD_DIR ?? "build");
  if (!argv.includes("--no-build")) {
    const child = spawn("npm", ["run", "build"], { cwd, stdio: "inherit" });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", resolve);
    });
    if (code !== 0) throw new Error(`npm run build failed (${code})`);
  }
  if (!fs.existsSync(path.join(source, "server-main.js"))) throw new Error(`no production build at ${source}`);
  const target = path.join(workDir, "build");
  fs.cpSync(source, target, { recursive: true });
  return target;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

process.exitCode = await main();
