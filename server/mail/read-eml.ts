/**
 * Reads the .eml files the file mail transport writes (no SMTP_URL), and the
 * messages server/mail/test-smtp-server.ts receives (line ends made LF first),
 * for tests: headers, encoded words, quoted-printable and base64 parts.
 */
export interface Eml {
  headers: string;
  subject: string;
  parts: Array<{ type: string; filename?: string; body: Buffer }>;
}

/** Enough MIME to read what nodemailer's file transport wrote: headers, encoded words, QP and base64 parts. */
export function readEml(raw: string): Eml {
  const [headers = "", ...bodyParts] = raw.split(/\n\n/);
  const unfolded = headers.replace(/\n[ \t]+/g, " ");
  const words = (text: string) =>
    text.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, value: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(value, "base64").toString("utf8") : qp(value.replace(/_/g, " ")).toString("utf8"),
    );
  const qp = (text: string) => Buffer.from(text.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1");
  const boundary = /boundary="?([^";\n]+)"?/.exec(unfolded)?.[1];
  const body = bodyParts.join("\n\n");
  // A single-part message has its part's headers in the message's own.
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${headers}\n\n${body}`];
  const parts = chunks.flatMap((chunk) => {
    const [partHeaders = "", ...rest] = chunk.replace(/^\n/, "").split(/\n\n/);
    const h = partHeaders.replace(/\n[ \t]+/g, " ");
    const content = rest.join("\n\n");
    const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(h)?.[1]?.toLowerCase();
    const decoded = encoding === "base64" ? Buffer.from(content.replace(/\s/g, ""), "base64") : encoding === "quoted-printable" ? qp(content) : Buffer.from(content);
    const filename = /filename="?([^";\n]+)"?/.exec(h)?.[1];
    return [{ type: /Content-Type: ([^;\n]+)/i.exec(h)?.[1] ?? "text/plain", ...(filename ? { filename: words(filename) } : {}), body: decoded }];
  });
  return { headers: unfolded, subject: words(/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? ""), parts };
}
