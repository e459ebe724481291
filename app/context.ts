import { createContext } from "react-router";
import type { AppContainer } from "#server/container";

/**
 * What the server hands to loaders and actions through React Router's typed
 * context. Pre-rendering at build time runs without a container, so content
 * loaders must not depend on it.
 */
export const containerContext = createContext<AppContainer>();

/**
 * The per-request CSP nonce. Pages pre-rendered at build time carry this
 * placeholder instead; the server swaps in a fresh nonce on every response.
 */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";
export const nonceContext = createContext<string>(NONCE_PLACEHOLDER);

/** The visitor's address as Express sees it (trust proxy applied); BankID requires it as endUserIp. */
export const clientIpContext = createContext<string>("");

/**
 * Where loaders get a fresh random token (a form's idempotency key). Normally a
 * new UUID each call; when the server renders a page to keep for anonymous
 * visitors (server/page-cache.ts) it hands out placeholders instead and puts a
 * fresh token in for each visitor.
 */
export const freshTokenContext = createContext<() => string>(() => globalThis.crypto.randomUUID());

/**
 * Stand-ins for a logged-in donor's details, when the server renders the gift
 * form to keep for logged-in donors (server/donor-kept-pages.ts, decision
 * 0058): the form's loader fills them in instead of the visitor's own, and the
 * server puts each donor's details where they stand. Null otherwise.
 */
export const prefillStandInContext = createContext<Readonly<Record<string, string>> | null>(null);
