/**
 * A module's teacher guide and answer key, built from the imported catalog: objectives, the
 * standards its sections teach, pacing from the sections' minutes, the review banks and the module
 * tests, plus what the module's guide.md adds (discussion prompts, one activity, worksheets). Pure:
 * the routes read the tree, the stored guide and the banks (./repository.ts).
 */
import type { AnswerKeyQuestion, PacingPart, TeacherAnswerKey, TeacherGuide } from '../../../common/teacherGuide';
import { WORKSHEET_INFO, isWorksheetKind } from '../../../common/worksheets';
import type { CatalogGuide, StoredGuide } from '../../content/catalog';
import { MODULE_TEST_PER_MATERIAL, testQuestionCount } from './moduleTests';
import type { TreeModule } from './repository';
import { storedAnswerOf, storedChoices, type StoredQuestion } from './reviewServing';

/** A question answered in class takes about a minute (reviews and tests alike). */
export const MINUTES_PER_QUESTION = 1;
/** Each discussion prompt gets about five minutes of talk. */
export const MINUTES_PER_PROMPT = 5;
/** The class period the pacing counts in (many high schools run 45–50 minutes). */
export const CLASS_PERIOD_MINUTES = 45;

/** A stored guide's JSON; an unreadable one (content imported before guides existed) is none. */
export function parseStoredGuide(json: string | null): StoredGuide | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as StoredGuide;
    return value && typeof value === 'object' && Array.isArray(value.benchmarks) ? value : null;
  } catch {
    return null;
  }
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The module's pacing: the pre-test, each material (sections, then its review), discussion, activity, the post-test. */
export function pacingOf(m: TreeModule, file: CatalogGuide | null): TeacherGuide['pacing'] {
  const testQuestions = testQuestionCount(m);
  const test = (label: string): PacingPart => ({ label, minutes: testQuestions * MINUTES_PER_QUESTION, detail: `${plural(testQuestions, 'question')}` });
  const parts: PacingPart[] = [test('Pre-test')];
  for (const mat of m.materials) {
    const reading = mat.sections.reduce((sum, s) => sum + s.estimatedMinutes, 0);
    const questions = mat.review?.questionCount ?? 0;
    const review = questions * MINUTES_PER_QUESTION;
    parts.push({
      label: `${mat.order}. ${mat.title}`,
      minutes: reading + review,
      detail: `${plural(mat.sections.length, 'section')}, ${reading} min${mat.review ? `; review of ${plural(questions, 'question')}, ${review} min` : ''}`,
    });
  }
  if (file) {
    parts.push({ label: 'Discussion', minutes: file.discussionPrompts.length * MINUTES_PER_PROMPT, detail: `${plural(file.discussionPrompts.length, 'prompt')}, about ${MINUTES_PER_PROMPT} min each` });
    parts.push({ label: `Activity: ${file.activity.title}`, minutes: file.activity.minutes, detail: `${plural(file.activity.steps.length, 'step')}` });
  }
  parts.push(test('Post-test'));
  const totalMinutes = parts.reduce((sum, p) => sum + p.minutes, 0);
  return { parts, totalMinutes, periods: Math.ceil(totalMinutes / CLASS_PERIOD_MINUTES), periodMinutes: CLASS_PERIOD_MINUTES, notes: file?.pacingNotes ?? null };
}

/** The guide of a module: `overview` is its row (summary, objectives), `stored` what the import kept for the guide. */
export function buildGuide(m: TreeModule, objectives: string[], stored: StoredGuide | null): TeacherGuide {
  const file = stored?.file ?? null;
  const sectionTitle = new Map<string, string>(m.materials.flatMap((mat) => mat.sections.map((s): [string, string] => [`${mat.slug}/${s.slug}`, s.title])));
  const standards = (stored?.benchmarks ?? []).map((b) => ({
    id: b.id,
    text: b.text,
    sections: Object.entries(stored?.sectionStandards ?? {})
      .filter(([key, ids]) => ids.includes(b.id) && sectionTitle.has(key))
      .map(([key]) => sectionTitle.get(key)!),
  }));
  return {
    moduleSlug: m.slug,
    moduleTitle: m.title,
    summary: m.summary,
    objectives,
    standards,
    pacing: pacingOf(m, file),
    written: file !== null,
    discussionPrompts: file?.discussionPrompts ?? [],
    activity: file?.activity ?? null,
    worksheets: (file?.worksheets ?? []).filter(isWorksheetKind).map((kind) => ({ kind, ...WORKSHEET_INFO[kind] })),
  };
}

/** A number as the key prints it: whole numbers plain, others with their decimals, thousands grouped. */
function numberText(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

/** The right answer of a stored question, as text. */
export function answerText(q: Pick<StoredQuestion, 'type' | 'answer' | 'choices' | 'unit'>): string {
  const stored = storedAnswerOf(q);
  const choices = storedChoices(q);
  switch (stored.type) {
    case 'multiple-choice':
      return choices[stored.answer] ?? '';
    case 'multiple-select':
      return stored.answer.map((i) => choices[i] ?? '').join('; ');
    case 'true-false':
      return stored.answer ? 'True' : 'False';
    case 'numeric': {
      const unit = q.unit ? ` ${q.unit}` : '';
      return `${numberText(stored.answer)}${unit}${stored.tolerance > 0 ? ` (within ${numberText(stored.tolerance)})` : ''}`;
    }
  }
}

function keyQuestion(q: StoredQuestion, index: number, sections: readonly { slug: string; title: string }[]): AnswerKeyQuestion {
  const stored = storedAnswerOf(q);
  const right = (i: number) => (stored.type === 'multiple-choice' ? stored.answer === i : stored.type === 'multiple-select' ? stored.answer.includes(i) : false);
  const section = q.section_slug ? sections.find((s) => s.slug === q.section_slug) : undefined;
  return {
    number: index + 1,
    type: q.type,
    prompt: q.prompt,
    choices: q.choices ? storedChoices(q).map((text, i) => ({ text, right: right(i) })) : null,
    answer: answerText(q),
    explanation: q.explanation,
    section: section ? { slug: section.slug, title: section.title } : null,
  };
}

/** Every question of every review bank of the module, in the content's order, with its answer; and how the tests draw from them. */
export function answerKeyOf(m: TreeModule, bank: readonly StoredQuestion[]): TeacherAnswerKey {
  const reviews = m.materials.flatMap((mat) => {
    if (!mat.review) return [];
    const review = mat.review;
    const own = bank.filter((q) => q.review_id === review.id);
    return [
      {
        materialSlug: mat.slug,
        materialTitle: mat.title,
        title: review.title,
        draw: review.drawCount,
        questions: own.map((q, i) => keyQuestion(q, i, mat.sections)),
      },
    ];
  });
  const questionCount = testQuestionCount(m);
  return {
    moduleSlug: m.slug,
    moduleTitle: m.title,
    reviews,
    tests: {
      questionCount,
      perMaterial: MODULE_TEST_PER_MATERIAL,
      description:
        `The pre-test and the post-test each ask ${plural(questionCount, 'question')}: ${MODULE_TEST_PER_MATERIAL} drawn at random from each material's review bank above, ` +
        'so every question a test can ask is in this key. The post-test leaves out the questions the student’s pre-test asked when the bank allows.',
    },
  };
}
