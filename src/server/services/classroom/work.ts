/**
 * One student's work on one assignment, as the dashboard's cell opens it: the assigned content's
 * sections (read or not, time on each) and the review attempts on it with every answer as the
 * student gave it, in words (the choice's text, "True", the number typed) and whether it was right.
 * Pure: the route reads the rows (studentRoutes.ts `studentWork`), this shapes them.
 */
import type { AssignmentWork } from '../../../common/classroom';
import { isRightAnswer } from '../../../common/reviewQuestions';
import type { ReviewAnswer } from '../../../common/catalog';
import type { LearnerProgress, TreeMaterial, TreeModule } from '../catalog/repository';
import { storedAnswerOf, storedChoices, type StoredQuestion } from '../catalog/reviewServing';
import type { AssignmentFacts } from './status';

export interface AttemptRow {
  module_slug: string;
  material_slug: string;
  score: number;
  passed: number | boolean;
  /** JSON: question id → the answer in the content's terms */
  answers: string;
  created_at: number | string;
}

/** The materials an assignment covers: all of a module's, one material's, none for a worksheet. */
export function materialsOf(a: Pick<AssignmentFacts, 'kind' | 'moduleSlug' | 'materialSlug'>, tree: readonly TreeModule[]): { module: TreeModule; material: TreeMaterial }[] {
  const m = tree.find((x) => x.slug === a.moduleSlug);
  if (!m || a.kind === 'worksheet') return [];
  const materials = a.kind === 'module' ? m.materials : m.materials.filter((x) => x.slug === a.materialSlug);
  return materials.map((material) => ({ module: m, material }));
}

/** An answer in words: the choice's text, the choices' texts, True/False, or the number with its unit. */
export function answerText(q: StoredQuestion, given: unknown): string {
  if (given === undefined || given === null) return 'No answer';
  const choices = storedChoices(q);
  if (typeof given === 'boolean') return given ? 'True' : 'False';
  if (Array.isArray(given)) return given.map((i) => choices[Number(i)] ?? String(i)).join('; ') || 'No choice';
  if (typeof given === 'number' && (q.type === 'multiple-choice' || q.type === 'multiple-select')) return choices[given] ?? String(given);
  return q.unit ? `${String(given)} ${q.unit}` : String(given);
}

function parsedAnswers(json: string): Record<string, unknown> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Was a stored answer right? A question changed since (a bad stored answer) counts as not. */
function judged(q: StoredQuestion, answer: unknown): boolean {
  try {
    return isRightAnswer(storedAnswerOf(q), answer as Exclude<ReviewAnswer, string>);
  } catch {
    return false;
  }
}

/** Sections in the content's order, and the attempts (newest first) on the assignment's reviews. */
export function workOf(
  a: Pick<AssignmentFacts, 'kind' | 'moduleSlug' | 'materialSlug'>,
  tree: readonly TreeModule[],
  progress: LearnerProgress,
  attempts: readonly AttemptRow[],
  bank: readonly StoredQuestion[],
): Pick<AssignmentWork, 'sections' | 'attempts'> {
  const covered = materialsOf(a, tree);
  // a material is its reading (its review is a column of its own); a review is its attempts
  const sections =
    a.kind === 'review'
      ? []
      : covered.flatMap(({ module: m, material }) =>
          material.sections.map((s) => {
            const key = `${m.slug}/${material.slug}/${s.slug}`;
            return { materialTitle: material.title, title: s.title, read: progress.completions.has(key), seconds: progress.time.get(key)?.seconds ?? 0 };
          }),
        );
  const reviewed = a.kind === 'material' ? [] : covered.filter(({ material }) => material.review !== null);
  const questionsOf = new Map<number, StoredQuestion[]>();
  for (const q of bank) questionsOf.set(q.review_id, [...(questionsOf.get(q.review_id) ?? []), q]);
  const shaped = attempts.flatMap((row) => {
    const hit = reviewed.find(({ module: m, material }) => m.slug === row.module_slug && material.slug === row.material_slug);
    if (!hit) return [];
    const given = parsedAnswers(row.answers);
    const questions = (questionsOf.get(hit.material.review!.id) ?? []).filter((q) => String(q.id) in given);
    return [
      {
        materialTitle: hit.material.review!.title,
        score: Number(row.score),
        passed: Number(row.passed) === 1,
        createdAt: Number(row.created_at),
        answers: questions.map((q) => {
          const answer = given[String(q.id)];
          return { prompt: q.prompt, answer: answerText(q, answer), correct: judged(q, answer) };
        }),
      },
    ];
  });
  return { sections, attempts: shaped.sort((x, y) => y.createdAt - x.createdAt) };
}
