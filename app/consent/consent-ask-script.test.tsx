import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CONSENT_ASK_ATTRIBUTE, CONSENT_ASK_SCRIPT, ConsentAskScript } from "./consent-ask-script";

/** Runs the inline script against a stand-in document with the given cookie string. */
function runScript(cookie: string) {
  const attributes = new Map<string, string>();
  const listeners: Array<() => void> = [];
  const document = {
    cookie,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    addEventListener: (type: string, listener: () => void) => {
      if (type === "DOMContentLoaded") listeners.push(listener);
    },
  };
  new Function("document", CONSENT_ASK_SCRIPT)(document);
  return {
    asks: () => attributes.has(CONSENT_ASK_ATTRIBUTE),
    parsed: () => listeners.forEach((listener) => listener()),
  };
}

describe("ConsentAskScript", () => {
  it("without a consent cookie, lets the banner show once the document is parsed", () => {
    for (const cookie of ["", "other=1", "not_hl_consent=v1.s1.m1; hl_consent_old=1"]) {
      const page = runScript(cookie);
      expect(page.asks()).toBe(false);
      page.parsed();
      expect(page.asks()).toBe(true);
    }
  });

  it("with a consent cookie, wherever it is in the cookie string, keeps the banner hidden", () => {
    for (const cookie of ["hl_consent=v1.s1.m1", "other=1; hl_consent=v1.s0.m0; more=2"]) {
      const page = runScript(cookie);
      page.parsed();
      expect(page.asks()).toBe(false);
    }
  });

  it("renders the script with the request's nonce", () => {
    expect(renderToStaticMarkup(<ConsentAskScript nonce="n0nce" />)).toBe(
      `<script nonce="n0nce">${CONSENT_ASK_SCRIPT}</script>`,
    );
  });
});
