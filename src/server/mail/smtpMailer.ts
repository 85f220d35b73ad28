/**
 * The real mail transport: nodemailer over SMTP, chosen by buildApp when SMTP_URL is set.
 * Implements the same Mailer interface as the outbox, so callers never know which one runs.
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mailer, MailMessage } from './mailer';

export class SmtpMailer implements Mailer {
  // nodemailer loads on first use: a server without SMTP_URL (or before its first mail) starts sooner
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      // short timeouts: a request that sends mail must not hang on a dead mail server
      createTransport({
        url: this.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 15_000,
      } as SMTPTransport.Options),
    );
    return this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    const transport = await this.transporter();
    await transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined ? { html: message.html } : {}),
      headers: { 'X-Cashwise-Purpose': message.purpose },
    });
  }

  async close(): Promise<void> {
    const transport = await this.transport;
    transport?.close();
  }
}
