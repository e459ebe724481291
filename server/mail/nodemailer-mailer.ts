import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "#core/mail/mailer";

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…; without it messages are written as .eml files. */
  smtpUrl?: string;
  mailDir: string;
  from: string;
  /** SMTP_TIMEOUT_MS: each step of an SMTP conversation. */
  timeoutMs?: number;
  /** The most one message may take in all; four times `timeoutMs`, at most 45 s, unless given. */
  sendLimitMs?: number;
}

export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;
/**
 * The most one message may take in all. Mail is sent by jobs, and the job
 * queue claims a job for 60 s (core/jobs/job-queue.ts): a send that outlived
 * the claim could be started again by another instance and reach the donor twice.
 */
const MAX_SEND_MS = 45_000;

/**
 * E-mail through nodemailer. With SMTP_URL it goes to that server; without it
 * every message is written as an .eml file under MAIL_DIR, so a developer (and
 * the test suite) can open exactly what a donor would receive.
 *
 * Nodemailer's own timeouts (2 minutes to connect, 10 minutes of silence on
 * the socket) would let a server that accepts the connection and never answers
 * hold a mail job, and the job loop behind it, for minutes. Here every step
 * (connecting and the greeting, each later answer) gets `timeoutMs`, and the
 * whole message at most four times that: a failure is an error the job
 * records, and the job tries again later.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
    // Options given with the URL; settings in the URL's query (?socketTimeout=…) would still win.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    });
    const sendLimitMs = options.sendLimitMs ?? Math.min(4 * timeoutMs, MAX_SEND_MS);
    return {
      async send(message) {
        // The typings lag behind nodemailer, which takes an AbortSignal and closes the connection when it fires.
        const mail = { ...toNodemailer(message, options.from), signal: AbortSignal.timeout(sendLimitMs) };
        await transport.sendMail(mail);
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, options.from));
      await fs.mkdir(options.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`;
      const file = path.join(options.mailDir, name);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
    },
  };
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  };
}
