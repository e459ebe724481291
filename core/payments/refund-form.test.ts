import { describe, expect, it } from "vitest";
import { manualRefundSchema, providerRefundSchema } from "./refund-form";

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("the refund forms", () => {
  it("want a reason and the box ticked, in words that say what the box means", () => {
    expect(messages(providerRefundSchema.safeParse({ reason: " x ", key: crypto.randomUUID() }))).toEqual({
      reason: "Skriv varför gåvan betalas tillbaka.",
      confirm: "Kryssa i att gåvan ska betalas tillbaka.",
    });
    expect(messages(manualRefundSchema.safeParse({ reason: "a".repeat(501) }))).toEqual({
      reason: "Skriv högst 500 tecken.",
      confirm: "Kryssa i att pengarna är återbetalda hos betalleverantören.",
    });
  });

  it("send the provider the trimmed reason and the form's key", () => {
    const key = crypto.randomUUID();
    expect(providerRefundSchema.parse({ reason: " Givaren bad om det. ", confirm: "on", key })).toEqual({ reason: "Givaren bad om det.", confirm: "on", key });
    expect(messages(providerRefundSchema.safeParse({ reason: "Givaren bad om det.", confirm: "on", key: "" }))).toEqual({
      key: "Formuläret gick inte att skicka. Ladda om sidan och försök igen.",
    });
  });
});
