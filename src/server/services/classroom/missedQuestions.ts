/**
 * "What the class got wrong" on one review: for each question of its bank, the share of the class
 * that got it right, from each student's latest answer to it (a bank draws some questions per
 * attempt, so a student may have answered a question in an earlier attempt only), most-missed
 * first. Pure: the route reads the bank, the attempts and the roster.
 */
import type { ClassQuestionTally } from '../../../common/classroom';
import type { QuestionSection } from '../../../common/catalog';
import { isRightAnswer } from '../../../common/reviewQuestions';
import { storedAnswerOf, type StoredQuestion } from '../catalog/reviewServing';

export interface AttemptAnswers {
  userId: number;
  createdAt: number;
  /** JSON { [question id]: the answer in the content's terms } as review_attempts stores it */
  answers: string;
}

export interface Student {
  userId: number;
  name: string;
  lastName: string;
  firstName: string;
}

/** Whether a stored answer (the content's terms) is right; an answer of the wrong shape is not. */
function judgedRight(q: StoredQuestion, given: unknown): boolean {
  if (typeof given !== 'number' && typeof given !== 'boolean' && !Array.isArray(given)) return false;
  return isRightAnswer(storedAnswerOf(q), given as number | number[] | boolean);
}

export function questionTallies(
  bank: readonly StoredQuestion[],
  attempts: readonly AttemptAnswers[],
  students: readonly Student[],
  sectionOf: (q: StoredQuestion) => QuestionSection | null,
  retaught: (sectionSlug: string) => ReadonlySet<number>,
): ClassQuestionTally[] {
  const byId = new Map(bank.map((q) => [String(q.id), q]));
  const inClass = new Map(students.map((s) => [s.userId, s]));
  // question id → student → right at their latest answer
  const latest = new Map<string, Map<number, boolean>>();
  for (const attempt of [...attempts].sort((a, b) => a.createdAt - b.createdAt)) {
    if (!inClass.has(attempt.userId)) continue;
    let answers: Record<string, unknown>;
    try {
      answers = JSON.parse(attempt.answers) as Record<string, unknown>;
    } catch {
      continue;
    }
    for (const [id, given] of Object.entries(answers ?? {})) {
      // a question the content no longer holds is left out
      const q = byId.get(id);
      if (!q) continue;
      let seen = latest.get(id);
      if (!seen) latest.set(id, (seen = new Map()));
      seen.set(attempt.userId, judgedRight(q, given));
    }
  }
  const byName = (a: Student, b: Student) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.userId - b.userId;
  const tallies = bank.map((q, index): ClassQuestionTally => {
    const seen = latest.get(String(q.id)) ?? new Map<number, boolean>();
    const right = [...seen.values()].filter(Boolean).length;
    const missed = [...seen].filter(([, ok]) => !ok).map(([userId]) => inClass.get(userId)!).sort(byName);
    const section = sectionOf(q);
    const sent = section ? retaught(section.slug) : new Set<number>();
    return {
      questionId: q.id,
      position: index + 1,
      type: q.type,
      prompt: q.prompt,
      section,
      answered: seen.size,
      right,
      percentRight: seen.size === 0 ? null : Math.round((100 * right) / seen.size),
      missedBy: missed.map((s) => ({ userId: s.userId, name: s.name })),
      retaughtTo: missed.filter((s) => sent.has(s.userId)).map((s) => s.userId),
    };
  });
  return tallies.sort(mostMissedFirst);
}

/** Lowest share right first (exact, not the rounded percent), then most students missing it, then the bank's order; unanswered last. */
export function mostMissedFirst(a: ClassQuestionTally, b: ClassQuestionTally): number {
  if ((a.answered === 0) !== (b.answered === 0)) return a.answered === 0 ? 1 : -1;
  if (a.answered > 0 && b.answered > 0) {
    const share = a.right * b.answered - b.right * a.answered;
    if (share !== 0) return share;
  }
  return b.missedBy.length - a.missedBy.length || a.position - b.position;
}
