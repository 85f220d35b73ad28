/**
 * Answering a served review in tests: the server shuffles each question's choices per opening, so a
 * test that knows the right answers by the content's own choice index (the fixture file) finds
 * where this serving shows that choice, by its text.
 */
import type { ReviewAnswer, ReviewView } from '../../../src/common/catalog';
import type { Db } from '../../../src/server/db';

/**
 * `{ serving, answers }` for POST …/review/attempts: `pick(i)` is question i's answer as the
 * content's choice index (indexes for multiple select; true/false; a number or text for numeric),
 * translated into this serving's order.
 */
export async function servedAnswers(db: Db, review: ReviewView, pick: (index: number) => ReviewAnswer): Promise<{ serving: string | null; answers: Record<string, ReviewAnswer> }> {
  const rows = await db.selectFrom('content_questions').select(['id', 'choices']).where('id', 'in', review.questions.map((q) => q.id)).execute();
  const stored = new Map(rows.map((row) => [row.id, row.choices ? (JSON.parse(row.choices) as string[]) : null]));
  const answers = Object.fromEntries(
    review.questions.map((q, i) => {
      const answer = pick(i);
      if (typeof answer === 'boolean' || typeof answer === 'string' || !q.choices) return [String(q.id), answer];
      const shownAt = (index: number) => {
        const text = stored.get(q.id)?.[index];
        const shown = text === undefined ? index : q.choices!.indexOf(text);
        return shown < 0 ? index : shown;
      };
      return [String(q.id), Array.isArray(answer) ? answer.map(shownAt) : shownAt(answer)];
    }),
  );
  return { serving: review.serving, answers };
}
