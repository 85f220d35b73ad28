/** yup schemas for the knowledge base's front matter (docs/content-format.md is the contract). */
import { array, number, object, string } from 'yup';
import { SLUG_PATTERN } from '../../common/catalog';
import { KB_LIMITS as L } from '../../common/knowledgeBase';

const title = () =>
  string()
    .strict()
    .typeError('title must be text')
    .trim('title must not start or end with spaces')
    .required('title is required')
    .max(L.titleMax, `title must be at most ${L.titleMax} characters`);
const summary = () =>
  string().strict().typeError('summary must be text').required('summary is required').max(L.summaryMax, `summary must be at most ${L.summaryMax} characters`);

function onlyFields(fields: string[]) {
  return {
    name: 'known-fields',
    test(this: { createError(o: { message: string }): unknown }, value: unknown) {
      if (!value || typeof value !== 'object') return true;
      const extra = Object.keys(value).filter((key) => !fields.includes(key));
      if (extra.length === 0) return true;
      return this.createError({ message: `unknown field${extra.length > 1 ? 's' : ''} ${extra.join(', ')} (allowed: ${fields.join(', ')})` }) as never;
    },
  };
}

export const topicSchema = object({
  title: title(),
  order: number()
    .strict()
    .typeError('order must be a whole number')
    .required('order is required')
    .integer('order must be a whole number')
    .min(1, 'order must be 1 or more'),
  summary: summary(),
}).test(onlyFields(['title', 'order', 'summary']));

const isArticleKey = (v: string) => {
  const parts = v.split('/');
  return parts.length === 2 && parts.every((p) => SLUG_PATTERN.test(p));
};

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const keyTermSchema = object({
  term: string().strict().typeError('a key term must be text').required('a key term needs a term').max(L.termMax, `a term must be at most ${L.termMax} characters`),
  definition: string()
    .strict()
    .typeError('a definition must be text')
    .required('a key term needs a definition')
    .max(L.definitionMax, `a definition must be at most ${L.definitionMax} characters`),
}).test(onlyFields(['term', 'definition']));

export const articleSchema = object({
  title: title(),
  summary: summary(),
  keyTerms: array()
    .strict()
    .typeError('keyTerms must be a list of { term, definition }')
    .of(keyTermSchema)
    .required('keyTerms is required')
    .min(L.keyTermsMin, `keyTerms must list ${L.keyTermsMin} to ${L.keyTermsMax} items`)
    .max(L.keyTermsMax, `keyTerms must list ${L.keyTermsMin} to ${L.keyTermsMax} items`),
  related: array()
    .strict()
    .typeError('related must be a list of "<topic>/<article>" slugs')
    .of(
      string()
        .strict()
        .typeError('related entries must be "<topic>/<article>" slugs')
        .required('a related entry is empty')
        .test('key', ({ value }) => `related entry "${String(value)}" is not a "<topic>/<article>" slug`, (v) => v === undefined || isArticleKey(v)),
    )
    .required('related is required')
    .min(L.relatedMin, `related must list ${L.relatedMin} to ${L.relatedMax} articles`)
    .max(L.relatedMax, `related must list ${L.relatedMin} to ${L.relatedMax} articles`)
    .test('distinct', 'related must not list an article twice', (v) => !v || new Set(v).size === v.length),
  updated: string()
    .strict()
    .typeError('updated must be a date written YYYY-MM-DD')
    .required('updated is required')
    .test('date', ({ value }) => `updated "${String(value)}" is not a real date written YYYY-MM-DD`, (v) => v === undefined || isIsoDate(v)),
}).test(onlyFields(['title', 'summary', 'keyTerms', 'related', 'updated']));
