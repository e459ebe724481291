/**
 * `npm run test:soak [-- --no-build] [--heap-snapshots]`: the production build
 * on a database of its own, under mixed traffic for SOAK_MINUTES minutes
 * (default 15) – donors paying by Swish and card through the simulators
 * (scripts/crash/donors.ts), page loads, search with long query strings, API
 * calls, and hostile requests (1 MB bodies, bad JSON, bodiless form posts,
 * unknown routes and assets) from many addresses through X-Forwarded-For,
 * which this server trusts (TRUST_PROXY_HOPS=1, as behind one proxy). Every
 * minute it prints resident memory and the heap after a full collection,
 * asked of the server over an IPC channel by scripts/soak/memory-probe.mjs
 * (preloaded here only; it adds no route). At the end it judges whether
 * memory levelled off (scripts/soak/levelled-off.ts) and exits 1 if not.
 * 127.0.0.1 only, on the first free port of 4341–4349; stops by itself.
 * --heap-snapshots writes var/test-soak/heap-<minute>.heapsnapshot after the
 * first minute and at the end, to compare in Chrome's memory tool.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { runDonor, type Intention } from "./crash/donors";
import { judgeMemory, mb, type MemorySample } from "./soak/levelled-off";
import { pickKind, randomVisitor, TRAFFIC } from "./soak/traffic";

const argv = process.argv.slice(2);
const minutes = Number(process.env.SOAK_MINUTES ?? 15);
if (!Number.isFinite(minutes) || minutes < 1) throw new Error("SOAK_MINUTES must be a number of minutes, at least 1");
const workers = Number(process.env.SOAK_WORKERS ?? 4);
const cwd = process.cwd();
const workDir = path.join(cwd, "var", "test-soak");
const PORTS = [4341, 4342, 4343, 4344, 4345, 4346, 4347, 4348, 4349];

interface MemoryAnswer {
  rss: number;
  /** The heap V8 had reserved before the collection (garbage not yet collected included). */
  heapTotalBeforeGc: number;
  rssAfterGc: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

