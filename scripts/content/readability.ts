/**
 * A section's reading grade: the Flesch–Kincaid grade level computed by text-readability (a port of
 * Python's textstat) over the section's prose. Lists, tables and headings are left out: they are
 * fragments, and counting each as a sentence would make any section look easy. The course aims at
 * grades 8–10 (docs/content-review.md); a section outside says why in `readability-note:`.
 * A dev-only tool (the content check and its test), so it lives outside src/.
 */
import MarkdownIt from 'markdown-it';
import readability from 'text-readability';
import { DIRECTIVE_PARAGRAPH } from '../../src/common/lessonTools';

export const GRADE_MIN = 8;
export const GRADE_MAX = 10;

const parser = new MarkdownIt({ html: false });

/** The prose of a Markdown body: paragraphs outside lists and tables (and not a lesson tool), each ending as a sentence. */
export function prose(markdown: string): string {
  const tokens = parser.parse(markdown, {});
  const paragraphs: string[] = [];
  let depth = 0;
  tokens.forEach((token, index) => {
    if (/^(bullet_list|ordered_list|table)_open$/.test(token.type)) depth += 1;
    if (/^(bullet_list|ordered_list|table)_close$/.test(token.type)) depth -= 1;
    if (token.type !== 'inline' || depth > 0 || tokens[index - 1]?.type !== 'paragraph_open') return;
    const text = (token.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('')
      .trim();
    // a {{calculator:…}} or {{diagram:…}} paragraph is a tool, not prose
    if (text && !DIRECTIVE_PARAGRAPH.test(text)) paragraphs.push(/[.?!:]$/.test(text) ? text : `${text}.`);
  });
  return paragraphs.join(' ');
}

/** The Flesch–Kincaid grade of a Markdown body's prose (one decimal, as the library rounds it). */
export function readingGrade(markdown: string): number {
  return readability.fleschKincaidGrade(prose(markdown));
}

export const inBand = (grade: number): boolean => grade >= GRADE_MIN && grade <= GRADE_MAX;
