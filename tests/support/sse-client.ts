/**
 * A server-sent-event client for tests, over fetch: a real HTTP connection
 * that reads the stream as it comes and keeps every event it was sent.
 */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines received (heartbeats). */
  comments: number;
  /** Resolves with the first event (already received or to come) that `match` accepts. */
  next(match: (event: SseEvent) => boolean): Promise<SseEvent>;
  close(): void;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
}

export async function openSse(url: string): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream" }, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters: Array<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
  const connection: SseConnection = {
    status: response.status,
    headers: response.headers,
    events,
    comments: 0,
    next(match) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => abort.abort(),
    ended: Promise.resolve(),
  };
  connection.ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: "message", id: null, data: "" };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) connection.comments += 1;
            else if (line.startsWith("event: ")) event.event = line.slice(7);
            else if (line.startsWith("id: ")) event.id = line.slice(4);
            else if (line.startsWith("data: ")) {
              event.data += (hasData ? "\n" : "") + line.slice(6);
              hasData = true;
            }
          }
          if (!hasData) continue;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  return connection;
}