async function main(): Promise<number> {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const buildDir = await privateBuild();
  const port = await firstFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(workDir, "server.log"), "a");
  const child = spawn(process.execPath, ["--expose-gc", "--import", pathToFileURL(path.join(cwd, "scripts", "soak", "memory-probe.mjs")).href, path.join(buildDir, "server-main.js")], {
    cwd,
    stdio: ["ignore", log, log, "ipc"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: `sqlite:${path.join(workDir, "site.db")}`,
      LOG_LEVEL: "warn",
      MAIL_DIR: path.join(workDir, "mail"),
      SIMULATOR_STATE_DIR: path.join(workDir, "sim"),
      AUTOGIRO_OUTBOX_DIR: path.join(workDir, "autogiro", "outbox"),
      AUTOGIRO_INBOX_DIR: path.join(workDir, "autogiro", "inbox"),
      AUTOGIRO_ARCHIVE_DIR: path.join(workDir, "autogiro", "archive"),
      ENABLE_TEST_ROUTES: "false",
      JOBS_ENABLED: "true",
      SWISH_SIMULATOR_CALLBACK_DELAY_MS: "200",
      // One proxy hop: hostile traffic's X-Forwarded-For makes a new visitor each time, as it would behind a real proxy.
      TRUST_PROXY_HOPS: "1",
      // The paying donors all come from 127.0.0.1: lift the per-visitor payment limits for them.
      RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "100000",
      RATE_LIMIT_POLLS_PER_MINUTE: "100000",
      RATE_LIMIT_SWISH_REQUESTS_PER_PHONE: "100000",
    },
  });
  fs.closeSync(log);
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const probe = memoryProbe(child);
  const guard = setTimeout(
    () => {
      console.error("test:soak: ran far past its time; stopping");
      child.kill("SIGKILL");
      process.exit(2);
    },
    (minutes + 10) * 60_000,
  );
  guard.unref();

  let stopping = false;
  const intentions: Intention[] = [];
  const counts = new Map<string, { requests: number; failures: number; serverErrors: number }>();
  const tasks: Promise<unknown>[] = [];
  try {
    if (!(await waitHealthy(origin, () => exited))) throw new Error(`the site did not start; see ${path.join(workDir, "server.log")}`);
    const runId = crypto.randomBytes(4).toString("hex");
    const donorOptions = { origin, runId, journeyTimeoutMs: 90_000, stopping: () => stopping, intentions };
    tasks.push(runDonor("swish", 0, donorOptions), runDonor("card", 1, donorOptions));
    for (let w = 0; w < workers; w += 1) {
      tasks.push(
        (async () => {
          while (!stopping) {
            const kind = pickKind(TRAFFIC);
            const count = counts.get(kind.name) ?? { requests: 0, failures: 0, serverErrors: 0 };
            counts.set(kind.name, count);
            count.requests += 1;
            try {
              if ((await kind.run({ origin, visitor: randomVisitor })) >= 500) count.serverErrors += 1;
            } catch {
              count.failures += 1;
            }
            // Leave the machine's other work some room: this is a soak, not a load test.
            await sleep(10);
          }
        })(),
      );
    }

    const samples: MemorySample[] = [];
    console.log(`test:soak: ${minutes} min of mixed traffic against ${origin} (${workers} workers, 2 paying donors)`);
    console.log("minute  requests  5xx  gifts begun  resident  heap reserved  heap (after GC)  resident (after GC)  external");
    const started = Date.now();
    for (let minute = 1; minute <= minutes; minute += 1) {
      await sleep(Math.max(0, started + minute * 60_000 - Date.now()));
      if (exited) throw new Error(`the server exited during the run; see ${path.join(workDir, "server.log")}`);
      const memory = await probe.memory();
      samples.push({ minute, rss: memory.rss, heapUsed: memory.heapUsed });
      const requests = [...counts.values()].reduce((sum, c) => sum + c.requests, 0);
      const serverErrors = [...counts.values()].reduce((sum, c) => sum + c.serverErrors, 0);
      const begun = intentions.length;
      console.log(
        `${String(minute).padStart(6)}  ${String(requests).padStart(8)}  ${String(serverErrors).padStart(3)}  ${String(begun).padStart(11)}  ${mb(memory.rss).padStart(8)}  ${mb(memory.heapTotalBeforeGc).padStart(13)}  ${mb(memory.heapUsed).padStart(15)}  ${mb(memory.rssAfterGc).padStart(19)}  ${mb(memory.external).padStart(8)}`,
      );
      if (argv.includes("--heap-snapshots") && (minute === 1 || minute === minutes)) {
        console.log(`        heap snapshot: ${await probe.heapSnapshot(path.join(workDir, `heap-${minute}.heapsnapshot`))}`);
      }
    }
    stopping = true;
    await Promise.race([Promise.all(tasks), sleep(100_000, undefined, { ref: false })]);

    console.log("\nrequests by kind (failures = no answer, 5xx = server errors):");
    for (const [name, c] of [...counts].sort((a, b) => b[1].requests - a[1].requests)) {
      console.log(`  ${name.padEnd(16)}${String(c.requests).padStart(8)}  failures ${c.failures}  5xx ${c.serverErrors}`);
    }
    const gaveUp = intentions.filter((i) => i.gaveUp);
    console.log(`  donors' gifts: ${intentions.length} begun, ${gaveUp.length} given up${gaveUp.length ? ` (first: ${gaveUp[0]?.gaveUp})` : ""}`);
    const verdict = judgeMemory(samples);
    console.log(`\nmemory: ${verdict.reason} (heap ${mb(verdict.heapGrowth)} of ${mb(verdict.heapAllowed)} allowed, resident ${mb(verdict.rssGrowth)} of ${mb(verdict.rssAllowed)} allowed)`);
    fs.writeFileSync(path.join(workDir, "result.json"), `${JSON.stringify({ minutes, workers, samples, verdict, counts: Object.fromEntries(counts) }, null, 2)}\n`);
    return verdict.levelled ? 0 : 1;
  } finally {
    stopping = true;
    if (!exited) {
      child.kill("SIGTERM");
      const stopped = await Promise.race([new Promise<boolean>((resolve) => child.once("exit", () => resolve(true))), sleep(10_000, undefined, { ref: false }).then(() => false)]);
      if (!stopped) child.kill("SIGKILL");
    }
    await Promise.race([Promise.all(tasks).catch(() => undefined), sleep(5_000, undefined, { ref: false })]);
  }
}

/** Asks the server's preloaded memory probe over IPC; each question has an id, and an answer that does not come in 60 s fails the run. */
function memoryProbe(child: ChildProcess) {
  const waiting = new Map<string, (answer: unknown) => void>();
  child.on("message", (message: { id?: string }) => {
    const resolve = message?.id ? waiting.get(message.id) : undefined;
    if (resolve && message.id) {
      waiting.delete(message.id);
      resolve(message);
    }
  });
  const ask = <T>(question: Record<string, unknown>): Promise<T> => {
    const id = crypto.randomUUID();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the server did not answer "${String(question.type)}" in time`));
      }, 60_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer as T);
      });
      child.send({ ...question, id });
    });
  };
  return {
    memory: () => ask<MemoryAnswer>({ type: "memory" }),
    heapSnapshot: async (file: string) => (await ask<{ file: string }>({ type: "heap-snapshot", file })).file,
  };
}

async function waitHealthy(origin: string, exited: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (!exited() && Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return false;
}

/** Builds unless --no-build, then copies the build into the work directory so a rebuild elsewhere cannot change it under the run. */
async function privateBuild(): Promise<string> {
  const source = path.resolve(cwd, process.env.BUILD_DIR ?? "build");
  if (!argv.includes("--no-build")) {
    const build = spawn("npm", ["run", "build"], { cwd, stdio: "inherit" });
    const code = await new Promise<number | null>((resolve, reject) => {
      build.once("error", reject);
      build.once("exit", resolve);
    });
    if (code !== 0) throw new Error(`npm run build failed (${code})`);
  }
  if (!fs.existsSync(path.join(source, "server-main.js"))) throw new Error(`no production build at ${source}`);
  const target = path.join(workDir, "build");
  fs.cpSync(source, target, { recursive: true });
  return target;
}

async function firstFreePort(): Promise<number> {
  for (const port of PORTS) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORTS[0]}–${PORTS[PORTS.length - 1]}`);
}

process.exitCode = await main();
