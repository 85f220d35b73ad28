/** yup schemas for the catalog's front matter (docs/content-format.md is the contract). */
import { array, boolean, mixed, number, object, string } from 'yup';
import { CONTENT_LIMITS as L, isKnownArticleKey } from '../../common/catalog';
import { WORKSHEET_KINDS } from '../../common/worksheets';

const title = (max: number = L.titleMax) =>
  string().strict().trim('title must not start or end with spaces').required('title is required').max(max, `title must be at most ${max} characters`);
const order = () =>
  number().strict().typeError('order must be a whole number').required('order is required').integer('order must be a whole number').min(1, 'order must be 1 or more');
const summary = () =>
  string().strict().required('summary is required').max(L.summaryMax, `summary must be at most ${L.summaryMax} characters`);
const minutes = () =>
  number()
    .strict()
    .typeError('estimatedMinutes must be a whole number of minutes')
    .required('estimatedMinutes is required')
    .integer('estimatedMinutes must be a whole number of minutes')
    .min(1, 'estimatedMinutes must be at least 1')
    .max(600, 'estimatedMinutes must be at most 600');

const known = (fields: string[]) => (value: unknown) => {
  if (!value || typeof value !== 'object') return true;
  const extra = Object.keys(value).filter((key) => !fields.includes(key));
  return extra.length === 0;
};
const unknownKeys = (fields: string[]) => ({
  name: 'known-fields',
  test(this: { createError(o: { message: string }): unknown }, value: unknown) {
    if (known(fields)(value)) return true;
    const extra = Object.keys(value as object).filter((key) => !fields.includes(key));
    return this.createError({ message: `unknown field${extra.length > 1 ? 's' : ''} ${extra.join(', ')} (allowed: ${fields.join(', ')})` }) as never;
  },
});

export const moduleSchema = object({
  title: title(),
  order: order(),
  summary: summary(),
  objectives: array()
    .strict()
    .typeError('objectives must be a list')
    .of(string().strict().typeError('each objective must be text').required('an objective is empty').max(200, 'an objective must be at most 200 characters'))
    .required('objectives is required')
    .min(L.objectivesMin, `objectives must list ${L.objectivesMin} to ${L.objectivesMax} items`)
    .max(L.objectivesMax, `objectives must list ${L.objectivesMin} to ${L.objectivesMax} items`),
  estimatedMinutes: minutes(),
}).test(unknownKeys(['title', 'order', 'summary', 'objectives', 'estimatedMinutes']));

export const materialSchema = object({
  title: title(),
  order: order(),
  summary: summary(),
}).test(unknownKeys(['title', 'order', 'summary']));

export const sectionSchema = object({
  title: title(),
  order: order(),
  estimatedMinutes: minutes(),
  kbArticles: array()
    .strict()
    .typeError('kbArticles must be a list of "<topic>/<article>" slugs')
    .of(
      string()
        .strict()
        .typeError('kbArticles entries must be "<topic>/<article>" slugs')
        .required('a kbArticles entry is empty')
        .test('kb', ({ value }) => `kbArticles entry "${String(value)}" is not a known "<topic>/<article>" (see docs/content-format.md)`, (v) => v === undefined || isKnownArticleKey(v)),
    )
    .optional(),
  // benchmark ids of content/standards.yaml (checked against it by the reader)
  standards: array()
    .strict()
    .typeError('standards must be a list of benchmark ids such as [EI.12.2, SP.12.1]')
    .of(string().strict().typeError('standards entries must be benchmark ids such as EI.12.2').required('a standards entry is empty'))
    .test('distinct', 'standards must not list a benchmark twice', (v) => !v || new Set(v).size === v.length)
    .optional(),
  // why the section's reading grade is outside 8–10 (docs/content-review.md)
  'readability-note': string().strict().typeError('readability-note must be text').trim().min(10, 'readability-note must say why in a sentence').max(300, 'readability-note must be at most 300 characters').optional(),
}).test(unknownKeys(['title', 'order', 'estimatedMinutes', 'kbArticles', 'standards', 'readability-note']));

