/**
 * The ledger of dated figures (content/figures.yaml): each figure an agency or a law sets (the
 * standard deduction, FICA rates, the FDIC limit, …) with its value, the year it holds for and its
 * source. Content writes `{{figure:<id>}}` (or `{{figure:<id>:year}}`, `{{figure:<id>:decimal}}`)
 * instead of the number, so updating the course each year is one file. An unknown id, an unknown
 * modifier or a malformed placeholder is a ContentError naming the file and the line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { number, object, string } from 'yup';
import { DIRECTIVE_PARAGRAPH, TOOL_KINDS, TOOL_TYPES, isToolKind, type ToolType } from '../../common/lessonTools';
import { validate } from './contentFolder';
import { ContentError, parseYamlLenient } from './frontMatter';

export const FIGURES_FILE = 'figures.yaml';

export const FIGURE_FORMATS = ['usd', 'percent', 'number', 'age'] as const;
export type FigureFormat = (typeof FIGURE_FORMATS)[number];

export interface Figure {
  id: string;
  label: string;
  value: number;
  format: FigureFormat;
  year: number;
  source: string;
  note?: string;
}

export type FigureLedger = ReadonlyMap<string, Figure>;

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const figureSchema = object({
  label: string().strict().typeError('label must be text').required('label is required').max(200, 'label must be at most 200 characters'),
  value: number().strict().typeError('value must be a number (no "$", "%" or commas)').required('value is required'),
  format: string()
    .strict()
    .required('format is required')
    .oneOf([...FIGURE_FORMATS], `format must be one of ${FIGURE_FORMATS.join(', ')}`),
  year: number().strict().typeError('year must be a whole year like 2025').required('year is required').integer('year must be a whole year like 2025').min(1900, 'year must be a whole year like 2025').max(2200, 'year must be a whole year like 2025'),
  source: string().strict().typeError('source must be text').required('source is required (the agency and the document)').min(5, 'source must name the agency and the document'),
  note: string().strict().typeError('note must be text').optional(),
})
  .noUnknown(true, ({ unknown }) => `unknown field ${String(unknown)} (allowed: label, value, format, year, source, note)`)
  .strict();

/** Parses and validates the ledger's text; `file` names it in messages. */
export function parseFigures(text: string, file: string = FIGURES_FILE): Map<string, Figure> {
  let data: unknown;
  try {
    data = parseYamlLenient(text);
  } catch (error) {
    throw new ContentError(file, `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return new Map();
  if (typeof data !== 'object' || Array.isArray(data)) throw new ContentError(file, 'must be a set of "<figure-id>: { label, value, format, year, source }" entries');
  const figures = new Map<string, Figure>();
  for (const [id, raw] of Object.entries(data as Record<string, unknown>)) {
    if (!ID.test(id)) throw new ContentError(file, `figure id "${id}" must be lowercase a-z, 0-9 and single "-"`);
    const fields = validate<Omit<Figure, 'id'>>(figureSchema, raw, file, `figure ${id}: `);
    figures.set(id, { id, ...fields });
  }
  return figures;
}

/** Reads `<contentDir>/figures.yaml`; content without one has an empty ledger (every placeholder is then unknown). */
export function readFigures(contentDir: string): Map<string, Figure> {
  let text: string;
  try {
    text = readFileSync(path.join(contentDir, FIGURES_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new ContentError(FIGURES_FILE, `cannot be read: ${(error as Error).message}`);
  }
  return parseFigures(text);
}

const usd = (value: number) =>
  `$${value.toLocaleString('en-US', Number.isInteger(value) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const FIGURE_MODIFIERS = ['year', 'decimal'] as const;

/**
 * How a figure prints: usd "$15,750" / "$7.25", percent "6.2%", number "1,000", age "26" / "59½" (the
 * way the IRS and HealthCare.gov write ages; "age 59.5" reads as a decimal). Modifiers: `year`
 * prints the year it holds for ("the 2025 standard deduction"), `decimal` a percent as the factor a
 * worked example multiplies by (6.2% → 0.062). Returns null for a modifier that does not apply.
 */
export function formatFigure(figure: Figure, modifier?: string): string | null {
  if (modifier === 'year') return String(figure.year);
  if (modifier === 'decimal') return figure.format === 'percent' ? String(Number((figure.value / 100).toPrecision(12))) : null;
  if (modifier !== undefined) return null;
  if (figure.format === 'usd') return usd(figure.value);
  if (figure.format === 'percent') return `${figure.value}%`;
  if (figure.format === 'age' && figure.value % 1 === 0.5) return `${Math.floor(figure.value)}½`;
  return figure.value.toLocaleString('en-US');
}

/** Anything between "{{" and "}}"; a well-formed placeholder is checked by PLACEHOLDER_PARTS. */
const PLACEHOLDER = /\{\{([^{}\n]*)\}\}/g;
const PLACEHOLDER_PARTS = /^figure:([a-z0-9-]+)(?::([a-z]+))?$/;
/** `{{calculator:KIND}}` / `{{diagram:KIND}}`: a lesson tool (src/common/lessonTools.ts) */
const TOOL_DIRECTIVE = new RegExp(`^(${TOOL_TYPES.join('|')}):([a-z0-9-]*)$`);

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/**
 * Replaces every `{{figure:…}}` in a file's text (front matter and body alike, before either is
 * parsed, so a message's line is the file's own). Throws ContentError naming the file and line.
 */
export function expandFigures(text: string, figures: FigureLedger, file: string): string {
  const open = text.search(/\{\{(?![^{}\n]*\}\})/);
  if (open >= 0) throw new ContentError(file, `line ${lineOf(text, open)}: "{{" is not closed with "}}" on the same line (a figure is written {{figure:<id>}})`);
  return text.replace(PLACEHOLDER, (whole: string, inner: string, index: number) => {
    const where = `line ${lineOf(text, index)}`;
    const tool = TOOL_DIRECTIVE.exec(inner.trim());
    if (tool) {
      // a lesson tool stays in the text for the Markdown renderer; here only its kind and place are checked
      const [, type, kind] = tool as unknown as [string, ToolType, string];
      if (!isToolKind(type, kind)) throw new ContentError(file, `${where}: unknown ${type} "${kind}" in ${whole} (the ${type}s are ${TOOL_KINDS[type].join(', ')})`);
      const lineStart = text.lastIndexOf('\n', index) + 1;
      const lineEnd = text.indexOf('\n', index);
      if (!DIRECTIVE_PARAGRAPH.test(text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).trim())) {
        throw new ContentError(file, `${where}: ${whole} must be a paragraph on its own (a line by itself, with a blank line before and after)`);
      }
      return whole;
    }
    const parts = PLACEHOLDER_PARTS.exec(inner.trim());
    if (!parts) throw new ContentError(file, `${where}: "${whole}" is not a placeholder; write {{figure:<id>}}, {{figure:<id>:year}} or {{figure:<id>:decimal}} (or a paragraph {{calculator:<kind>}} or {{diagram:<kind>}})`);
    const [, id, modifier] = parts as unknown as [string, string, string | undefined];
    const figure = figures.get(id);
    if (!figure) throw new ContentError(file, `${where}: unknown figure "${id}" in ${whole} (the figures are listed in content/${FIGURES_FILE})`);
    const printed = formatFigure(figure, modifier);
    if (printed === null) {
      const why = modifier === 'decimal' ? 'only a percent figure has a decimal form' : `modifiers are ${FIGURE_MODIFIERS.join(' and ')}`;
      throw new ContentError(file, `${where}: ${whole} has modifier "${modifier}": ${why}`);
    }
    return printed;
  });
}

/** The figure ids a text uses (for the content check's "where is each figure used" list). */
export function figureIdsIn(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const parts = PLACEHOLDER_PARTS.exec((match[1] ?? '').trim());
    if (parts?.[1]) ids.add(parts[1]);
  }
  return [...ids];
}

/**
 * The tax year in progress on `today` (UTC): the year whose figures a student reading the course
 * now should see. Figures that hold for an earlier year need checking against their source.
 */
export const currentTaxYear = (today: Date): number => today.getUTCFullYear();

export function staleFigures(figures: FigureLedger, today: Date): Figure[] {
  const year = currentTaxYear(today);
  return [...figures.values()].filter((f) => f.year < year).sort((a, b) => a.year - b.year || a.id.localeCompare(b.id));
}
