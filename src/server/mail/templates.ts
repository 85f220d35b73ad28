/**
 * Every mail the product sends, as HTML + text from one set of values, in the recipient's language
 * (server/i18n catalogs; the callers choose it, docs/i18n.md "E-mails"). Values are escaped in the
 * HTML part; links are absolute (config PUBLIC_URL) and built by the callers.
 */
import type { Language } from '../../common/language';
import { t } from '../i18n';
import type { MailMessage } from './mailer';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface Template {
  subject: string;
  /** paragraphs of plain text */
  paragraphs: string[];
  /** a call to action: label and absolute URL */
  action?: { label: string; url: string };
  /** a code to show large (e.g. the 6-digit verification code) */
  code?: string;
}

function render(to: string, purpose: string, productName: string, language: Language, m: Template): MailMessage {
  const text = [
    ...m.paragraphs,
    ...(m.code ? [t(language, 'mail.code', { code: m.code })] : []),
    ...(m.action ? [`${m.action.label}: ${m.action.url}`] : []),
    t(language, 'mail.signature', { product: productName }),
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">`,
    ...m.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(m.code ? [`<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(m.code)}</p>`] : []),
    ...(m.action
      ? [`<p><a href="${escapeHtml(m.action.url)}" style="color:#0b57d0">${escapeHtml(m.action.label)}</a></p>`]
      : []),
    `<p>${escapeHtml(t(language, 'mail.signature', { product: productName }))}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject: m.subject, text, html, purpose };
}

/** Each template's last argument is the recipient's language. */
export const mailTemplates = {
  verifyEmail(to: string, productName: string, code: string, link: string, minutes: number, language: Language): MailMessage {
    return render(to, 'verify-email', productName, language, {
      subject: t(language, 'mail.verifyEmail.subject', { product: productName, code }),
      paragraphs: [t(language, 'mail.verifyEmail.body', { minutes }), t(language, 'mail.ignore')],
      code,
      action: { label: t(language, 'mail.verifyEmail.action'), url: link },
    });
  },
  passwordReset(to: string, productName: string, userName: string, link: string, minutes: number, language: Language): MailMessage {
    return render(to, 'password-reset', productName, language, {
      subject: t(language, 'mail.passwordReset.subject', { product: productName }),
      paragraphs: [t(language, 'mail.passwordReset.body', { product: productName, userName }), t(language, 'mail.passwordReset.expiry', { minutes })],
      action: { label: t(language, 'mail.passwordReset.action'), url: link },
    });
  },
  invitation(to: string, productName: string, schoolName: string, productLabel: string, link: string, language: Language): MailMessage {
    return render(to, 'invitation', productName, language, {
      subject: t(language, 'mail.invitation.subject', { product: productName, school: schoolName }),
      paragraphs: [t(language, 'mail.invitation.body', { school: schoolName, product: productName, productLabel }), t(language, 'mail.invitation.start')],
      action: { label: t(language, 'mail.invitation.action'), url: link },
    });
  },
  emailChange(to: string, productName: string, code: string, minutes: number, language: Language): MailMessage {
    return render(to, 'email-change', productName, language, {
      subject: t(language, 'mail.emailChange.subject', { product: productName }),
      paragraphs: [t(language, 'mail.emailChange.body', { minutes }), t(language, 'mail.ignore')],
      code,
    });
  },
  /**
   * A support reply: the reply's text and where to read and answer it — no subject, description or
   * other part of the ticket, so what a shared inbox shows is only what staff chose to write.
   */
  supportReply(to: string, productName: string, issueKey: string, reply: string, link: string, signedIn: boolean, language: Language): MailMessage {
    return render(to, 'support-reply', productName, language, {
      subject: t(language, 'mail.supportReply.subject', { product: productName, issueKey }),
      paragraphs: [
        t(language, 'mail.supportReply.body', { issueKey }),
        reply,
        signedIn ? t(language, 'mail.supportReply.signedIn') : t(language, 'mail.supportReply.anonymous', { issueKey }),
      ],
      action: { label: t(language, signedIn ? 'mail.supportReply.signedInAction' : 'mail.supportReply.anonymousAction'), url: link },
    });
  },
  passwordChanged(to: string, productName: string, userName: string, language: Language): MailMessage {
    return render(to, 'password-changed', productName, language, {
      subject: t(language, 'mail.passwordChanged.subject', { product: productName }),
      paragraphs: [t(language, 'mail.passwordChanged.body', { userName }), t(language, 'mail.passwordChanged.warning')],
    });
  },
};
