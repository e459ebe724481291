import type { DataLayerTarget } from "./data-layer";
import { type ConsentSource, mayTrack } from "./may-track";

export const TAG_MANAGER_SCRIPT_ID = "tag-manager";
const CONTAINER_ID = /^GTM-[A-Z0-9]{1,12}$/;

export interface TagManagerScript {
  id: string;
  src: string;
  async: true;
  nonce?: string;
}

export interface TagManagerLoader {
  /** The script element's attributes, or null without consent or without a (valid) container id. */
  scriptAttributes(consent: ReturnType<ConsentSource>): TagManagerScript | null;
  /** The entry GTM expects in the data layer before its script runs. */
  startEntry(nowMs: number): { "gtm.start": number; event: "gtm.js" };
}

export function createTagManagerLoader(
  containerId: string | null | undefined,
  nonce: string | undefined,
): TagManagerLoader {
  const id = containerId?.trim() ?? "";
  const valid = CONTAINER_ID.test(id);
  return {
    scriptAttributes(consent) {
      if (!valid || !mayTrack(consent)) return null;
      return {
        id: TAG_MANAGER_SCRIPT_ID,
        src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
        async: true,
        ...(nonce ? { nonce } : {}),
      };
    },
    startEntry: (nowMs) => ({ "gtm.start": nowMs, event: "gtm.js" }),
  };
}

interface ScriptDocument {
  getElementById(id: string): unknown;
  createElement(tag: "script"): { id: string; src: string; async: boolean; nonce?: string };
  head: { appendChild(node: never): unknown };
}

/**
 * Adds the tag-manager script once consent arrives after the page has loaded
 * (with 'strict-dynamic' a script added by our nonced code may run). Returns
 * whether a script was added.
 */
export function injectTagManager(
  doc: ScriptDocument,
  dataLayer: DataLayerTarget,
  loader: TagManagerLoader,
  consent: ReturnType<ConsentSource>,
  nowMs: number,
): boolean {
  const attributes = loader.scriptAttributes(consent);
  if (!attributes || doc.getElementById(attributes.id)) return false;
  dataLayer.push(loader.startEntry(nowMs));
  const script = doc.createElement("script");
  script.id = attributes.id;
  script.src = attributes.src;
  script.async = true;
  if (attributes.nonce) script.nonce = attributes.nonce;
  doc.head.appendChild(script as never);
  return true;
}
