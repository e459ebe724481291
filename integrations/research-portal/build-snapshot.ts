import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Clock } from "#core/clock";
import { silentLogger, type Logger } from "#core/logger";
import type { ApprovedProjectsSource } from "./client";
import { parseResearchSnapshot, serialiseResearchSnapshot, type ResearchSnapshot } from "./research-snapshot";

/**
 * Build-time snapshot of the approved projects, for pre-rendering the research
 * pages and for seeding the cache on a cold start.
 */

export interface WriteSnapshotOptions {
  source: ApprovedProjectsSource;
  /** JSON file to write, e.g. build/research-projects.json. */
  file: string;
  clock: Clock;
  logger?: Logger;
  /**
   * When the portal fails and a readable snapshot already exists, keep it
   * (and return it) instead of failing the build. Default true: a portal
   * outage should not stop a content deploy.
   */
  keepExistingOnFailure?: boolean;
}

export interface SnapshotOutcome {
  snapshot: ResearchSnapshot;
  /** False when the portal failed and the previous snapshot was kept. */
  fresh: boolean;
}

export async function writeResearchSnapshot(options: WriteSnapshotOptions): Promise<SnapshotOutcome> {
  const logger = options.logger ?? silentLogger;
  try {
    const projects = await options.source.fetchApproved();
    const snapshot: ResearchSnapshot = { fetchedAt: options.clock.now().toISOString(), projects };
    await mkdir(path.dirname(options.file), { recursive: true });
    const tmp = `${options.file}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify(serialiseResearchSnapshot(snapshot), null, 2)}\n`, "utf8");
    await rename(tmp, options.file);
    return { snapshot, fresh: true };
  } catch (error) {
    if (options.keepExistingOnFailure ?? true) {
      const existing = await readResearchSnapshot(options.file);
      if (existing) {
        logger.warn({ err: (error as Error).message, fetchedAt: existing.fetchedAt }, "research snapshot: portal failed, keeping previous snapshot");
        return { snapshot: existing, fresh: false };
      }
    }
    throw error;
  }
}

/** The snapshot in a file, or undefined when it is missing or unreadable. */
export async function readResearchSnapshot(file: string): Promise<ResearchSnapshot | undefined> {
  try {
    return parseResearchSnapshot(JSON.parse(await readFile(file, "utf8")));
  } catch {
    return undefined;
  }
}
