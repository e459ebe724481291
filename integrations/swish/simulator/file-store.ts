import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SimulatedPaymentRequest, SwishSimulatorStore } from "./store";

interface FileContents {
  version: 1;
  requests: Record<string, SimulatedPaymentRequest>;
}

/**
 * Keeps the simulator's state in one JSON file so that a payment pending when
 * the process stopped can still be approved (and its callback sent) after a
 * restart, as with the real service. The whole file is rewritten (coalesced
 * under load): a simulator holds a modest number of requests, and a temp file
 * + rename means a crash mid-write leaves the previous file intact.
 *
 * One process owns the file; it is read once and then served from memory.
 */
export function createFileSwishStore(filePath: string): SwishSimulatorStore {
  let loaded: Promise<Map<string, SimulatedPaymentRequest>> | undefined;
  // At most one write in flight and one queued: a queued write serialises the
  // state as it is when it starts, so it covers every put made while waiting.
  // Under load this turns many puts into few writes instead of one each.
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function load(): Promise<Map<string, SimulatedPaymentRequest>> {
    loaded ??= readContents(filePath).then((contents) => new Map(Object.entries(contents.requests)));
    return loaded;
  }

  async function writeNow(): Promise<void> {
    const records = await load();
    const contents: FileContents = { version: 1, requests: Object.fromEntries(records) };
    await writeAtomically(filePath, JSON.stringify(contents));
  }

  function scheduleWrite(): Promise<void> {
    if (queued) return queued;
    if (!inFlight) {
      inFlight = writeNow().finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    queued = inFlight
      .catch(() => {})
      .then(() => {
        queued = null;
        return scheduleWrite();
      });
    return queued;
  }

  return {
    async get(id) {
      const record = (await load()).get(id);
      return record && structuredClone(record);
    },
    async list() {
      return [...(await load()).values()].map((r) => structuredClone(r));
    },
    async put(record) {
      const records = await load();
      records.set(record.paymentRequest.id, structuredClone(record));
      await scheduleWrite();
    },
  };
}

async function readContents(filePath: string): Promise<FileContents> {
  let text: string;
  try {
    text = await readFile(filePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, requests: {} };
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<FileContents>;
  if (parsed.version !== 1 || typeof parsed.requests !== "object" || parsed.requests === null) {
    throw new Error(`${filePath} is not a Swish simulator state file`);
  }
  return { version: 1, requests: parsed.requests };
}

async function writeAtomically(filePath: string, contents: string): Promise<void> {
  await mkdir(path.dirname(filePath), { recursive: true });
  const temp = `${filePath}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, contents, "utf8");
    await rename(temp, filePath);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
