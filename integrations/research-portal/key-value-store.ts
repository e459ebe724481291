import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { KeyValueStore } from "#core/key-value-store";

export interface FileKeyValueStoreOptions {
  /** Directory for the files, e.g. var/cache/research-portal. */
  directory: string;
}

/** One JSON file per key, written to a temporary file and renamed so a crash never leaves half a file. */
export class FileKeyValueStore implements KeyValueStore {
  constructor(private readonly options: FileKeyValueStoreOptions) {}

  private fileFor(key: string): string {
    const safe = key.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
    return path.join(this.options.directory, `${safe}.json`);
  }

  async get(key: string): Promise<unknown> {
    try {
      return JSON.parse(await readFile(this.fileFor(key), "utf8"));
    } catch {
      // Missing or corrupt: both mean "nothing cached".
      return undefined;
    }
  }

  async set(key: string, value: unknown): Promise<void> {
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, JSON.stringify(value), "utf8");
    await rename(tmp, file);
  }
}
