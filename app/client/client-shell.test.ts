import { describe, expect, it, vi } from "vitest";
import { MemoryCookieJar } from "../consent/cookie-jar";
import { createClientShell, type ClientServices } from "./client-shell";
import { createConsentStore } from "./consent-store";

const shellWithStore = () => createClientShell(createConsentStore(new MemoryCookieJar(), { secure: false }));

describe("client shell", () => {
  it("asks for the services at the first API call and runs the call through them", async () => {
    const shell = shellWithStore();
    const needed = vi.fn();
    shell.onNeeded(needed);
    expect(shell.isNeeded()).toBe(false);
    const apiCall = vi.fn(async () => "svar");
    const result = shell.apiCall("SwishPoll", "SwishPollFailed", async () => "direkt");
    expect(needed).toHaveBeenCalledTimes(1);
    shell.provide({ apiCall: apiCall as unknown as ClientServices["apiCall"], reporter: {} as ClientServices["reporter"], tracking: async () => null });
    await expect(result).resolves.toBe("svar");
    expect(apiCall).toHaveBeenCalledWith("SwishPoll", "SwishPollFailed", expect.any(Function), undefined);
  });

  it("still makes the call when the services cannot load", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const shell = shellWithStore();
    const result = shell.apiCall("SwishPoll", null, async (signal) => (signal instanceof AbortSignal ? "ok" : "?"));
    shell.fail(new Error("chunk missing"));
    await expect(result).resolves.toBe("ok");
    consoleError.mockRestore();
  });
});
