import type net from "node:net";
import { SMTPServer } from "smtp-server";
import { readEml, type Eml } from "./read-eml";

/**
 * A real SMTP server for tests, on 127.0.0.1 and a port of its own, that the
 * site's mailer talks to through SMTP_URL (plain SMTP with AUTH, no STARTTLS).
 * It keeps what it accepts and can be told to misbehave as mail servers do:
 * refuse a recipient or a message, accept a connection and never answer (at
 * the greeting, or after the message's data), or be down altogether.
 */
export type SmtpBehaviour =
  | { kind: "accept" }
  /** Answers RCPT TO or the end of DATA with this code (4xx: try later, 5xx: refused). */
  | { kind: "refuse"; at: "recipient" | "data"; code: number }
  /** Takes the connection and never says another word: no greeting, or no answer to the message's data. */
  | { kind: "hang"; at: "greeting" | "data" };

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  /** The message as it arrived, line ends CRLF. */
  raw: string;
  /** The message read: headers, subject, text and attachments. */
  eml: Eml;
}

const USER = "site";
const PASSWORD = "smtp-test-password";

export class TestSmtpServer {
  /** Every message accepted so far, in order. */
  readonly messages: ReceivedMail[] = [];
  behaviour: SmtpBehaviour = { kind: "accept" };
  /** Connections the server has taken, and how many of them it was told not to answer. */
  connections = 0;
  hanging = 0;
  private server: SMTPServer | null = null;
  private readonly sockets = new Set<net.Socket>();
  private port = 0;

  static async start(): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer();
    await smtp.up();
    return smtp;
  }

  /** The SMTP_URL for the site, credentials included (the server checks them). */
  get url(): string {
    return `smtp://${USER}:${PASSWORD}@127.0.0.1:${this.port}`;
  }

  /** Listens again on the same port (after `down`). */
  async up(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authOptional: false,
      closeTimeout: 50,
      onConnect: (_session, callback) => {
        this.connections += 1;
        if (this.behaviour.kind === "hang" && this.behaviour.at === "greeting") {
          this.hanging += 1;
          return; // never calls back: no greeting is sent
        }
        callback();
      },
      onAuth: (auth, _session, callback) => {
        if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      },
      onRcptTo: (_address, _session, callback) => {
        const b = this.behaviour;
        if (b.kind === "refuse" && b.at === "recipient") return callback(smtpError(b.code, "Mailbox unavailable"));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const b = this.behaviour;
          if (b.kind === "hang" && b.at === "data") {
            this.hanging += 1;
            return; // the data is read, the answer never comes
          }
          if (b.kind === "refuse" && b.at === "data") return callback(smtpError(b.code, "Message refused"));
          const raw = Buffer.concat(chunks).toString("utf8");
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            eml: readEml(raw.replace(/\r\n/g, "\n")),
          });
          callback();
        });
      },
    });
    // A client that gives up (a timeout) resets its connection: expected here, not a failure.
    server.on("error", () => undefined);
    server.server.on("connection", (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        server.server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and drops every connection, hanging ones too: the mail server is down. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Messages accepted for one recipient. */
  messagesTo(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}
