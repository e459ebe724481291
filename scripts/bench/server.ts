/**
 * Building and serving the production build for the benchmarks: the same way
 * scripts/e2e-server.mjs does it (node build/server-main.js, NODE_ENV=production,
 * 127.0.0.1, a fresh SQLite file), on a free port, from a private copy of the
 * build so that a rebuild running elsewhere cannot pull files from under it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export interface RunningServer {
  origin: string;
  port: number;
  /** Last lines the server printed (for error messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Runs `npm run build` with the output shown; throws when it fails. */
export async function buildSite(cwd: string): Promise<void> {
  const child = spawn("npm", ["run", "build"], { cwd, stdio: "inherit" });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (status) => resolve(status));
  });
  if (code !== 0) throw new Error(`npm run build failed (exit status ${code ?? "signal"})`);
}

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not find a free port"));
      });
    });
  });
}

/**
 * Copies build/ into workDir/build (the server finds its client files and
 * server bundle next to build/server-main.js; packages still resolve from the
 * project's node_modules because workDir lies inside the project).
 */
export function snapshotBuild(cwd: string, workDir: string): string {
  const source = path.join(cwd, "build");
  const entry = path.join(source, "server-main.js");
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(source, "server", "index.js"))) {
    throw new Error(`no production build at ${source} (run without --no-build)`);
  }
  const target = path.join(workDir, "build");
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(source, target, { recursive: true });
  return target;
}

/** Builds the site unless told not to, then snapshots build/ into workDir; returns the snapshot's path. */
export async function preparedBuild(cwd: string, workDir: string, options: { build: boolean }): Promise<string> {
  if (options.build) await buildSite(cwd);
  fs.mkdirSync(workDir, { recursive: true });
  return snapshotBuild(cwd, workDir);
}

export interface StartOptions {
  cwd: string;
  buildDir: string;
  dbFile: string;
  timeoutMs?: number;
  /** Another database than the SQLite file (e.g. a PostgreSQL URL with ?schema=). */
  databaseUrl?: string;
  /** Extra environment for the server (e.g. raised rate limits for load tests). */
  env?: Record<string, string>;
  /** Serve the SQLite file as it is (a benchmark filled it) instead of starting from an empty one. */
  keepDatabase?: boolean;
  /** Node's own options for the server, e.g. `--cpu-prof` to see where a benchmark's time goes (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}

/** Starts the production server and resolves once /healthz answers 200. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  if (!options.keepDatabase) fs.rmSync(options.dbFile, { force: true });
  fs.mkdirSync(path.dirname(options.dbFile), { recursive: true });

  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(options.buildDir, "server-main.js")], {
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: options.databaseUrl ?? `sqlite:${options.dbFile}`,
      ENABLE_TEST_ROUTES: "false",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      SIMULATOR_STATE_DIR: path.join(path.dirname(options.dbFile), "sim"),
      MAIL_DIR: path.join(path.dirname(options.dbFile), "mail"),
      ...options.env,
    },
  });

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const output = () => lines.join("\n");

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  child.once("error", (error) => keep(Buffer.from(`spawn error: ${error.message}`)));

  const server: RunningServer = { origin, port, output, stop: () => stopChild(child, exit, () => exited !== undefined) };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  try {
    for (;;) {
      if (exited) {
        throw new Error(
          `server exited before it was healthy (code ${exited.code ?? "–"}, signal ${exited.signal ?? "–"})\n${output()}`,
        );
      }
      if (Date.now() > deadline) throw new Error(`server did not answer ${origin}/healthz in time\n${output()}`);
      try {
        const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.ok) return server;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function stopChild(child: ChildProcess, exit: Promise<void>, hasExited: () => boolean): Promise<void> {
  if (hasExited()) return;
  child.kill("SIGTERM");
  const stopped = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped && !hasExited()) {
    child.kill("SIGKILL");
    await exit;
  }
}

export interface RunningSwishSimulator {
  /** For the site's SWISH_SIMULATOR_URL. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * `npm run simulator:swish` as a process of its own on a free port: the site
 * then does only its own share of each gift, as with the real Swish, and the
 * simulator's share runs beside it on the machine's other cores.
 */
export async function startSwishSimulator(options: {
  cwd: string;
  stateDir: string;
  /** Extra environment, e.g. SWISH_SIMULATOR_CALLBACK_DELAY_MS. */
  env?: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<RunningSwishSimulator> {
  // A fresh state: requests left by an earlier run would call back to a server that is gone.
  fs.rmSync(options.stateDir, { recursive: true, force: true });
  fs.mkdirSync(options.stateDir, { recursive: true });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", path.join(options.cwd, "scripts", "swish-simulator.ts"), "--port", "0"], {
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", SIMULATOR_STATE_DIR: options.stateDir, ...options.env },
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  const stop = () => stopChild(child, exit, () => exited);
  let printed = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Swish simulator did not start in time\n${printed}`)), options.timeoutMs ?? 30_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString("utf8");
      const found = /^SWISH_SIMULATOR_URL=(\S+)$/m.exec(printed);
      if (found) {
        clearTimeout(timer);
        resolve(found[1] as string);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`the Swish simulator exited before it listened\n${printed}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, stop };
}
