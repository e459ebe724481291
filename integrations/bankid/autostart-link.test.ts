import { describe, expect, it } from "vitest";
import { bankIdAutostartLink, simulatorAutostartLink } from "./autostart-link";

describe("autostart links", () => {
  it("opens the BankID app with the token and redirect", () => {
    expect(bankIdAutostartLink("abc-123")).toBe("bankid:///?autostarttoken=abc-123&redirect=null");
    expect(bankIdAutostartLink("abc", "https://example.org/tack?x=1")).toBe(
      "bankid:///?autostarttoken=abc&redirect=https%3A%2F%2Fexample.org%2Ftack%3Fx%3D1",
    );
  });

  it("points at the simulator's app page in simulator mode", () => {
    expect(simulatorAutostartLink("/_sim/bankid/", "abc")).toBe("/_sim/bankid/open?autostarttoken=abc");
  });
});
