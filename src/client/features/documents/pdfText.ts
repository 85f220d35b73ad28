/**
 * Text for jsPDF's built-in fonts. Helvetica and the other standard PDF fonts know only the
 * WinAnsi character set (Latin-1 and a few typographic signs), and jsPDF writes any other
 * character as bytes of its UTF-16 code, which a reader shows as garbage ("💸" came out as "Ø=Ü¸").
 * Embedding a Unicode font for every PDF would add hundreds of kilobytes to the download, so the
 * text is made printable instead: letters with marks outside Latin-1 lose the mark ("ő" → "o", "ł" → "l"),
 * anything else unprintable (emoji, other scripts) is left out, and the spaces around it close up.
 */

/** The WinAnsi characters above Latin-1 (PDF 32000-1, Annex D). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Latin letters whose stroke is not a combining mark, so NFKD leaves them whole. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

function printable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (printable(char)) {
      out += char;
      continue;
    }
    if (char === '\n' || char === '\t') {
      out += ' ';
      continue;
    }
    // a letter with a mark outside Latin-1: the letter without it, when that is printable
    const base = STROKED[char] ?? char.normalize('NFKD').replace(/\p{M}+/gu, '');
    if (base && [...base].every(printable)) out += base;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
