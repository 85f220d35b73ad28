/** A small catalog tree and a way to write a learner's progress, for the catalog's pure logic. */
import type { LearnerProgress, TreeModule } from '../../../../../src/server/services/catalog/repository';

const section = (slug: string) => ({ slug, title: `Section ${slug}`, order: 1, estimatedMinutes: 5 });
const review = (id: number, bankSize = 5) => ({ id, title: `Review ${id}`, passingScore: null, questionCount: bankSize, bankSize, drawCount: null });

/** budgeting: first (sections a, b; review 1), second (section c; review 2). saving: only (section d; review 3 of one question). */
export const TREE: TreeModule[] = [
  {
    id: 1,
    slug: 'budgeting',
    title: 'Budgeting',
    order: 1,
    summary: '',
    estimatedMinutes: 30,
    materials: [
      { id: 1, slug: 'first', title: 'First', order: 1, summary: '', sections: [section('a'), section('b')], review: review(1) },
      { id: 2, slug: 'second', title: 'Second', order: 2, summary: '', sections: [section('c')], review: review(2) },
    ],
  },
  {
    id: 2,
    slug: 'saving',
    title: 'Saving',
    order: 2,
    summary: '',
    estimatedMinutes: 10,
    materials: [{ id: 3, slug: 'only', title: 'Only', order: 1, summary: '', sections: [section('d')], review: review(3, 1) }],
  },
];

export const BUDGETING = TREE[0]!;

export interface Made {
  /** "module/material/section" → completed at */
  done?: [string, number][];
  /** "module/material", score, passed, at */
  attempts?: [string, number, boolean, number][];
  /** "module/material/section", seconds, first at, updated at */
  time?: [string, number, number, number][];
}

export function progressOf(made: Made = {}): LearnerProgress {
  const p: LearnerProgress = { completions: new Map(), attempts: new Map(), time: new Map() };
  for (const [key, at] of made.done ?? []) p.completions.set(key, at);
  for (const [key, score, passed, at] of made.attempts ?? []) {
    const prev = p.attempts.get(key);
    p.attempts.set(key, { best: Math.max(prev?.best ?? 0, score), count: (prev?.count ?? 0) + 1, firstAt: prev?.firstAt ?? at, lastAt: Math.max(prev?.lastAt ?? at, at), firstPassedAt: prev?.firstPassedAt ?? (passed ? at : null) });
  }
  for (const [key, seconds, firstAt, updatedAt] of made.time ?? []) p.time.set(key, { seconds, firstAt, updatedAt });
  return p;
}