const questionBase = {
  // the slug of the section (a file of the same material) the question tests; the reader checks it names one
  section: string()
    .strict()
    .typeError('section must be the slug of a section of this material (its file name without .md)')
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'section must be the slug of a section of this material (its file name without .md)')
    .optional(),
  prompt: string().strict().typeError('prompt must be text').required('prompt is required').max(L.promptMax, `prompt must be at most ${L.promptMax} characters`),
  explanation: string()
    .strict()
    .typeError('explanation must be text')
    .required('explanation is required')
    .max(L.explanationMax, `explanation must be at most ${L.explanationMax} characters`),
};

export const multipleChoiceSchema = object({
  type: string().oneOf(['multiple-choice']),
  ...questionBase,
  choices: array()
    .strict()
    .typeError('choices must be a list')
    .of(string().strict().typeError('each choice must be text').required('a choice is empty').max(L.choiceMax, `a choice must be at most ${L.choiceMax} characters`))
    .required('choices is required for a multiple-choice question')
    .min(L.choicesMin, `a multiple-choice question has ${L.choicesMin} to ${L.choicesMax} choices`)
    .max(L.choicesMax, `a multiple-choice question has ${L.choicesMin} to ${L.choicesMax} choices`)
    .test('distinct', 'choices must all be different', (v) => !v || new Set(v).size === v.length),
  answer: number()
    .strict()
    .typeError('answer of a multiple-choice question must be the index (0, 1, …) of the correct choice')
    .required('answer is required')
    .integer('answer must be a whole number index')
    .test('in-range', ({ value }) => `answer ${String(value)} is not an index of choices`, function (value) {
      const choices = (this.parent as { choices?: unknown[] }).choices;
      return value === undefined || !Array.isArray(choices) || (value >= 0 && value < choices.length);
    }),
}).test(unknownKeys(['type', 'section', 'prompt', 'choices', 'answer', 'explanation']));

const choiceList = (kind: string) =>
  array()
    .strict()
    .typeError('choices must be a list')
    .of(string().strict().typeError('each choice must be text').required('a choice is empty').max(L.choiceMax, `a choice must be at most ${L.choiceMax} characters`))
    .required(`choices is required for a ${kind} question`)
    .min(L.choicesMin, `a ${kind} question has ${L.choicesMin} to ${L.choicesMax} choices`)
    .max(L.choicesMax, `a ${kind} question has ${L.choicesMin} to ${L.choicesMax} choices`)
    .test('distinct', 'choices must all be different', (v) => !v || new Set(v).size === v.length);

/** Multiple select: all or nothing, so at least one choice is right and at least one is not. */
export const multipleSelectSchema = object({
  type: string().oneOf(['multiple-select']),
  ...questionBase,
  choices: choiceList('multiple-select'),
  answer: array()
    .strict()
    .typeError('answer of a multiple-select question must list the indexes (0, 1, …) of every correct choice')
    .of(number().strict().typeError('answer must list whole-number indexes of choices').integer('answer must list whole-number indexes of choices').required())
    .required('answer is required')
    .min(1, 'answer of a multiple-select question must list at least one choice')
    .test('distinct', 'answer must not list a choice twice', (v) => !v || new Set(v).size === v.length)
    .test('in-range', 'answer lists an index that is not one of the choices', function (value) {
      const choices = (this.parent as { choices?: unknown[] }).choices;
      return !value || !Array.isArray(choices) || value.every((i) => i !== undefined && i >= 0 && i < choices.length);
    })
    .test('not-all', 'answer of a multiple-select question must leave at least one choice out (else it is not a question)', function (value) {
      const choices = (this.parent as { choices?: unknown[] }).choices;
      return !value || !Array.isArray(choices) || value.length < choices.length;
    }),
}).test(unknownKeys(['type', 'section', 'prompt', 'choices', 'answer', 'explanation']));

