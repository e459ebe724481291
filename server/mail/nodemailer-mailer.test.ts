import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMailer } from "./nodemailer-mailer";
import { TestSmtpServer } from "./test-smtp-server";

/**
 * The SMTP mailer's own limits, against a real SMTP server: a server that
 * takes the connection and never answers makes the send fail after the
 * configured timeout (not nodemailer's minutes), and the whole message is
 * bounded too. The jobs that send mail (server/smtp-delivery.test.ts) rely on it.
 */
const message = { to: "givare@exempel.se", subject: "Prov", text: "Hej!" };

describe("SMTP mailer", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
  });
  afterAll(() => smtp.down());
  beforeEach(async () => {
    // Drops connections left hanging by the test before.
    await smtp.down();
    smtp.behaviour = { kind: "accept" };
    smtp.messages.splice(0);
    await smtp.up();
  });

  const mailer = (options: { timeoutMs?: number; sendLimitMs?: number; url?: string } = {}) =>
    createMailer({ smtpUrl: options.url ?? smtp.url, mailDir: "/nonexistent", from: "Hjärtslag & Andetag <gava@exempel.se>", ...options });

  it("logs in and delivers the message", async () => {
    await mailer().send(message);
    expect(smtp.messagesTo("givare@exempel.se")).toHaveLength(1);
    expect(smtp.messages[0]!.from).toBe("gava@exempel.se");
    expect(smtp.messages[0]!.eml.subject).toBe("Prov");
  });

  it("fails, sending nothing, when the server refuses the login", async () => {
    await expect(mailer({ url: smtp.url.replace(/:[^:@]+@/, ":fel@") }).send(message)).rejects.toThrow(/535|Invalid/);
    expect(smtp.messages).toHaveLength(0);
  });

  it("gives up on a server that never greets after the timeout, not nodemailer's 30 seconds", async () => {
    smtp.behaviour = { kind: "hang", at: "greeting" };
    const started = Date.now();
    await expect(mailer({ timeoutMs: 200 }).send(message)).rejects.toThrow(/greeting|timeout/i);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(smtp.hanging).toBeGreaterThan(0);
  });

  it("gives up on a server that never answers the message after the timeout, not nodemailer's 10 minutes", async () => {
    smtp.behaviour = { kind: "hang", at: "data" };
    // 1 s, not 200 ms: on a loaded machine the greeting itself can take longer than 200 ms, and this is about the message.
    await expect(mailer({ timeoutMs: 1_000 }).send(message)).rejects.toThrow(/timeout/i);
    expect(smtp.messages).toHaveLength(0);
  });

  it("bounds the whole message, however patient each step may be", async () => {
    smtp.behaviour = { kind: "hang", at: "data" };
    const started = Date.now();
    await expect(mailer({ timeoutMs: 20_000, sendLimitMs: 200 }).send(message)).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
