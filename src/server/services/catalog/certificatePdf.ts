/**
 * A module certificate as a one-page PDF, made with jsPDF (the library the browser's budget and
 * worksheet exports use) and its built-in Helvetica: no font files, no downloads.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { pdfText } from '../../../common/pdfText';

// jsPDF takes a moment to load; only certificate downloads need it, so it loads on first use
// instead of on every server start (restarts and cluster workers start fast)
let jspdf: Promise<typeof JsPdf> | null = null;
const loadJsPdf = (): Promise<typeof JsPdf> => (jspdf ??= import('jspdf').then((m) => m.jsPDF));

export interface CertificateData {
  learnerName: string;
  moduleTitle: string;
  schoolName: string | null;
  /** the day the module was completed in the learner's time zone, mm/dd/yy */
  completedOn: string;
  code: string;
  /** the full address of the public page that checks the code (PUBLIC_URL + /certificates/{code}) */
  verifyUrl: string;
  productName: string;
}

const GREEN = '#1b5e20';

export async function renderCertificatePdf(raw: CertificateData): Promise<Buffer> {
  const JsPdfClass = await loadJsPdf();
  // the built-in fonts print Latin-1 only: names in other scripts are spelled as close as they can be
  const data = { ...raw, learnerName: pdfText(raw.learnerName), moduleTitle: pdfText(raw.moduleTitle), schoolName: raw.schoolName && pdfText(raw.schoolName) };
  const doc = new JsPdfClass({ unit: 'pt', format: 'letter', orientation: 'landscape', compress: true });
  doc.setProperties({ title: `Certificate: ${data.moduleTitle}`, author: data.productName, subject: `Verification code ${data.code}` });
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
  doc.text(data.productName.toUpperCase(), center, y, { align: 'center', charSpace: 2 });
  y += 56;
  doc.setTextColor('#111111');
  line('Certificate of Completion', 34, true, 24);
  line('This certifies that', 16, false, 14);
  line(data.learnerName, 28, true, 12);
  line('has completed the module', 16, false, 12);
  line(data.moduleTitle, 24, true, 10);
  line(`on ${data.completedOn}${data.schoolName ? ` at ${data.schoolName}` : ''}.`, 14, false, 0);

  doc.setFont('helvetica', 'normal').setFontSize(11).setTextColor('#333333');
  doc.text(`Verification code: ${data.code}`, center, height - 100, { align: 'center' });
  doc.text(`Check it at ${data.verifyUrl}`, center, height - 84, { align: 'center' });
  return Buffer.from(doc.output('arraybuffer'));
}
