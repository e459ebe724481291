import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, scrubSensitiveText } from "./logging";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

describe("logging", () => {
  it("scrubs personnummer, e-mail and token parameters from text", () => {
    const text = "gift from 19811228-9874 (anna@exempel.se) via /my-data?token=abc.def&x=1 and 198112289874";
    const out = scrubSensitiveText(text);
    expect(out).not.toContain("9874");
    expect(out).not.toContain("anna@exempel.se");
    expect(out).not.toContain("abc.def");
    expect(out).toContain("token=[redacted]");
  });

  it("scrubs a letter link's reference from paths", () => {
    expect(scrubSensitiveText("GET /api/donor/7Q3M9K2XD4B8N1PV6T5RW0CHJY failed")).toBe("GET /api/donor/[redacted] failed");
    expect(scrubSensitiveText("/donor/7Q3M9K2XD4B8N1PV6T5RW0CHJY?x=1")).toBe("/donor/[redacted]?x=1");
    // The page a letter's link opens, and its route data.
    expect(scrubSensitiveText("GET /brev/7Q3M9K2XD4B8N1PV6T5RW0CHJY 303")).toBe("GET /brev/[redacted] 303");
    expect(scrubSensitiveText("/brev/7q3m9k2xd4b8n1pv6t5rw0chjy.data?_routes=routes%2Fletter-link")).toBe("/brev/[redacted]?_routes=routes%2Fletter-link");
  });

  it("censors sensitive keys and scrubs messages in emitted lines", () => {
    const { lines, logger } = capture();
    logger.info({ personnummer: "198112289874", nested: { token: "secret-token", note: "mail anna@exempel.se" } }, "donor 811228-9874 gave");
    const line = lines.join("");
    expect(line).not.toContain("198112289874");
    expect(line).not.toContain("secret-token");
    expect(line).not.toContain("anna@exempel.se");
    expect(line).not.toContain("811228-9874");
    expect(JSON.parse(line).msg).toBe("donor [personnummer] gave");
  });
});
