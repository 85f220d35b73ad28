/**
 * material_progress, the per-material sums a class dashboard reads, is kept by the database's own
 * triggers: after every kind of write to the three tables it sums (the catalog's single-row writes,
 * an upsert that adds time, bulk inserts and updates in one statement, as a seed or bench makes
 * them) it equals a fresh sum over those tables. On SQLite, and on PostgreSQL under
 * TEST_DATABASE_URL, whose triggers run per statement.
 */
import { sql } from 'kysely';
import { LAST_SECTION_FROM_BASE, MATERIAL_PROGRESS_FROM_BASE, sectionListSql } from '../../src/server/db/migrations/0031_material_progress';
import { isPostgres } from '../../src/server/db';
import { addTime, completeSection, insertReviewAttempt } from '../../src/server/services/catalog/repository';
import { addUser } from './support/classroom';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let ann: number;
let ben: number;

beforeAll(async () => {
  t = await createTestApp();
  ann = await addUser(t, 'mp-ann');
  ben = await addUser(t, 'mp-ben');
}, 60_000);
afterAll(async () => {
  await t.close();
});

interface Sums {
  user_id: number;
  module_slug: string;
  material_slug: string;
  sections: string;
  [column: string]: unknown;
}

/** Rows as comparable values: numbers as numbers (PostgreSQL answers bigint as text), sections as a sorted set. */
const TEXT = new Set(['module_slug', 'material_slug', 'last_section']);
const normal = (rows: Sums[]) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, k === 'sections' ? String(v).split(' ').filter(Boolean).sort().join(' ') : TEXT.has(k) || v === null ? v : Number(v)]),
      ),
    )
    .sort((a, b) => `${a.user_id}/${a.module_slug}/${a.material_slug}`.localeCompare(`${b.user_id}/${b.module_slug}/${b.material_slug}`)) as Sums[];

async function kept(): Promise<Sums[]> {
  const rows = await t.db.selectFrom('material_progress').selectAll().where('user_id', 'in', [ann, ben]).execute();
  return normal(rows as unknown as Sums[]);
}

async function fromBase(): Promise<Sums[]> {
  const query = `SELECT sums.*, coalesce(l.last_section, '') AS last_section, coalesce(l.last_section_seconds, 0) AS last_section_seconds
    FROM (${MATERIAL_PROGRESS_FROM_BASE.replace('%SECTIONS%', sectionListSql(isPostgres(t.db)))}) AS sums
    LEFT JOIN (${LAST_SECTION_FROM_BASE}) AS l ON l.user_id = sums.user_id AND l.module_slug = sums.module_slug AND l.material_slug = sums.material_slug
    WHERE sums.user_id IN (${ann}, ${ben})`;
  const { rows } = await sql.raw<Sums>(query).execute(t.db);
  return normal(rows);
}

const key = (user_id: number, material = 'first-budget', section = 'intro') => ({ user_id, module_slug: 'budgeting', material_slug: material, section_slug: section });

describe('material_progress stays the sum of the rows it folds', () => {
  it.each([
    ['a first completion', () => completeSection(t.db, key(ann), 1_000)],
    ['a second section of the material', () => completeSection(t.db, key(ann, 'first-budget', 'needs'), 2_000)],
    ['the same section again (the first completion stays)', () => completeSection(t.db, key(ann), 3_000)],
    ['first time in a section', () => addTime(t.db, key(ann), 30, 4_000)],
    ['more time in it (an upsert that adds)', () => addTime(t.db, key(ann), 45, 5_000)],
    ['time in a material with nothing else', () => addTime(t.db, key(ann, 'needs-and-wants'), 12, 6_000)],
    ['time in another section of the material: it is the one touched last now', () => addTime(t.db, key(ann, 'first-budget', 'needs'), 20, 6_500)],
    [
      'a failed attempt',
      () => insertReviewAttempt(t.db, { user_id: ann, module_slug: 'budgeting', material_slug: 'first-budget' }, { score: 40, passed: false, answers: '{}', choiceOrders: '{}', questionIds: '[]', createdAt: 7_000 }),
    ],
    [
      'a passing one',
      () => insertReviewAttempt(t.db, { user_id: ann, module_slug: 'budgeting', material_slug: 'first-budget' }, { score: 90, passed: true, answers: '{}', choiceOrders: '{}', questionIds: '[]', createdAt: 8_000 }),
    ],
    [
      'a lower one after it (best and first pass stay)',
      () => insertReviewAttempt(t.db, { user_id: ann, module_slug: 'budgeting', material_slug: 'first-budget' }, { score: 60, passed: false, answers: '{}', choiceOrders: '{}', questionIds: '[]', createdAt: 9_000 }),
    ],
    [
      'many completions of two students in one statement',
      () =>
        t.db
          .insertInto('section_completions')
          .values([
            { ...key(ben, 'first-budget', 'a'), completed_at: 10 },
            { ...key(ben, 'first-budget', 'b'), completed_at: 30 },
            { ...key(ben, 'other', 'a'), completed_at: 20 },
            { ...key(ann, 'first-budget', 'c'), completed_at: 11_000 },
          ])
          .execute(),
    ],
    [
      'many attempts in one statement',
      () =>
        t.db
          .insertInto('review_attempts')
          .values([5, 95, 70].map((score, i) => ({ user_id: ben, module_slug: 'budgeting', material_slug: 'other', score, passed: score >= 70 ? 1 : 0, answers: '{}', created_at: 100 + i })))
          .execute(),
    ],
    [
      'many time rows inserted, then all of them updated in one statement',
      async () => {
        await t.db
          .insertInto('time_spent')
          .values(['a', 'b', 'c'].map((s, i) => ({ ...key(ben, 'other', s), seconds: 10 * (i + 1), first_at: 1, updated_at: 1 })))
          .execute();
        await t.db.updateTable('time_spent').set((eb) => ({ seconds: eb('seconds', '+', 7), updated_at: 500 })).where('user_id', '=', ben).execute();
      },
    ],
  ])('after %s', async (_label, write) => {
    await write();
    expect(await kept()).toEqual(await fromBase());
  });

  it('a deleted student takes their sums along', async () => {
    await t.db.deleteFrom('users').where('id', '=', ben).execute();
    expect((await kept()).filter((r) => r.user_id === ben)).toEqual([]);
    expect(await kept()).toEqual(await fromBase());
  });
});
