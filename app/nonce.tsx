import { createContext, useContext } from "react";

/** The CSP nonce for inline scripts and styles, provided by entry.server. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
