/**
 * Teacher guides: every module of the real course has a guide file a teacher can teach from (a new
 * module without one is flagged here); a bad guide file is refused naming it; a module without one
 * still reads. The guide, its pacing, its answer key and the packet's text are built from the
 * catalog by pure functions (services/catalog/teacherGuide.ts, packetPdf.ts), tested as tables.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCatalog, storedGuideOf, type CatalogGuide } from '../../../../src/server/content/catalog';
import { ContentError } from '../../../../src/server/content/frontMatter';
import { packetBlocks } from '../../../../src/server/services/catalog/packetPdf';
import type { TreeModule } from '../../../../src/server/services/catalog/repository';
import type { StoredQuestion } from '../../../../src/server/services/catalog/reviewServing';
import { answerKeyOf, answerText, buildGuide, pacingOf, parseStoredGuide } from '../../../../src/server/services/catalog/teacherGuide';

const ROOT = path.resolve(__dirname, '../../../..');
const FIXTURE = path.join(ROOT, '__tests__/fixtures/content');

describe('[content] every module of the course has a teacher guide', () => {
  const modules = readCatalog(path.join(ROOT, 'content'));
  it.each(modules.map((m) => [m.slug, m] as const))('%s: a guide.md with 3+ discussion prompts and one activity with its steps', (_slug, m) => {
    expect(m.guide).not.toBeNull();
    expect(m.guide!.discussionPrompts.length).toBeGreaterThanOrEqual(3);
    expect(m.guide!.activity.title).not.toBe('');
    expect(m.guide!.activity.steps.length).toBeGreaterThanOrEqual(3);
    expect(m.guide!.activity.minutes).toBeGreaterThan(0);
    // prompts are questions for the class, each different
    expect(new Set(m.guide!.discussionPrompts).size).toBe(m.guide!.discussionPrompts.length);
    // the standards its sections teach reach the guide with their statements
    expect(m.benchmarks.length).toBeGreaterThan(0);
    expect(Object.keys(storedGuideOf(m).sectionStandards).length).toBeGreaterThan(0);
  });
});

describe('the guide file is optional and validated like the other content files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-guide-'));
    cpSync(FIXTURE, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const GUIDE = 'catalog/budgeting/guide.md';
  const guideFile = (yaml: string) => writeFileSync(path.join(dir, GUIDE), `---\n${yaml}\n---\n`);
  const GOOD = [
    'discussionPrompts: ["One?", "Two?", "Three?"]',
    'activity:',
    '  title: Sort the Cards',
    '  minutes: 20',
    '  materials: [Cards]',
    '  steps: [Sort, Share, Discuss]',
  ];

  it('a module without guide.md reads, its guide empty', () => {
    expect(readCatalog(dir)[0]!.guide).toBeNull();
  });

  it('a module with one reads its prompts, activity, worksheets and notes', () => {
    guideFile([...GOOD, 'worksheets: [unit-price]', 'pacingNotes: One period.'].join('\n'));
    expect(readCatalog(dir)[0]!.guide).toEqual({
      discussionPrompts: ['One?', 'Two?', 'Three?'],
      activity: { title: 'Sort the Cards', minutes: 20, materials: ['Cards'], steps: ['Sort', 'Share', 'Discuss'] },
      worksheets: ['unit-price'],
      pacingNotes: 'One period.',
    });
  });

  it.each<[string, string[], RegExp]>([
    ['two prompts', ['discussionPrompts: ["One?", "Two?"]', ...GOOD.slice(1)], /discussionPrompts must list 3 to 8 prompts/],
    ['no activity', [GOOD[0]!], /activity is required/],
    ['an activity without steps', GOOD.slice(0, 5), /steps is required/],
    ['minutes as text', [...GOOD.slice(0, 3), '  minutes: "20"', ...GOOD.slice(4)], /minutes must be a whole number/],
    ['an unknown worksheet', [...GOOD, 'worksheets: [tax-return]'], /worksheets entries must be one of/],
    ['a typo in a field', [...GOOD, 'pacingNote: x'], /unknown field pacingNote/],
    ['an unknown activity field', [...GOOD, '  time: 5'], /unknown field time/],
  ])('%s: refused, naming the file', (_what, yaml, problem) => {
    guideFile(yaml.join('\n'));
    let error: unknown;
    try {
      readCatalog(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).file).toBe(GUIDE);
    expect((error as ContentError).problem).toMatch(problem);
  });
});

// ---------------------------------------------------------------- pure logic

const MODULE: TreeModule = {
  id: 1,
  slug: 'budgeting',
  title: 'Budgeting Basics',
  order: 1,
  summary: 'Plan your money.',
  estimatedMinutes: 40,
  materials: [
    {
      id: 10,
      slug: 'first-budget',
      title: 'Your First Budget',
      order: 1,
      summary: '',
      sections: [
        { slug: 'needs', title: 'Needs and Wants', order: 1, estimatedMinutes: 6 },
        { slug: 'plan', title: 'Write the Plan', order: 2, estimatedMinutes: 8 },
      ],
      review: { id: 100, title: 'Review: Your First Budget', passingScore: null, questionCount: 8, bankSize: 16, drawCount: 8 },
    },
    {
      id: 11,
      slug: 'spending',
      title: 'Spending Wisely',
      order: 2,
      summary: '',
      sections: [{ slug: 'compare', title: 'Compare Before You Buy', order: 1, estimatedMinutes: 7 }],
      review: { id: 101, title: 'Review: Spending Wisely', passingScore: null, questionCount: 5, bankSize: 5, drawCount: null },
    },
  ],
};

const FILE: CatalogGuide = {
  discussionPrompts: ['A?', 'B?', 'C?'],
  activity: { title: 'Card Sort', minutes: 20, materials: ['Cards'], steps: ['One', 'Two', 'Three'] },
  worksheets: ['unit-price', 'not-a-kind'],
  pacingNotes: 'Two days.',
};

describe('pacing: sections and reviews from the content, tests, discussion and activity', () => {
  it.each<[string, CatalogGuide | null, { label: string; minutes: number }[], number, number]>([
    [
      'with a guide file',
      FILE,
      [
        { label: 'Pre-test', minutes: 4 },
        { label: '1. Your First Budget', minutes: 14 + 8 },
        { label: '2. Spending Wisely', minutes: 7 + 5 },
        { label: 'Discussion', minutes: 15 },
        { label: 'Activity: Card Sort', minutes: 20 },
        { label: 'Post-test', minutes: 4 },
      ],
      77,
      2,
    ],
    [
      'without one: readings, reviews and tests only',
      null,
      [
        { label: 'Pre-test', minutes: 4 },
        { label: '1. Your First Budget', minutes: 22 },
        { label: '2. Spending Wisely', minutes: 12 },
        { label: 'Post-test', minutes: 4 },
      ],
      42,
      1,
    ],
  ])('%s', (_what, file, parts, total, periods) => {
    const pacing = pacingOf(MODULE, file);
    expect(pacing.parts.map(({ label, minutes }) => ({ label, minutes }))).toEqual(parts);
    expect(pacing.totalMinutes).toBe(total);
    expect(pacing.periods).toBe(periods);
    expect(pacing.notes).toBe(file ? 'Two days.' : null);
    expect(pacing.parts[1]!.detail).toBe('2 sections, 14 min; review of 8 questions, 8 min');
  });
});

describe('the guide: objectives, standards with the sections that teach them, prompts, activity, worksheets', () => {
  const stored = {
    file: FILE,
    benchmarks: [
      { id: 'SP.12.1', text: 'Develop a budget.' },
      { id: 'SP.12.3', text: 'Compare prices.' },
    ],
    sectionStandards: { 'first-budget/needs': ['SP.12.1'], 'first-budget/plan': ['SP.12.1'], 'spending/compare': ['SP.12.3'], 'gone/section': ['SP.12.3'] },
  };
  it.each<[string, string | null, Partial<ReturnType<typeof buildGuide>>]>([
    [
      'a written guide',
      JSON.stringify(stored),
      {
        written: true,
        discussionPrompts: ['A?', 'B?', 'C?'],
        activity: FILE.activity,
        standards: [
          { id: 'SP.12.1', text: 'Develop a budget.', sections: ['Needs and Wants', 'Write the Plan'] },
          { id: 'SP.12.3', text: 'Compare prices.', sections: ['Compare Before You Buy'] },
        ],
        worksheets: [{ kind: 'unit-price', title: 'Comparison Shopping', summary: 'Compare unit prices to find the better buy.' }],
      },
    ],
    ['no guide file yet', JSON.stringify({ ...stored, file: null }), { written: false, discussionPrompts: [], activity: null, worksheets: [] }],
    ['content imported before guides', null, { written: false, discussionPrompts: [], activity: null, standards: [] }],
    ['an unreadable stored guide', '{not json', { written: false, standards: [] }],
  ])('%s', (_what, json, expected) => {
    const guide = buildGuide(MODULE, ['Track spending'], parseStoredGuide(json));
    expect(guide).toMatchObject({ moduleSlug: 'budgeting', moduleTitle: 'Budgeting Basics', summary: 'Plan your money.', objectives: ['Track spending'], ...expected });
  });
});

const question = (over: Partial<StoredQuestion>): StoredQuestion => ({
  id: 1,
  review_id: 100,
  type: 'multiple-choice',
  prompt: 'Which is a need?',
  choices: JSON.stringify(['Rent', 'Concert tickets', 'A phone case']),
  answer: '0',
  explanation: 'Housing is a need.',
  unit: null,
  section_slug: 'needs',
  ...over,
});

describe('answer text: the right answer of each kind of question, as a teacher reads it', () => {
  it.each<[string, string, Partial<StoredQuestion>]>([
    ['single choice', 'Rent', {}],
    ['multiple select', 'Rent; A phone case', { type: 'multiple-select', answer: '[0,2]' }],
    ['true', 'True', { type: 'true-false', choices: null, answer: 'true' }],
    ['false', 'False', { type: 'true-false', choices: null, answer: 'false' }],
    ['numeric, exact, with its unit', '1,420 dollars', { type: 'numeric', choices: null, answer: '{"value":1420,"tolerance":0}', unit: 'dollars' }],
    ['numeric with a tolerance', '4.7 (within 0.05)', { type: 'numeric', choices: null, answer: '{"value":4.7,"tolerance":0.05}', unit: null }],
  ])('%s → %s', (_kind, text, over) => {
    expect(answerText(question(over))).toBe(text);
  });
});

describe('the answer key: every question of every bank, with its answer, explanation and section; the tests drawn from them', () => {
  it('keeps the content order and marks the right choices', () => {
    const bank = [
      question({ id: 1 }),
      question({ id: 2, type: 'multiple-select', answer: '[1,2]', section_slug: 'plan' }),
      question({ id: 3, review_id: 101, type: 'true-false', choices: null, answer: 'false', section_slug: null, prompt: 'Cheaper is always better.' }),
    ];
    const key = answerKeyOf(MODULE, bank);
    expect(key.reviews.map((r) => [r.materialSlug, r.title, r.draw, r.questions.length])).toEqual([
      ['first-budget', 'Review: Your First Budget', 8, 2],
      ['spending', 'Review: Spending Wisely', null, 1],
    ]);
    expect(key.reviews[0]!.questions[1]).toEqual({
      number: 2,
      type: 'multiple-select',
      prompt: 'Which is a need?',
      choices: [
        { text: 'Rent', right: false },
        { text: 'Concert tickets', right: true },
        { text: 'A phone case', right: true },
      ],
      answer: 'Concert tickets; A phone case',
      explanation: 'Housing is a need.',
      section: { slug: 'plan', title: 'Write the Plan' },
    });
    expect(key.reviews[1]!.questions[0]).toMatchObject({ number: 1, choices: null, answer: 'False', section: null });
    expect(key.tests).toMatchObject({ questionCount: 4, perMaterial: 2 });
    expect(key.tests.description).toMatch(/^The pre-test and the post-test each ask 4 questions: 2 drawn at random from each material/);
  });
});

describe('the packet: a section’s HTML as printable blocks', () => {
  it.each<[string, string, { kind: string; text: string }[]]>([
    ['paragraphs and headings', '<h2>Why</h2>\n<p>A <strong>plan</strong> &amp; a goal.</p>', [
      { kind: 'heading', text: 'Why' },
      { kind: 'paragraph', text: 'A plan & a goal.' },
    ]],
    ['lists', '<ul>\n<li>Rent</li>\n<li>Food</li>\n</ul>', [
      { kind: 'bullet', text: 'Rent' },
      { kind: 'bullet', text: 'Food' },
    ]],
    ['a table, row by row', '<table><thead><tr><th>Item</th><th>Cost</th></tr></thead><tbody><tr><td>Bus</td><td>$40</td></tr></tbody></table>', [
      { kind: 'row', text: 'Item  |  Cost' },
      { kind: 'row', text: 'Bus  |  $40' },
    ]],
    ['a glossary term keeps its words', '<p>Your <span class="term" data-term="x"><a href="/x">budget</a></span> works.</p>', [{ kind: 'paragraph', text: 'Your budget works.' }]],
    ['a calculator says where to use it', '<div class="lesson-tool" data-tool="calculator" data-kind="loan-payment" style="min-height:420px"><p class="lesson-tool-loading">Loan and car payment calculator: loading…</p></div>', [
      { kind: 'paragraph', text: '[Loan and car payment calculator: open this section in the app to use it.]' },
    ]],
  ])('%s', (_what, html, blocks) => {
    expect(packetBlocks(html)).toEqual(blocks);
  });
});
