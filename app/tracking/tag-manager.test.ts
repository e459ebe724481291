import { describe, expect, it } from "vitest";
import { ALL_GRANTED, consentOf } from "../consent/consent";
import { createTagManagerLoader, injectTagManager } from "./tag-manager";

describe("tag manager loader", () => {
  it("gives the script attributes with consent and a container id", () => {
    expect(createTagManagerLoader("GTM-AB12CD", "n0nce").scriptAttributes(ALL_GRANTED)).toEqual({
      id: "tag-manager",
      src: "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD",
      async: true,
      nonce: "n0nce",
    });
  });

  it("gives nothing without both consents", () => {
    const loader = createTagManagerLoader("GTM-AB12CD", "n0nce");
    expect(loader.scriptAttributes(consentOf(true, false))).toBeNull();
    expect(loader.scriptAttributes(null)).toBeNull();
  });

  it.each([undefined, null, "", "UA-12345", 'GTM-ab12"><script>'])("gives nothing for container id %j", (id) => {
    expect(createTagManagerLoader(id, "n").scriptAttributes(ALL_GRANTED)).toBeNull();
  });

  it("injects the script once, after the gtm.start entry", () => {
    const appended: { id: string; src: string; nonce?: string }[] = [];
    const doc = {
      getElementById: (id: string) => appended.find((s) => s.id === id) ?? null,
      createElement: () =>
        ({ id: "", src: "", async: false }) as { id: string; src: string; async: boolean; nonce?: string },
      head: { appendChild: (node: never) => appended.push(node) },
    };
    const dataLayer: unknown[] = [];
    const loader = createTagManagerLoader("GTM-AB12CD", "n0nce");
    expect(injectTagManager(doc, dataLayer, loader, ALL_GRANTED, 42)).toBe(true);
    expect(injectTagManager(doc, dataLayer, loader, ALL_GRANTED, 43)).toBe(false);
    expect(dataLayer).toEqual([{ "gtm.start": 42, event: "gtm.js" }]);
    expect(appended).toEqual([
      { id: "tag-manager", src: "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD", async: true, nonce: "n0nce" },
    ]);
  });
});
