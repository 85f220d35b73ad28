/**
 * The real mail transport: nodemailer over SMTP, chosen by buildApp when SMTP_URL is set.
 * Implements the same Mailer interface as the outbox, so callers never know which one runs.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mailer, MailMessage } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // short timeouts: a request that sends mail must not hang on a dead mail server
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    } as SMTPTransport.Options);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined ? { html: message.html } : {}),
      headers: { 'X-Cashwise-Purpose': message.purpose },
    });
  }

  close(): void {
    this.transport.close();
  }
}
