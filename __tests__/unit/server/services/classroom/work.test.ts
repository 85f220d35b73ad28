/** A student's work on one assignment, as a dashboard cell opens it: answers in words, sections, attempts. */
import type { LearnerProgress, TreeModule } from '../../../../../src/server/services/catalog/repository';
import type { StoredQuestion } from '../../../../../src/server/services/catalog/reviewServing';
import { answerText, workOf, type AttemptRow } from '../../../../../src/server/services/classroom/work';

const q = (id: number, type: string, answer: unknown, choices: string[] | null = null, unit: string | null = null): StoredQuestion => ({
  id,
  review_id: 1,
  type,
  prompt: `Q${id}?`,
  choices: choices && JSON.stringify(choices),
  answer: JSON.stringify(answer),
  explanation: '',
  unit,
  section_slug: null,
});
const BANK = [
  q(1, 'multiple-choice', 1, ['Rent', 'Movies']),
  q(2, 'multiple-select', [0, 1], ['Food', 'Rent', 'Games']),
  q(3, 'true-false', true),
  q(4, 'numeric', { value: 500, tolerance: 0 }, null, 'dollars'),
];

describe('answerText: an answer as the student gave it, in words', () => {
  it.each<[StoredQuestion, unknown, string]>([
    [BANK[0]!, 0, 'Rent'],
    [BANK[1]!, [0, 2], 'Food; Games'],
    [BANK[2]!, false, 'False'],
    [BANK[3]!, 450, '450 dollars'],
    [BANK[0]!, undefined, 'No answer'],
  ])('%#: %j', (question, given, text) => {
    expect(answerText(question, given)).toBe(text);
  });
});

const section = (slug: string) => ({ slug, title: `Section ${slug}`, order: 1, estimatedMinutes: 5 });
const TREE: TreeModule[] = [
  {
    id: 1,
    slug: 'm',
    title: 'M',
    order: 1,
    summary: '',
    estimatedMinutes: 10,
    materials: [{ id: 1, slug: 'mat', title: 'Mat', order: 1, summary: '', sections: [section('a'), section('b')], review: { id: 1, title: 'Mat review', passingScore: 70, questionCount: 4, bankSize: 4, drawCount: null } }],
  },
];
const progress: LearnerProgress = {
  completions: new Map([['m/mat/a', 1]]),
  attempts: new Map(),
  time: new Map([['m/mat/a', { seconds: 300, firstAt: 1, updatedAt: 2 }]]),
};
const attempt = (score: number, answers: object, at: number): AttemptRow => ({ module_slug: 'm', material_slug: 'mat', score, passed: score >= 70 ? 1 : 0, answers: JSON.stringify(answers), created_at: at });
const ATTEMPTS = [attempt(25, { 1: 0, 3: false }, 10), attempt(100, { 1: 1, 2: [1, 0], 3: true, 4: 500 }, 20), { ...attempt(0, {}, 30), material_slug: 'other' }];

describe('workOf', () => {
  it('a review: its attempts, newest first, each answer judged; no sections (a material is its reading)', () => {
    const work = workOf({ kind: 'review', moduleSlug: 'm', materialSlug: 'mat' }, TREE, progress, ATTEMPTS, BANK);
    expect(work.sections).toEqual([]);
    expect(work.attempts.map((a) => [a.score, a.passed, a.materialTitle])).toEqual([
      [100, true, 'Mat review'],
      [25, false, 'Mat review'],
    ]);
    expect(work.attempts[0]!.answers.every((a) => a.correct)).toBe(true);
    expect(work.attempts[1]!.answers).toEqual([
      { prompt: 'Q1?', answer: 'Rent', correct: false },
      { prompt: 'Q3?', answer: 'False', correct: false },
    ]);
  });

  it('a material: its sections read or not with the time on each, and no attempts', () => {
    const work = workOf({ kind: 'material', moduleSlug: 'm', materialSlug: 'mat' }, TREE, progress, ATTEMPTS, BANK);
    expect(work).toEqual({
      sections: [
        { materialTitle: 'Mat', title: 'Section a', read: true, seconds: 300 },
        { materialTitle: 'Mat', title: 'Section b', read: false, seconds: 0 },
      ],
      attempts: [],
    });
  });

  it('a module: sections and attempts of all its materials; a worksheet or a retired module: nothing', () => {
    const work = workOf({ kind: 'module', moduleSlug: 'm', materialSlug: null }, TREE, progress, ATTEMPTS, BANK);
    expect([work.sections.length, work.attempts.length]).toEqual([2, 2]);
    expect(workOf({ kind: 'worksheet', moduleSlug: null, materialSlug: null }, TREE, progress, ATTEMPTS, BANK)).toEqual({ sections: [], attempts: [] });
    expect(workOf({ kind: 'module', moduleSlug: 'gone', materialSlug: null }, TREE, progress, ATTEMPTS, BANK)).toEqual({ sections: [], attempts: [] });
  });
});
