/**
 * The text a PDF shows: pdfkit's (deflated) content streams, their hex-encoded strings decoded.
 * Each stream is cut by its dictionary's /Length, not by looking for "endstream": compressed bytes
 * may hold anything, and about one certificate in a thousand (its random code) broke a search.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\r?\nstream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    } catch {
      continue; // not deflated (fonts, images): no text of ours
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
