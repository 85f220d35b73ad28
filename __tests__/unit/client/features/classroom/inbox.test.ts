/** The teacher's inbox as rules: a score's words, previous and next, the review form, Home's returned work. */
import type { InboxItem, TurnInReview, TurnInSummary } from '../../../../../src/common/classroom';
import {
  REVIEW_FORM_MESSAGES,
  RETURNED_SHOWN,
  inboxPosition,
  returnedWork,
  reviewFormErrors,
  reviewFormOf,
  reviewInputOf,
  scoreText,
  type ReviewForm,
} from '../../../../../src/client/features/classroom/inbox';

describe('scoreText', () => {
  it.each([
    [85, '85 / 100 points'],
    [0, '0 / 100 points'],
    ['complete', 'Complete'],
    ['incomplete', 'Incomplete'],
    [null, 'Not scored'],
  ] as const)('%p reads %p', (score, text) => {
    expect(scoreText(score)).toBe(text);
  });
});

describe('inboxPosition', () => {
  const items = [1, 2, 3].map((id) => ({ id }) as InboxItem);
  it.each<[string, number | null, number | null, number, number | null, number | null]>([
    ['none asked: the newest', null, 1, 0, null, 2],
    ['the middle one', 2, 2, 1, 1, 3],
    ['the last one', 3, 3, 2, 2, null],
    ['one not in the list: the newest', 99, 1, 0, null, 2],
  ])('%s', (_, wanted, item, index, previous, next) => {
    const p = inboxPosition(items, wanted);
    expect([p.item?.id ?? null, p.index, p.previous?.id ?? null, p.next?.id ?? null]).toEqual([item, index, previous, next]);
  });
  it('an empty inbox: nothing', () => {
    expect(inboxPosition([], 4)).toEqual({ item: null, index: -1, previous: null, next: null });
  });
});

describe('the review form', () => {
  const review = (over: Partial<TurnInReview>): TurnInReview => ({ score: null, comment: null, scoredAt: 1, returnedAt: null, ...over });
  it.each<[string, TurnInReview | null, ReviewForm]>([
    ['nothing yet', null, { scoreKind: 'none', points: '', comment: '' }],
    ['points and a comment', review({ score: 85, comment: 'Good' }), { scoreKind: 'points', points: '85', comment: 'Good' }],
    ['a mark', review({ score: 'incomplete' }), { scoreKind: 'incomplete', points: '', comment: '' }],
  ])('from %s', (_, given, form) => {
    expect(reviewFormOf(given)).toEqual(form);
  });

  it.each<[string, ReviewForm, ReturnType<typeof reviewFormErrors>]>([
    ['whole points', { scoreKind: 'points', points: ' 100 ', comment: '' }, {}],
    ['zero points', { scoreKind: 'points', points: '0', comment: '' }, {}],
    ['no points typed', { scoreKind: 'points', points: '', comment: '' }, { points: REVIEW_FORM_MESSAGES.points }],
    ['too many points', { scoreKind: 'points', points: '101', comment: '' }, { points: REVIEW_FORM_MESSAGES.points }],
    ['a fraction', { scoreKind: 'points', points: '8.5', comment: '' }, { points: REVIEW_FORM_MESSAGES.points }],
    ['negative', { scoreKind: 'points', points: '-1', comment: '' }, { points: REVIEW_FORM_MESSAGES.points }],
    ['points typed under a mark are ignored', { scoreKind: 'complete', points: 'abc', comment: '' }, {}],
    ['a comment too long', { scoreKind: 'none', points: '', comment: 'x'.repeat(2001) }, { comment: REVIEW_FORM_MESSAGES.comment }],
  ])('%s', (_, form, errors) => {
    expect(reviewFormErrors(form)).toEqual(errors);
  });

  it.each<[ReviewForm, ReturnType<typeof reviewInputOf>]>([
    [{ scoreKind: 'points', points: ' 85 ', comment: '  Nice.  ' }, { score: 85, comment: 'Nice.' }],
    [{ scoreKind: 'complete', points: '12', comment: '' }, { score: 'complete', comment: null }],
    [{ scoreKind: 'none', points: '', comment: '   ' }, { score: null, comment: null }],
  ])('sends %j as %j', (form, input) => {
    expect(reviewInputOf(form)).toEqual(input);
  });
});

describe('returnedWork (Home)', () => {
  const turnIn = (id: number, returnedAt: number | null): TurnInSummary => ({ id, review: returnedAt === null ? null : { score: 90, comment: null, scoredAt: 1, returnedAt } }) as TurnInSummary;
  it('only returned work, the latest return first, at most a few', () => {
    expect(returnedWork([turnIn(1, 10), turnIn(2, null), turnIn(3, 30), turnIn(4, 20)]).map((t) => t.id)).toEqual([3, 4, 1]);
    expect(returnedWork(Array.from({ length: 9 }, (_, i) => turnIn(i + 1, i + 1)))).toHaveLength(RETURNED_SHOWN);
  });
});
