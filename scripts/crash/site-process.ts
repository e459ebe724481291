import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The production server as the crash test runs it: `node <build>/server-main.js`
 * on one port and one state directory for the whole run (the simulators'
 * callbacks and the card window's return address name the port), started,
 * SIGKILLed and started again. Its output is appended to a log file.
 */
export interface SiteProcessOptions {
  cwd: string;
  buildDir: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
}

export class SiteProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  readonly origin: string;

  constructor(private readonly options: SiteProcessOptions) {
    this.origin = `http://127.0.0.1:${options.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  start(): void {
    if (this.child) throw new Error("the site is already running");
    fs.mkdirSync(path.dirname(this.options.logFile), { recursive: true });
    const log = fs.openSync(this.options.logFile, "a");
    fs.writeSync(log, `\n--- start ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, [path.join(this.options.buildDir, "server-main.js")], {
      cwd: this.options.cwd,
      stdio: ["ignore", log, log],
      env: { ...process.env, ...this.options.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(this.options.port), PUBLIC_URL: this.origin },
    });
    fs.closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    child.once("exit", () => {
      if (this.child === child) this.child = null;
    });
  }

  /** Resolves once /healthz answers 200; false if the process died first or `timeoutMs` passed. */
  async waitHealthy(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.child && Date.now() < deadline) {
      try {
        const response = await fetch(`${this.origin}/healthz`, { signal: AbortSignal.timeout(1_000) });
        await response.arrayBuffer();
        if (response.ok) return true;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    return false;
  }

  /** SIGKILL: no shutdown handler runs, nothing is flushed – a crash. */
  async kill(): Promise<void> {
    if (!this.child) return;
    this.child.kill("SIGKILL");
    await this.exited;
  }

  /** A clean stop (SIGTERM, then SIGKILL after 10 s). */
  async stop(): Promise<void> {
    if (!this.child) return;
    const child = this.child;
    child.kill("SIGTERM");
    const stopped = await Promise.race([this.exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) {
      child.kill("SIGKILL");
      await this.exited;
    }
  }
}
