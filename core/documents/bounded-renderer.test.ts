import { describe, expect, it } from "vitest";
import { boundedRenderer, type RenderBackend } from "./bounded-renderer";
import { DocumentsBusyError } from "./documents-busy";
import type { DocumentRequest } from "./document-renderer";

/** A backend whose renders finish only when the test says so, in the order they were asked. */
function heldBackend() {
  const waiting: Array<{ finish: () => void; fail: (error: Error) => void }> = [];
  const backend: RenderBackend = {
    render: () =>
      new Promise<Buffer>((resolve, reject) => {
        waiting.push({ finish: () => resolve(Buffer.from("file")), fail: reject });
      }),
    warmUp: async () => {},
    close: async () => {},
  };
  return { backend, waiting };
}

const card = { kind: "thank-you-card", data: { firstName: "Åsa", amountOre: 10_000, date: "2026-11-27T10:00:00.000Z" } } satisfies DocumentRequest;

describe("the bounded renderer (decision 0039)", () => {
  it("lets workers plus queue renders in, refuses the next at once with a Retry-After, and lets one in again when one ends", async () => {
    const { backend, waiting } = heldBackend();
    const documents = boundedRenderer(backend, { concurrency: 2, queueMax: 1, retryAfterSeconds: 7 });
    const admitted = [documents.render(card, "png"), documents.render(card, "png"), documents.render(card, "pdf")];
    expect(documents.inFlight).toBe(3);
    const refused = await documents.render(card, "png").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DocumentsBusyError);
    expect((refused as DocumentsBusyError).retryAfterSeconds).toBe(7);
    expect(waiting).toHaveLength(3); // the refused render never reached the backend

    waiting[0]!.finish();
    await admitted[0];
    expect(documents.inFlight).toBe(2);
    const next = documents.render(card, "png");
    waiting.slice(1).forEach((w) => w.finish());
    await Promise.all([...admitted, next]);
    expect(documents.inFlight).toBe(0);
  });

  it("never refuses a job's render, and counts it in the load", async () => {
    const { backend, waiting } = heldBackend();
    const documents = boundedRenderer(backend, { concurrency: 1, queueMax: 0 });
    const visitor = documents.render(card, "png");
    const jobs = [documents.background.render(card, "pdf"), documents.background.render(card, "pdf")];
    expect(documents.inFlight).toBe(3);
    await expect(documents.render(card, "png")).rejects.toBeInstanceOf(DocumentsBusyError);
    waiting.forEach((w) => w.finish());
    await Promise.all([visitor, ...jobs]);
    expect(documents.inFlight).toBe(0);
  });

  it("frees the place of a render that failed", async () => {
    const { backend, waiting } = heldBackend();
    const documents = boundedRenderer(backend, { concurrency: 1, queueMax: 0 });
    const failing = documents.render(card, "png");
    waiting[0]!.fail(new Error("font missing"));
    await expect(failing).rejects.toThrow("font missing");
    expect(documents.inFlight).toBe(0);
    const again = documents.render(card, "png");
    waiting[1]!.finish();
    expect((await again).toString()).toBe("file");
  });
});
