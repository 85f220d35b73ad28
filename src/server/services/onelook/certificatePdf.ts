/** A module certificate as a one-page PDF (pdfkit, its built-in Helvetica: no font files, no downloads). */
import type PDFKit from 'pdfkit';

// pdfkit takes ~0.2 s to load; only certificate downloads need it, so it loads on first use
// instead of on every server start (restarts and cluster workers start fast)
let pdfkit: Promise<typeof PDFKit> | null = null;
const loadPdfKit = (): Promise<typeof PDFKit> => (pdfkit ??= import('pdfkit').then((m) => m.default));

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

export async function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      layout: 'landscape',
      margin: 54,
      info: { Title: `Certificate: ${data.moduleTitle}`, Author: data.productName, Subject: `Verification code ${data.code}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const { width, height } = doc.page;
    doc.lineWidth(4).strokeColor('#1b5e20').rect(30, 30, width - 60, height - 60).stroke();
    doc.moveDown(2);
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#1b5e20').text(data.productName.toUpperCase(), { align: 'center', characterSpacing: 2 });
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(34).fillColor('#111111').text('Certificate of Completion', { align: 'center' });
    doc.moveDown(1);
    doc.font('Helvetica').fontSize(16).text('This certifies that', { align: 'center' });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(28).text(data.learnerName, { align: 'center' });
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(16).text('has completed the module', { align: 'center' });
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(24).text(data.moduleTitle, { align: 'center' });
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(14).text(`on ${data.completedOn}${data.schoolName ? ` at ${data.schoolName}` : ''}.`, { align: 'center' });
    doc.font('Helvetica').fontSize(11).fillColor('#333333');
    doc.text(`Verification code: ${data.code}`, 54, height - 110, { align: 'center', width: width - 108 });
    doc.text(`Check it at ${data.verifyUrl}`, { align: 'center', width: width - 108 });
    doc.end();
  });
}
