import crypto from "node:crypto";
import type { ServerConfig } from "./config";

/**
 * The secrets the server signs and verifies with. In a live configuration each
 * comes from the environment and is required there (server/config.ts). In the
 * simulated default they may be unset, and must still survive a restart and be
 * the same on every instance: a card form issued before a restart must verify
 * after it, a My data link must keep working. So they are derived (HKDF-SHA256,
 * one label per use) from one master secret generated once and kept in the
 * database's kv_entries, where every instance sees it. The values are never
 * logged.
 */
export interface ServerSecrets {
  /** Signs My data links (SECRET_KEY). */
  secretKey: string;
  /** Mondido's hash secret and REST password (shared with the card simulator). */
  mondidoSecret: string;
  mondidoApiPassword: string;
  /** Brite's merchant secret (shared with the bank simulator). */
  briteSecret: string;
}

/** What this needs of the key-value store (db/kv-entries.ts): a read, and a compare-and-set every instance agrees on. */
export interface SecretStore {
  get(key: string): Promise<unknown>;
  update(key: string, change: (current: unknown) => unknown): Promise<unknown>;
}

export const MASTER_SECRET_KEY = "secrets/master";

type SecretConfig = Pick<ServerConfig, "SECRET_KEY" | "MONDIDO_SECRET" | "MONDIDO_API_PASSWORD" | "BRITE_SECRET">;

export async function resolveServerSecrets(config: SecretConfig, store: SecretStore): Promise<ServerSecrets> {
  const configured = {
    secretKey: config.SECRET_KEY,
    mondidoSecret: config.MONDIDO_SECRET,
    mondidoApiPassword: config.MONDIDO_API_PASSWORD,
    briteSecret: config.BRITE_SECRET,
  };
  const missing = Object.entries(configured).filter(([, value]) => !value);
  if (missing.length === 0) return configured as ServerSecrets;
  const master = await masterSecret(store);
  const derived = Object.fromEntries(missing.map(([name]) => [name, deriveSecret(master, name)]));
  return { ...configured, ...derived } as ServerSecrets;
}

/** The stored master secret, made on first use; when two instances race, the first one stored wins for both. */
async function masterSecret(store: SecretStore): Promise<Buffer> {
  let stored = await store.get(MASTER_SECRET_KEY);
  if (!isMasterSecret(stored)) {
    stored = await store.update(MASTER_SECRET_KEY, (current) => (isMasterSecret(current) ? current : crypto.randomBytes(32).toString("base64url")));
  }
  if (!isMasterSecret(stored)) throw new Error(`kv_entries "${MASTER_SECRET_KEY}" does not hold a secret`);
  return Buffer.from(stored, "base64url");
}

function isMasterSecret(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** 32 bytes for one use of the master secret, as 64 hex characters (each provider takes a text secret). */
function deriveSecret(master: Buffer, label: string): string {
  return Buffer.from(crypto.hkdfSync("sha256", master, Buffer.alloc(0), `hl-site/${label}`, 32)).toString("hex");
}
