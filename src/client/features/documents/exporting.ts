/**
 * Downloads and PDFs for saved documents. PDFs are made in the browser with jsPDF, loaded only when
 * the learner asks for one (its own chunk).
 */
import { pdfText } from '../../../common/pdfText';

export { downloadText } from '../../lib/download';

export interface PdfSection {
  heading: string;
  /** label / value rows; a value of '' prints the label alone */
  rows: Array<[string, string]>;
}

/**
 * A simple, printable PDF: a title, a subtitle and sections of label / value rows. Every text goes
 * through pdfText (the built-in fonts print Latin-1 only).
 */
export async function downloadPdf(fileName: string, rawTitle: string, rawSubtitle: string, rawSections: PdfSection[]): Promise<void> {
  const title = pdfText(rawTitle);
  const subtitle = pdfText(rawSubtitle);
  const sections = rawSections.map((section) => ({
    heading: pdfText(section.heading),
    rows: section.rows.map(([label, value]): [string, string] => [pdfText(label), pdfText(value)]),
  }));
  const { jsPDF } = await import(/* webpackChunkName: "pdf" */ 'jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'letter' });
  const left = 56;
  const right = doc.internal.pageSize.getWidth() - 56;
  const bottom = doc.internal.pageSize.getHeight() - 56;
  let y = 64;
  const room = (needed: number) => {
    if (y + needed > bottom) {
      doc.addPage();
      y = 64;
    }
  };
  doc.setFont('helvetica', 'bold').setFontSize(18).text(title, left, y);
  y += 22;
  doc.setFont('helvetica', 'normal').setFontSize(11).text(subtitle, left, y);
  y += 26;
  for (const section of sections) {
    room(40);
    doc.setFont('helvetica', 'bold').setFontSize(13).text(section.heading, left, y);
    y += 18;
    doc.setFont('helvetica', 'normal').setFontSize(11);
    for (const [label, value] of section.rows) {
      const lines = doc.splitTextToSize(label, right - left - 140) as string[];
      room(lines.length * 14 + 4);
      doc.text(lines, left, y);
      if (value) doc.text(value, right, y, { align: 'right' });
      y += lines.length * 14 + 2;
    }
    y += 12;
  }
  doc.setFontSize(9).text('Made with Cashwise', left, bottom + 24);
  doc.save(fileName);
}
