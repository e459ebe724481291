import { describe, expect, it, vi } from "vitest";
import { ALL_GRANTED, NECESSARY_ONLY, consentOf } from "./consent";
import { createConsentController } from "./consent-controller";
import { MemoryCookieJar } from "./cookie-jar";

function setup(initial: Record<string, string> = {}) {
  const jar = new MemoryCookieJar(initial);
  const registerPageView = vi.fn();
  const widget = { close: vi.fn(), remove: vi.fn() };
  const onTrackingChange = vi.fn();
  let n = 0;
  const controller = createConsentController({
    jar,
    secure: true,
    randomId: () => `random-id-${++n}`,
    now: () => new Date("2026-01-15T10:00:00.000Z"),
    registerPageView,
    chatWidget: () => widget,
    onTrackingChange,
  });
  return { jar, registerPageView, widget, controller, onTrackingChange };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("ConsentController", () => {
  it("sets tracking cookies and registers a page view when both statistics and marketing are granted", async () => {
    const { jar, registerPageView, widget, controller } = setup();
    controller.apply(ALL_GRANTED);
    await flush();
    expect(jar.get("hl_session")).toBe("random-id-1");
    expect(jar.get("hl_identity")).toBe("random-id-2");
    expect(jar.get("hl_timestamp")).toBeDefined();
    expect(registerPageView).toHaveBeenCalledExactlyOnceWith({ session: "random-id-1", identity: "random-id-2" });
    expect(widget.close).not.toHaveBeenCalled();
    expect(controller.trackingAllowed).toBe(true);
  });

  it.each([
    ["statistics only", consentOf(true, false)],
    ["marketing only", consentOf(false, true)],
    ["necessary only", NECESSARY_ONLY],
    ["no choice yet", null],
  ])("removes tracking cookies and closes and removes the chat widget with %s", async (_label, consent) => {
    const { jar, registerPageView, widget, controller } = setup({
      hl_session: "session-old1",
      hl_identity: "identity-old",
      hl_timestamp: "1",
      hl_consent: "v1.s1.m1",
    });
    controller.apply(consent);
    await flush();
    expect(jar.get("hl_session")).toBeUndefined();
    expect(jar.get("hl_identity")).toBeUndefined();
    expect(jar.get("hl_timestamp")).toBeUndefined();
    expect(jar.get("hl_consent")).toBe("v1.s1.m1");
    expect(widget.close).toHaveBeenCalledOnce();
    expect(widget.remove).toHaveBeenCalledOnce();
    expect(registerPageView).not.toHaveBeenCalled();
  });

  it("acts only on changes", async () => {
    const { registerPageView, widget, controller, onTrackingChange } = setup();
    controller.apply(ALL_GRANTED);
    controller.apply(ALL_GRANTED);
    controller.apply(consentOf(true, false));
    controller.apply(NECESSARY_ONLY);
    await flush();
    expect(registerPageView).toHaveBeenCalledOnce();
    expect(widget.remove).toHaveBeenCalledOnce();
    expect(onTrackingChange.mock.calls).toEqual([[true], [false]]);
  });

  it("stores the choice when updating", () => {
    const { jar, controller } = setup();
    controller.update(consentOf(false, true));
    expect(jar.get("hl_consent")).toBe("v1.s0.m1");
    expect(controller.trackingAllowed).toBe(false);
  });

  it("survives a failing page-view sender", async () => {
    const { registerPageView, controller } = setup();
    registerPageView.mockRejectedValue(new Error("offline"));
    controller.apply(ALL_GRANTED);
    await flush();
    expect(controller.trackingAllowed).toBe(true);
  });
});
