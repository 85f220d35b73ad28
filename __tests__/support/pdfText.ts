/**
 * The text a PDF shows, line by line: each content stream (deflated or not) and its text operators
 * (`(…) Tj`, `[…] TJ`), literal and hex strings decoded.
 * Each stream is cut by its dictionary's /Length, not by looking for "endstream": compressed bytes
 * may hold anything, and about one certificate in a thousand (its random code) broke a search.
 */
import { inflateSync } from 'node:zlib';

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };

/** A PDF literal string's body, its escapes resolved. */
function literal(body: string): string {
  return body.replace(/\\([0-7]{1,3}|.)/gs, (_, escaped: string) =>
    /^[0-7]+$/.test(escaped) ? String.fromCharCode(parseInt(escaped, 8)) : (ESCAPES[escaped] ?? escaped),
  );
}

/** Every string in a run of PDF tokens (one Tj's operand, or a TJ's array), in order. */
function strings(tokens: string): string {
  return [...tokens.matchAll(/\(((?:\\.|[^\\)])*)\)|<([0-9a-fA-F\s]*)>/gs)]
    .map((m) => (m[1] !== undefined ? literal(m[1]) : Buffer.from(m[2]!.replace(/\s/g, ''), 'hex').toString('latin1')))
    .join('');
}

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams: string[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
      streams.push(`${match[0].trim()} (inflated)`);
    } catch (error) {
      content = bytes.toString('latin1'); // not deflated
      streams.push(`${match[0].trim()} (not inflated: ${(error as Error).message})`);
    }
    for (const op of content.matchAll(/(\((?:\\.|[^\\)])*\)|<[0-9a-fA-F\s]*>)\s*Tj|\[((?:\\.|[^\\\]])*)\]\s*TJ/gs)) {
      lines.push(strings(op[1] ?? op[2]!));
    }
  }
  // a PDF with no text at all is never what a test means to read: say what was found instead
  if (lines.length === 0) throw new Error(`No text in the PDF (${pdf.length} bytes); streams: ${streams.join('; ') || 'none'}; starts ${JSON.stringify(raw.slice(0, 400))}`);
  return lines.join('\n');
}
