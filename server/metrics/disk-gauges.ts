import fs from "node:fs/promises";
import path from "node:path";
import { Gauge, type Registry } from "prom-client";
import { engineOf, sqliteFileOf } from "#db/dialect";
import type { ServerConfig } from "../config";

/**
 * The directories the site writes to, by a fixed name: the SQLite database,
 * mail written as files, the autogiro files' archive. A full disk there stops
 * payments being recorded, mail being kept or Bankgirot's answers being read.
 */
export function siteDirectories(config: Pick<ServerConfig, "DATABASE_URL" | "MAIL_DIR" | "AUTOGIRO_ARCHIVE_DIR">): Record<string, string> {
  const dirs: Record<string, string> = { mail: path.resolve(config.MAIL_DIR), autogiro: path.resolve(config.AUTOGIRO_ARCHIVE_DIR) };
  if (engineOf(config.DATABASE_URL) === "sqlite") {
    const file = sqliteFileOf(config.DATABASE_URL);
    if (file !== ":memory:") dirs.database = path.dirname(file);
  }
  return dirs;
}

/** Free space where each of the site's directories lives, read at each scrape; a directory not made yet is left out. */
export function registerDiskGauges(registry: Registry, dirs: Record<string, string>): void {
  const freeBytes = async () => {
    const found: Array<{ dir: string; free: number; size: number }> = [];
    for (const [dir, where] of Object.entries(dirs)) {
      const stats = await fs.statfs(where).catch(() => null);
      if (stats) found.push({ dir, free: stats.bavail * stats.bsize, size: stats.blocks * stats.bsize });
    }
    return found;
  };
  new Gauge({
    name: "site_disk_free_bytes",
    help: "Free space, for the site, on the disk of each directory it writes to (database, mail, autogiro).",
    labelNames: ["dir"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { dir, free } of await freeBytes()) this.set({ dir }, free);
    },
  });
  new Gauge({
    name: "site_disk_free_ratio",
    help: "Free space as a share of the disk, for each directory the site writes to.",
    labelNames: ["dir"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { dir, free, size } of await freeBytes()) if (size > 0) this.set({ dir }, free / size);
    },
  });
}
