/** "What the class got wrong", pure: each student's latest answer counts, most-missed first, unanswered last. */
import type { StoredQuestion } from '../../../../../src/server/services/catalog/reviewServing';
import { questionTallies } from '../../../../../src/server/services/classroom/missedQuestions';

const q = (id: number, answer: unknown, type = 'multiple-choice'): StoredQuestion => ({
  id,
  review_id: 1,
  type,
  prompt: `Question ${id}`,
  choices: type === 'multiple-choice' ? JSON.stringify(['a', 'b', 'c']) : null,
  answer: JSON.stringify(answer),
  explanation: '',
  unit: null,
  section_slug: `s${id}`,
});
const BANK = [q(1, 0), q(2, true, 'true-false'), q(3, { value: 30, tolerance: 0.5 }, 'numeric'), q(4, 2)];
const STUDENTS = [
  { userId: 1, firstName: 'Zoe', lastName: 'Adams', name: 'Zoe Adams' },
  { userId: 2, firstName: 'Al', lastName: 'Baker', name: 'Al Baker' },
  { userId: 3, firstName: 'Bo', lastName: 'Adams', name: 'Bo Adams' },
];
const attempt = (userId: number, createdAt: number, answers: Record<number, unknown>) => ({ userId, createdAt, answers: JSON.stringify(answers) });
const tally = (attempts: ReturnType<typeof attempt>[]) =>
  questionTallies(BANK, attempts, STUDENTS, (x) => ({ slug: x.section_slug!, title: x.section_slug!, path: `/s/${x.section_slug}` }), () => new Set([2]));

it.each<[string, ReturnType<typeof attempt>[], [number, number | null, string[]][]]>([
  ['nobody answered: the bank’s order', [], [[1, null, []], [2, null, []], [3, null, []], [4, null, []]]],
  [
    'lowest share right first, unanswered last',
    [attempt(1, 1, { 1: 1, 2: true, 3: 30.2 }), attempt(2, 2, { 1: 1, 2: false, 3: 31 }), attempt(3, 3, { 1: 0, 2: true })],
    [[1, 33, ['Zoe Adams', 'Al Baker']], [3, 50, ['Al Baker']], [2, 67, ['Al Baker']], [4, null, []]],
  ],
  ['a later answer replaces an earlier one', [attempt(1, 5, { 1: 0 }), attempt(1, 1, { 1: 2 })], [[1, 100, []], [2, null, []], [3, null, []], [4, null, []]]],
  [
    'answers of students not in the class, of questions gone from the bank, or of the wrong shape',
    [attempt(9, 1, { 1: 1 }), attempt(1, 2, { 77: 0, 4: 'two' })],
    [[4, 0, ['Zoe Adams']], [1, null, []], [2, null, []], [3, null, []]],
  ],
])('%s', (_name, attempts, expected) => {
  expect(tally(attempts).map((x) => [x.questionId, x.percentRight, x.missedBy.map((s) => s.name)])).toEqual(expected);
});

it('names which of those who missed a question were already sent its section', () => {
  const [first] = tally([attempt(1, 1, { 1: 1 }), attempt(2, 1, { 1: 1 })]);
  expect(first).toMatchObject({ questionId: 1, retaughtTo: [2], section: { slug: 's1' } });
});
