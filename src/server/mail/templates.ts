/**
 * Every mail the product sends, as HTML + text from one set of values. Values are escaped in the
 * HTML part; links are absolute (config PUBLIC_URL) and built by the callers.
 */
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

function render(to: string, purpose: string, productName: string, t: Template): MailMessage {
  const text = [
    ...t.paragraphs,
    ...(t.code ? [`Your code: ${t.code}`] : []),
    ...(t.action ? [`${t.action.label}: ${t.action.url}`] : []),
    `— ${productName}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">',
    ...t.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(t.code ? [`<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(t.code)}</p>`] : []),
    ...(t.action
      ? [`<p><a href="${escapeHtml(t.action.url)}" style="color:#0b57d0">${escapeHtml(t.action.label)}</a></p>`]
      : []),
    `<p>— ${escapeHtml(productName)}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject: t.subject, text, html, purpose };
}

export const mailTemplates = {
  verifyEmail(to: string, productName: string, code: string, link: string, minutes: number): MailMessage {
    return render(to, 'verify-email', productName, {
      subject: `Your ${productName} verification code: ${code}`,
      paragraphs: [
        `Use this code to verify your e-mail address. It expires in ${minutes} minutes.`,
        'If you did not ask for it, you can ignore this mail.',
      ],
      code,
      action: { label: 'Or open this link to verify', url: link },
    });
  },
  passwordReset(to: string, productName: string, userName: string, link: string, minutes: number): MailMessage {
    return render(to, 'password-reset', productName, {
      subject: `Reset your ${productName} password`,
      paragraphs: [
        `Someone asked to reset the password of the ${productName} account "${userName}".`,
        `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail: your password stays the same.`,
      ],
      action: { label: 'Choose a new password', url: link },
    });
  },
  invitation(to: string, productName: string, schoolName: string, productLabel: string, link: string): MailMessage {
    return render(to, 'invitation', productName, {
      subject: `You are invited to ${productName} by ${schoolName}`,
      paragraphs: [
        `${schoolName} invites you to create your ${productName} account for ${productLabel}.`,
        'Open the link and confirm this e-mail address to start.',
      ],
      action: { label: 'Create your account', url: link },
    });
  },
  emailChange(to: string, productName: string, code: string, minutes: number): MailMessage {
    return render(to, 'email-change', productName, {
      subject: `Confirm your new ${productName} e-mail address`,
      paragraphs: [
        `Enter this code on your profile page to confirm this address. It expires in ${minutes} minutes.`,
        'If you did not ask for it, you can ignore this mail.',
      ],
      code,
    });
  },
  /**
   * A support reply: the reply's text and where to read and answer it — no subject, description or
   * other part of the ticket, so what a shared inbox shows is only what staff chose to write.
   */
  supportReply(to: string, productName: string, issueKey: string, reply: string, link: string, signedIn: boolean): MailMessage {
    return render(to, 'support-reply', productName, {
      subject: `${productName} support replied to your request ${issueKey}`,
      paragraphs: [
        `Our support team replied to your request ${issueKey}:`,
        reply,
        signedIn
          ? 'Sign in and open My requests on the Support page to read the whole conversation and answer.'
          : `To answer, send a new request from the help page and mention ${issueKey}.`,
      ],
      action: { label: signedIn ? 'Open My requests' : 'Open the help page', url: link },
    });
  },
  passwordChanged(to: string, productName: string, userName: string): MailMessage {
    return render(to, 'password-changed', productName, {
      subject: `Your ${productName} password was changed`,
      paragraphs: [
        `The password of the account "${userName}" was just changed and every other session was signed out.`,
        'If this was not you, ask for a password reset at once and tell your teacher.',
      ],
    });
  },
};
