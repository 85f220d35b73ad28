/**
 * Outgoing e-mail, behind one interface. The embedded default writes every message to the
 * `outbox` table (the demo works offline; a development mailbox page can list it); an SMTP
 * transport can implement the same interface. Callers never know which one runs.
 */
import type { Db } from '../db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what the mail is for, e.g. 'support-ticket', 'verify-email' — kept with the outbox row */
  purpose: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Stores each message in the outbox table; nothing leaves the machine. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({
        created_at: this.clock(),
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        purpose: message.purpose,
        sent_at: null,
      })
      .execute();
  }
}
