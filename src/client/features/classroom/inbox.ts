/**
 * The teacher's inbox of turned-in work, as pure rules: how a score reads, where an item sits
 * among the others (previous, next), and the review form's values to and from the API's shape.
 */
import { TURN_IN_FEEDBACK_MAX, TURN_IN_POINTS_POSSIBLE, type InboxItem, type InboxState, type TurnInReview, type TurnInReviewInput, type TurnInScore, type TurnInSummary } from '../../../common/classroom';

/** "85 / 100 points", "Complete", "Incomplete"; "Not scored" for none. */
export function scoreText(score: TurnInScore | null): string {
  if (score === null) return 'Not scored';
  if (score === 'complete') return 'Complete';
  if (score === 'incomplete') return 'Incomplete';
  return `${score} / ${TURN_IN_POINTS_POSSIBLE} points`;
}

export const INBOX_STATE_LABELS: Record<InboxState, string> = {
  'to-review': 'To review',
  scored: 'Scored, not returned',
  returned: 'Returned',
};

/** The item shown (the one asked for, else the first) and its neighbours in the list's order. */
export function inboxPosition(items: readonly InboxItem[], wanted: number | null): { item: InboxItem | null; index: number; previous: InboxItem | null; next: InboxItem | null } {
  const found = wanted === null ? -1 : items.findIndex((i) => i.id === wanted);
  const index = found >= 0 ? found : items.length > 0 ? 0 : -1;
  return {
    item: items[index] ?? null,
    index,
    previous: index > 0 ? items[index - 1]! : null,
    next: index >= 0 && index < items.length - 1 ? items[index + 1]! : null,
  };
}

export type ScoreKind = 'none' | 'points' | 'complete' | 'incomplete';
export interface ReviewForm {
  scoreKind: ScoreKind;
  /** as typed */
  points: string;
  comment: string;
}

/** The form for a review already given (or none). */
export function reviewFormOf(review: TurnInReview | null): ReviewForm {
  const score = review?.score ?? null;
  return {
    scoreKind: score === null ? 'none' : typeof score === 'number' ? 'points' : score,
    points: typeof score === 'number' ? String(score) : '',
    comment: review?.comment ?? '',
  };
}

export const REVIEW_FORM_MESSAGES = {
  points: `Enter whole points from 0 to ${TURN_IN_POINTS_POSSIBLE}.`,
  comment: `A comment can be at most ${TURN_IN_FEEDBACK_MAX.toLocaleString('en-US')} characters.`,
} as const;

/** What is wrong with the form, by field; empty when it can be sent. */
export function reviewFormErrors(form: ReviewForm): Partial<Record<'points' | 'comment', string>> {
  const errors: Partial<Record<'points' | 'comment', string>> = {};
  if (form.scoreKind === 'points') {
    const text = form.points.trim();
    const value = Number(text);
    if (!/^\d{1,3}$/.test(text) || value > TURN_IN_POINTS_POSSIBLE) errors.points = REVIEW_FORM_MESSAGES.points;
  }
  if (form.comment.trim().length > TURN_IN_FEEDBACK_MAX) errors.comment = REVIEW_FORM_MESSAGES.comment;
  return errors;
}

/** The API's review from a valid form: both fields, so what the form shows is what is saved. */
export function reviewInputOf(form: ReviewForm): TurnInReviewInput {
  const score: TurnInScore | null = form.scoreKind === 'none' ? null : form.scoreKind === 'points' ? Number(form.points.trim()) : form.scoreKind;
  return { score, comment: form.comment.trim() || null };
}

/** How many returned items Home lists. */
export const RETURNED_SHOWN = 5;

/** Home's "Returned to you": the student's returned work, the latest return first. */
export function returnedWork(turnIns: readonly TurnInSummary[]): TurnInSummary[] {
  return turnIns
    .filter((t) => t.review?.returnedAt != null)
    .sort((a, b) => (b.review?.returnedAt ?? 0) - (a.review?.returnedAt ?? 0) || b.id - a.id)
    .slice(0, RETURNED_SHOWN);
}
