/**
 * A module's printable student packet: its sections' readings, material by material, and a blank
 * page for each worksheet the module's guide names, for a class without a device for every student.
 * jsPDF and its built-in Helvetica, as the certificate (./certificatePdf.ts): no font files.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { pdfText } from '../../../common/pdfText';

let jspdf: Promise<typeof JsPdf> | null = null;
const loadJsPdf = (): Promise<typeof JsPdf> => (jspdf ??= import('jspdf').then((m) => m.jsPDF));

export interface PacketData {
  moduleTitle: string;
  productName: string;
  materials: { title: string; sections: { title: string; html: string }[] }[];
  worksheets: { kind: string; title: string; summary: string }[];
}

export type PacketBlock = { kind: 'heading' | 'paragraph' | 'bullet' | 'row'; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name]!);
const plain = (html: string) => decode(html.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();

/**
 * A section's HTML (the importer's own renderer: markdown.ts) as printable blocks: headings,
 * paragraphs, list items and table rows; a calculator or diagram, which paper cannot hold, as a
 * line saying where to find it.
 */
export function packetBlocks(html: string): PacketBlock[] {
  const withTools = html.replace(/<div class="[^"]*" data-tool="[^"]*"[^>]*>\s*<p[^>]*>([\s\S]*?): loading…<\/p>\s*<\/div>/g, (_m, title: string) => `<p>[${title}: open this section in the app to use it.]</p>`);
  const blocks: PacketBlock[] = [];
  for (const match of withTools.matchAll(/<(h[2-6]|p|li|tr)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const [, tag, inner] = match as unknown as [string, string, string];
    if (tag === 'tr') {
      const cells = inner.split(/<\/t[hd]>/).map(plain).filter((c) => c !== '');
      if (cells.length > 0) blocks.push({ kind: 'row', text: cells.join('  |  ') });
      continue;
    }
    const text = plain(inner);
    if (text === '') continue;
    blocks.push({ kind: tag === 'p' ? 'paragraph' : tag === 'li' ? 'bullet' : 'heading', text });
  }
  return blocks;
}

/** The blank columns of each worksheet's printed page. */
const WORKSHEET_COLUMNS: Record<string, string[]> = {
  'net-worth': ['What you own (asset)', 'Value', 'What you owe (liability)', 'Balance'],
  'debt-payoff': ['Debt', 'Balance', 'APR', 'Minimum payment'],
  'savings-goal': ['Goal', 'Saved so far', 'Monthly deposit', 'Months to the goal'],
  paycheck: ['Line of the pay stub', 'This paycheck', 'Year to date'],
  'compound-interest': ['Year', 'Deposits so far', 'Interest earned', 'Balance'],
  'unit-price': ['Item and size', 'Price', 'Units', 'Price per unit'],
};

const MARGIN = 54;
const GREEN = '#1b5e20';

export async function renderPacketPdf(raw: PacketData): Promise<Buffer> {
  const JsPdfClass = await loadJsPdf();
  const moduleTitle = pdfText(raw.moduleTitle);
  const doc = new JsPdfClass({ unit: 'pt', format: 'letter', orientation: 'portrait', compress: true });
  doc.setProperties({ title: `Student packet: ${moduleTitle}`, author: raw.productName });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const textWidth = width - 2 * MARGIN;
  let y = MARGIN;

  const newPage = () => {
    doc.addPage();
    y = MARGIN;
  };
  /** A wrapped block; a new page first when it does not fit. */
  const write = (text: string, size: number, options: { bold?: boolean; indent?: number; gap?: number; color?: string } = {}) => {
    const indent = options.indent ?? 0;
    doc.setFont('helvetica', options.bold ? 'bold' : 'normal').setFontSize(size).setTextColor(options.color ?? '#111111');
    const lines = doc.splitTextToSize(pdfText(text), textWidth - indent) as string[];
    const lineHeight = size * 1.3;
    for (const line of lines) {
      if (y + lineHeight > height - MARGIN) newPage();
      doc.text(line, MARGIN + indent, y + size);
      y += lineHeight;
    }
    y += options.gap ?? size * 0.5;
  };

  // the cover: the module, what is in the packet, a line for the student's name
  write(raw.productName.toUpperCase(), 12, { bold: true, color: GREEN, gap: 18 });
  write(moduleTitle, 26, { bold: true, gap: 6 });
  write('Student packet', 16, { gap: 24 });
  write('Name: ______________________________    Class period: ________', 12, { gap: 24 });
  write('Inside', 14, { bold: true });
  for (const mat of raw.materials) write(`${mat.title}: ${mat.sections.map((s) => s.title).join(', ')}`, 11, { indent: 12 });
  for (const w of raw.worksheets) write(`Worksheet: ${w.title}`, 11, { indent: 12 });

  for (const mat of raw.materials) {
    newPage();
    write(mat.title, 20, { bold: true, color: GREEN, gap: 12 });
    for (const section of mat.sections) {
      write(section.title, 15, { bold: true, gap: 8 });
      for (const block of packetBlocks(section.html)) {
        if (block.kind === 'heading') write(block.text, 12, { bold: true, gap: 4 });
        else if (block.kind === 'bullet') write(`•  ${block.text}`, 11, { indent: 12, gap: 3 });
        else if (block.kind === 'row') write(block.text, 10, { indent: 12, gap: 2 });
        else write(block.text, 11);
      }
      y += 12;
    }
  }

  for (const w of raw.worksheets) {
    newPage();
    write(`Worksheet: ${w.title}`, 20, { bold: true, color: GREEN, gap: 6 });
    write(w.summary, 12, { gap: 18 });
    const columns = WORKSHEET_COLUMNS[w.kind] ?? ['Item', 'Amount'];
    const columnWidth = textWidth / columns.length;
    doc.setFont('helvetica', 'bold').setFontSize(10).setTextColor('#111111');
    columns.forEach((c, i) => doc.text(doc.splitTextToSize(c, columnWidth - 6) as string[], MARGIN + i * columnWidth + 3, y + 10));
    y += 30;
    doc.setLineWidth(0.5).setDrawColor('#555555');
    for (let row = 0; row < 12; row += 1) {
      doc.rect(MARGIN, y, textWidth, 28);
      for (let i = 1; i < columns.length; i += 1) doc.line(MARGIN + i * columnWidth, y, MARGIN + i * columnWidth, y + 28);
      y += 28;
    }
    y += 18;
    write('What did you find out? ______________________________________________________________', 11);
  }

  // every page says which packet and which page it is, for a stack that gets dropped
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor('#444444');
    doc.text(`${moduleTitle} - student packet - page ${page} of ${pages}`, width / 2, height - 28, { align: 'center' });
  }
  return Buffer.from(doc.output('arraybuffer'));
}
