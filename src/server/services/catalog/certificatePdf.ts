/**
 * A module certificate as a one-page PDF, made with jsPDF (the library the browser's budget and
 * worksheet exports use) and its built-in Helvetica: no font files, no downloads. Its words are in
 * the learner's language (server/i18n); the module's title is an input, in that language too.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { formatDayOf } from '../../../common/calendarDay';
import type { Language } from '../../../common/language';
import { pdfText } from '../../../common/pdfText';
import { formatDate, t } from '../../i18n';

// jsPDF takes a moment to load; only certificate downloads need it, so it loads on first use
// instead of on every server start (restarts and cluster workers start fast)
let jspdf: Promise<typeof JsPdf> | null = null;
const loadJsPdf = (): Promise<typeof JsPdf> => (jspdf ??= import('jspdf').then((m) => m.jsPDF));

export interface CertificateData {
  /** the learner's language: the certificate's words and its date */
  language: Language;
  learnerName: string;
  /** the module's title in that language (the caller looks it up: the words around it are made here) */
  moduleTitle: string;
  schoolName: string | null;
  /** when the module was completed, printed as the day it was in the learner's time zone */
  completedAt: number;
  timeZone: string;
  code: string;
  /** the full address of the public page that checks the code (PUBLIC_URL + /certificates/{code}) */
  verifyUrl: string;
  productName: string;
}

/** Every word the certificate prints, in the learner's language, top to bottom. */
export interface CertificateTexts {
  documentTitle: string;
  documentSubject: string;
  productName: string;
  title: string;
  certifies: string;
  learnerName: string;
  completed: string;
  moduleTitle: string;
  when: string;
  code: string;
  check: string;
}

/**
 * The completion day as each language writes it: English keeps the app's mm/dd/yy (DATE_FORMAT,
 * as the transcript and the public check show it); Spanish writes the day out ("7 de diciembre de
 * 2026"), because a Spanish reader takes 12/07/26 for the 12th of July.
 */
export function certificateDay(language: Language, completedAt: number, timeZone: string): string {
  return language === 'en' ? formatDayOf(completedAt, timeZone) : formatDate(language, completedAt, { dateStyle: 'long', timeZone });
}

export function certificateTexts(raw: CertificateData): CertificateTexts {
  const { language: l } = raw;
  // the built-in fonts print Latin-1 only: names in other scripts are spelled as close as they can be
  const learnerName = pdfText(raw.learnerName);
  const moduleTitle = pdfText(raw.moduleTitle);
  const school = raw.schoolName && pdfText(raw.schoolName);
  const date = certificateDay(l, raw.completedAt, raw.timeZone);
  return {
    documentTitle: t(l, 'certificate.documentTitle', { module: moduleTitle }),
    documentSubject: t(l, 'certificate.documentSubject', { code: raw.code }),
    productName: raw.productName,
    title: t(l, 'certificate.title'),
    certifies: t(l, 'certificate.certifies'),
    learnerName,
    completed: t(l, 'certificate.completed'),
    moduleTitle,
    when: school ? t(l, 'certificate.whenAt', { date, school }) : t(l, 'certificate.when', { date }),
    code: t(l, 'certificate.code', { code: raw.code }),
    check: t(l, 'certificate.check', { url: raw.verifyUrl }),
  };
}

const GREEN = '#1b5e20';

export async function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  const JsPdfClass = await loadJsPdf();
  const text = certificateTexts(data);
  const doc = new JsPdfClass({ unit: 'pt', format: 'letter', orientation: 'landscape', compress: true });
  doc.setProperties({ title: text.documentTitle, author: text.productName, subject: text.documentSubject });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const center = width / 2;
  const textWidth = width - 108;

  doc.setLineWidth(4).setDrawColor(GREEN).rect(30, 30, width - 60, height - 60, 'S');
  let y = 110;
  /** One centred block; a long name or title wraps instead of running off the page. */
  const line = (text: string, size: number, bold: boolean, gapAfter: number) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(size);
    const lines = doc.splitTextToSize(text, textWidth) as string[];
    doc.text(lines, center, y, { align: 'center' });
    y += lines.length * size * 1.15 + gapAfter;
  };
  doc.setTextColor(GREEN).setFont('helvetica', 'bold').setFontSize(16);
  doc.text(text.productName.toUpperCase(), center, y, { align: 'center', charSpace: 2 });
  y += 56;
  doc.setTextColor('#111111');
  line(text.title, 34, true, 24);
  line(text.certifies, 16, false, 14);
  line(text.learnerName, 28, true, 12);
  line(text.completed, 16, false, 12);
  line(text.moduleTitle, 24, true, 10);
  line(text.when, 14, false, 0);

  doc.setFont('helvetica', 'normal').setFontSize(11).setTextColor('#333333');
  doc.text(text.code, center, height - 100, { align: 'center' });
  doc.text(text.check, center, height - 84, { align: 'center' });
  return Buffer.from(doc.output('arraybuffer'));
}