/** Numeric: the student types a number; right when within `tolerance` (same units, either side) of `answer`. */
export const numericSchema = object({
  type: string().oneOf(['numeric']),
  ...questionBase,
  answer: number().strict().typeError('answer of a numeric question must be a number').required('answer is required'),
  tolerance: number().strict().typeError('tolerance must be a number').min(0, 'tolerance must be 0 or more').optional(),
  unit: string().strict().typeError('unit must be text').max(30, 'unit must be at most 30 characters').optional(),
}).test(unknownKeys(['type', 'section', 'prompt', 'answer', 'tolerance', 'unit', 'explanation']));

export const trueFalseSchema = object({
  type: string().oneOf(['true-false']),
  ...questionBase,
  answer: boolean().strict().typeError('answer of a true-false question must be true or false').required('answer is required'),
}).test(unknownKeys(['type', 'section', 'prompt', 'answer', 'explanation']));

export const reviewSchema = object({
  title: title(L.reviewTitleMax),
  passingScore: number()
    .strict()
    .typeError('passingScore must be a whole percent')
    .integer('passingScore must be a whole percent')
    .min(1, 'passingScore must be from 1 to 100')
    .max(100, 'passingScore must be from 1 to 100')
    .optional(),
  questions: array()
    .strict()
    .typeError('questions must be a list')
    .of(mixed())
    .required('questions is required')
    .min(L.questionsMin, `a review needs at least ${L.questionsMin} questions`),
  draw: number()
    .strict()
    .typeError('draw must be a whole number of questions')
    .integer('draw must be a whole number of questions')
    .min(1, 'draw must be 1 or more')
    .optional()
    .test('bank', ({ value }) => `draw ${String(value)} needs a bank of at least ${2 * Number(value)} questions (twice the questions shown, so a retake sees others)`, function (value) {
      const questions = (this.parent as { questions?: unknown[] }).questions;
      return value === undefined || !Array.isArray(questions) || questions.length >= 2 * value;
    }),
}).test(unknownKeys(['title', 'passingScore', 'draw', 'questions']));

const guideText = (what: string, max: number) =>
  string().strict().typeError(`${what} must be text`).trim(`${what} must not start or end with spaces`).required(`${what} is empty`).max(max, `${what} must be at most ${max} characters`);

/** A module's teacher guide (guide.md, optional): discussion prompts, one activity, worksheets, pacing notes. */
export const guideSchema = object({
  discussionPrompts: array()
    .strict()
    .typeError('discussionPrompts must be a list')
    .of(guideText('a discussion prompt', 400))
    .required('discussionPrompts is required')
    .min(3, 'discussionPrompts must list 3 to 8 prompts')
    .max(8, 'discussionPrompts must list 3 to 8 prompts'),
  activity: object({
    title: title(),
    minutes: number()
      .strict()
      .typeError('minutes must be a whole number of minutes')
      .required('minutes is required')
      .integer('minutes must be a whole number of minutes')
      .min(5, 'minutes must be from 5 to 120')
      .max(120, 'minutes must be from 5 to 120'),
    materials: array().strict().typeError('materials must be a list').of(guideText('a material', 300)).required('materials is required (a list; [] when nothing is needed)'),
    steps: array().strict().typeError('steps must be a list').of(guideText('a step', 600)).required('steps is required').min(3, 'steps must list 3 to 10 steps').max(10, 'steps must list 3 to 10 steps'),
  })
    .strict()
    .typeError('activity must be a set of title, minutes, materials and steps')
    .required('activity is required')
    .test(unknownKeys(['title', 'minutes', 'materials', 'steps'])),
  worksheets: array()
    .strict()
    .typeError('worksheets must be a list of worksheet kinds')
    .of(string().strict().required('a worksheets entry is empty').oneOf([...WORKSHEET_KINDS], `worksheets entries must be one of ${WORKSHEET_KINDS.join(', ')}`))
    .optional(),
  pacingNotes: guideText('pacingNotes', 600).optional(),
}).test(unknownKeys(['discussionPrompts', 'activity', 'worksheets', 'pacingNotes']));
