/**
 * The figures ledger and its placeholders (src/server/content/figures.ts), and the section fields
 * that refer to content/standards.yaml: pure logic as table tests, and the reader refusing a bad
 * reference in a copy of the fixture content, naming the file (and the line, for a placeholder).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCatalog } from '../../../../src/server/content/catalog';
import { currentTaxYear, expandFigures, formatFigure, parseFigures, staleFigures, type Figure } from '../../../../src/server/content/figures';
import { ContentError } from '../../../../src/server/content/frontMatter';
import { parseStandards } from '../../../../src/server/content/standards';

const figure = (id: string, value: number, format: Figure['format'], year = 2025): Figure => ({ id, label: id, value, format, year, source: 'IRS, Rev. Proc. 2024-40' });
const LEDGER = new Map(
  [figure('deduction', 15750, 'usd'), figure('wage', 7.25, 'usd', 2009), figure('ss-rate', 6.2, 'percent'), figure('medicare', 1.45, 'percent'), figure('score-max', 850, 'number', 2026), figure('withdrawal-age', 59.5, 'age', 2026), figure('coverage-age', 26, 'age', 2026)].map((f) => [f.id, f]),
);

describe('formatFigure', () => {
  it.each([
    ['deduction', undefined, '$15,750'],
    ['wage', undefined, '$7.25'],
    ['ss-rate', undefined, '6.2%'],
    ['ss-rate', 'decimal', '0.062'],
    ['medicare', 'decimal', '0.0145'],
    ['score-max', undefined, '850'],
    ['withdrawal-age', undefined, '59½'],
    ['coverage-age', undefined, '26'],
    ['withdrawal-age', 'decimal', null],
    ['deduction', 'year', '2025'],
    ['deduction', 'decimal', null],
    ['deduction', 'cents', null],
  ])('%s with modifier %s prints %s', (id, modifier, printed) => {
    expect(formatFigure(LEDGER.get(id)!, modifier)).toBe(printed);
  });
});

describe('expandFigures', () => {
  it('replaces each placeholder, in front matter and body alike', () => {
    const text = '---\ntitle: The {{figure:deduction:year}} deduction\n---\nIt is **{{figure:deduction}}**; $300 x {{figure:ss-rate:decimal}} = $18.60.\n';
    expect(expandFigures(text, LEDGER, 'a.md')).toBe('---\ntitle: The 2025 deduction\n---\nIt is **$15,750**; $300 x 0.062 = $18.60.\n');
  });

  it.each([
    ['an unknown id', 'line one\nThe limit is {{figure:fdic-limit}}.', /^line 2: unknown figure "fdic-limit" in \{\{figure:fdic-limit\}\}/],
    ['a misspelt kind', 'x\ny\nSee {{figur:deduction}}', /^line 3: "\{\{figur:deduction\}\}" is not a placeholder/],
    ['an unclosed placeholder', 'It is {{figure:deduction now', /^line 1: "\{\{" is not closed/],
    ['a modifier that does not apply', '{{figure:deduction:decimal}}', /^line 1: .* only a percent figure has a decimal form/],
    ['an unknown modifier', '\n{{figure:deduction:cents}}', /^line 2: .* modifiers are year and decimal/],
  ])('refuses %s, naming the file and the line', (_what, text, problem) => {
    let error: unknown;
    try {
      expandFigures(text, LEDGER, 'catalog/m/mat/s.md');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).file).toBe('catalog/m/mat/s.md');
    expect((error as ContentError).problem).toMatch(problem);
  });

  it('leaves text without placeholders untouched', () => {
    expect(expandFigures('A {single} brace and $250.', LEDGER, 'a.md')).toBe('A {single} brace and $250.');
  });
});

describe('staleFigures: the figures older than the tax year of an injected date', () => {
  it.each([
    ['2026-11-27T12:00:00Z', 2026, ['wage', 'deduction', 'medicare', 'ss-rate']],
    ['2025-01-01T00:00:00Z', 2025, ['wage']],
    ['2009-12-31T23:59:59Z', 2009, []],
  ])('on %s (tax year %i) lists %j', (iso, year, ids) => {
    const today = new Date(iso);
    expect(currentTaxYear(today)).toBe(year);
    expect(staleFigures(LEDGER, today).map((f) => f.id)).toEqual(ids);
  });
});

describe('parseFigures', () => {
  it.each([
    ['a value written with a dollar sign', 'x:\n  label: X\n  value: "$7.25"\n  format: usd\n  year: 2025\n  source: US DOL, FLSA', /figure x: value must be a number/],
    ['a figure without a source', 'x:\n  label: X\n  value: 1\n  format: usd\n  year: 2025', /figure x: source is required/],
    ['an unknown format', 'x:\n  label: X\n  value: 1\n  format: dollars\n  year: 2025\n  source: US DOL, FLSA', /format must be one of usd, percent, number/],
    ['an unknown field', 'x:\n  label: X\n  value: 1\n  format: usd\n  year: 2025\n  source: US DOL, FLSA\n  sorce: typo', /unknown field/],
    ['an id that is not a slug', 'Big_Id:\n  label: X\n  value: 1\n  format: usd\n  year: 2025\n  source: US DOL, FLSA', /figure id "Big_Id"/],
  ])('refuses %s, naming figures.yaml', (_what, text, problem) => {
    expect(() => parseFigures(text)).toThrow(ContentError);
    expect(() => parseFigures(text)).toThrow(problem);
    expect(() => parseFigures(text)).toThrow(/^figures\.yaml: /);
  });
});

describe('parseStandards', () => {
  const base = (extra = '') => `publication: P\nwordingChecked: false\ntopics:\n  - id: EI\n    title: Earning Income\n    benchmarks:\n      EI.12.1: Explain pay.\n${extra}`;
  it('reads topics, benchmarks and known gaps', () => {
    const s = parseStandards(base('knownGaps: [EI.12.1]\n'));
    expect([...s.ids]).toEqual(['EI.12.1']);
    expect(s.knownGaps).toEqual(['EI.12.1']);
  });
  it.each([
    ['a benchmark id of another topic', base().replace('EI.12.1:', 'SP.12.1:'), /benchmark id "SP.12.1" must be EI.12.<number>/],
    ['a known gap that is not a benchmark', base('knownGaps: [EI.12.9]\n'), /knownGaps lists "EI.12.9"/],
    ['an unknown field', base('notes: x\n'), /unknown field notes/],
  ])('refuses %s', (_what, text, problem) => {
    expect(() => parseStandards(text)).toThrow(problem);
  });
});

describe('the reader refuses a bad reference in a section, naming the file', () => {
  const FIXTURE = path.resolve(__dirname, '../../../fixtures/content');
  const SECTION = 'catalog/budgeting/first-budget/needs-and-wants.md';
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-refs-'));
    cpSync(FIXTURE, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const edit = (change: (text: string) => string) => writeFileSync(path.join(dir, SECTION), change(readFileSync(path.join(dir, SECTION), 'utf8')));
  const problemOf = (): ContentError => {
    try {
      readCatalog(dir);
    } catch (error) {
      if (error instanceof ContentError) return error;
      throw error;
    }
    throw new Error('the catalog was accepted');
  };
  const STANDARDS = 'publication: P\nwordingChecked: false\ntopics:\n  - id: SP\n    title: Spending\n    benchmarks:\n      SP.12.1: Develop a budget.\n';

  it('an unknown figure, with its line', () => {
    edit((text) => `${text}\nThe limit is {{figure:no-such-figure}}.\n`);
    const error = problemOf();
    expect(error.file).toBe(SECTION);
    expect(error.problem).toMatch(/^line \d+: unknown figure "no-such-figure"/);
  });

  it('a known figure is printed from the ledger', () => {
    writeFileSync(path.join(dir, 'figures.yaml'), 'min-wage:\n  label: Federal minimum wage\n  value: 7.25\n  format: usd\n  year: 2025\n  source: US DOL, FLSA 29 U.S.C. 206\n');
    edit((text) => `${text}\nThe federal minimum wage is {{figure:min-wage}} an hour.\n`);
    const section = readCatalog(dir)[0]!.materials[0]!.sections.find((s) => s.slug === 'needs-and-wants')!;
    expect(section.body).toContain('The federal minimum wage is $7.25 an hour.');
  });

  it('an unknown standards id', () => {
    writeFileSync(path.join(dir, 'standards.yaml'), STANDARDS);
    edit((text) => text.replace(/^---\n/, '---\nstandards: [SP.12.1, XX.12.4]\n'));
    const error = problemOf();
    expect(error.file).toBe(SECTION);
    expect(error.problem).toBe('standards entry "XX.12.4" is not a benchmark listed in standards.yaml');
  });

  it('a known standards id and a readability note are read into the section', () => {
    writeFileSync(path.join(dir, 'standards.yaml'), STANDARDS);
    edit((text) => text.replace(/^---\n/, '---\nstandards: [SP.12.1]\nreadability-note: A list of short examples on purpose.\n'));
    const section = readCatalog(dir)[0]!.materials[0]!.sections.find((s) => s.slug === 'needs-and-wants')!;
    expect(section.standards).toEqual(['SP.12.1']);
    expect(section.readabilityNote).toBe('A list of short examples on purpose.');
  });

  it('a standards id without content/standards.yaml', () => {
    edit((text) => text.replace(/^---\n/, '---\nstandards: [SP.12.1]\n'));
    expect(problemOf().problem).toMatch(/standards entry "SP.12.1" is not a benchmark/);
  });
});
