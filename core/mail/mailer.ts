/**
 * Outgoing e-mail as the domain sees it. The server provides an implementation
 * over nodemailer (SMTP in production, .eml files under var/mail by default).
 */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
