import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listenSite } from "./http-server";

/** Sends one request on the socket and resolves with the status line of the answer (or why there was none). */
function ask(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve("closed by the server");
    const onData = (chunk: Buffer) => {
      cleanup();
      resolve(chunk.toString("latin1").split("\r\n")[0]!);
    };
    const onEnd = () => {
      cleanup();
      resolve("closed by the server");
    };
    const cleanup = () => {
      socket.off("data", onData);
      socket.off("close", onEnd);
      socket.off("error", onEnd);
    };
    socket.on("data", onData);
    socket.on("close", onEnd);
    socket.on("error", onEnd);
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
  });
}

describe("the site's HTTP server", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("keeps an idle keep-alive connection open longer than Node's 5 s, so a client's next request is answered, not reset", async () => {
    const server = await new Promise<ReturnType<typeof listenSite>>((resolve) => {
      const s = listenSite((_req, res) => res.end("ok"), 0, "127.0.0.1", () => resolve(s));
    });
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    expect(await ask(socket)).toBe("HTTP/1.1 200 OK");
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await ask(socket)).toBe("HTTP/1.1 200 OK");
    socket.destroy();
  }, 15_000);
});
