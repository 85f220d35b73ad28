/**
 * The demo classroom: `teacher`'s two classes at Lincoln High School, mid-semester. Forty-one demo
 * students (plus `learner`, who is in Period 2 but keeps no progress of their own, so every page
 * `learner` sees is what it was before the classroom) with assignments whose due days lie around
 * today and progress that varies from student to student: sections read, time spent, review attempts
 * with scores, overdue work and a couple of worksheets turned in with a teacher's comment.
 *
 * Deterministic: one seeded PRNG draws every choice, and every time is an offset from `now`, so the
 * same seed gives the same class relative to the day it runs. Seeded once: when Period 2 exists the
 * whole world is left as it is.
 */
import { WORKSHEET_INFO, type SavingsGoalData, type PaycheckData, type WorksheetKind } from '../../common/worksheets';
import { newAccessCode } from '../security/codes';
import type { Db } from '.';
import { changed } from './changes';

export const DEMO_CLASS_NAMES = ['Personal Finance — Period 2', 'Personal Finance — Period 5'] as const;

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** mulberry32: a small, well-mixed 32-bit PRNG; the demo only needs repeatable variety. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The wall-clock offset of `timeZone` at `at` (ms to add to UTC). */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at / 1000) * 1000;
}

/** The due day `days` from `now` in the school's zone, and the last millisecond of that day there. */
export function dueDay(now: number, days: number, timeZone: string): { dueDate: string; dueAt: number } {
  const wall = new Date(now + zoneOffset(now, timeZone) + days * DAY);
  const dueDate = wall.toISOString().slice(0, 10);
  // midnight after the due day, as wall-clock UTC, moved back by the zone's offset at that moment
  const nextMidnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1);
  let end = nextMidnight - zoneOffset(nextMidnight, timeZone);
  end = nextMidnight - zoneOffset(end, timeZone);
  return { dueDate, dueAt: end - 1 };
}

const FIRST_NAMES = [
  'Aiden', 'Amara', 'Ben', 'Camila', 'Carter', 'Chloe', 'Darius', 'Elena', 'Eli', 'Fatima', 'Gabriel', 'Hana',
  'Isaiah', 'Jada', 'Jamal', 'Jasmine', 'Kai', 'Kayla', 'Leo', 'Lily', 'Lucas', 'Mateo', 'Mia', 'Nadia',
  'Noah', 'Olivia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Ryan', 'Sofia', 'Tariq', 'Tessa', 'Tyler', 'Uma',
  'Victor', 'Wen', 'Xavier', 'Yara', 'Zoe', 'Ethan', 'Grace', 'Hector',
];
const LAST_NAMES = [
  'Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Flores', 'Garcia', 'Hughes', 'Ibrahim', 'Jackson', 'Kim',
  'Lopez', 'Martinez', 'Nguyen', 'Okafor', 'Park', 'Quintero', 'Reyes', 'Singh', 'Torres', 'Usman',
  'Vasquez', 'Walker', 'Xu', 'Young', 'Zhang', 'Brooks', 'Bennett', 'Foster', 'Morales',
];

interface MaterialRef {
  module: string;
  material: string;
  sections: readonly string[];
}

const MATERIALS = {
  firstBudget: { module: 'budgeting', material: 'making-your-first-budget', sections: ['what-a-budget-does', 'needs-and-wants', 'the-50-30-20-guideline'] },
  planning: { module: 'budgeting', material: 'planning-for-expenses', sections: ['fixed-and-variable-expenses', 'sinking-funds-for-big-events', 'building-an-emergency-fund'] },
  spending: { module: 'budgeting', material: 'spending-wisely', sections: ['tracking-your-spending', 'comparing-before-you-buy', 'when-the-budget-breaks'] },
  paycheck: { module: 'earning-income', material: 'your-first-paycheck', sections: ['starting-a-new-job', 'gross-pay-and-net-pay', 'reading-your-pay-stub'] },
  taxes: { module: 'earning-income', material: 'how-taxes-work', sections: ['how-income-tax-works', 'social-security-and-medicare', 'the-w-4-and-withholding'] },
} as const satisfies Record<string, MaterialRef>;

type DemoAssignment =
  | { kind: 'material'; ref: MaterialRef; dueIn: number | null }
  | { kind: 'review'; ref: MaterialRef; dueIn: number | null; maxAttempts: number | null }
  | { kind: 'worksheet'; worksheet: WorksheetKind; dueIn: number | null }
  | { kind: 'module'; module: string; firstMaterial: MaterialRef; dueIn: number | null };

/** Period 2 is ahead (budgeting, starting on income); Period 5 began with earning an income. */
const CLASSES: readonly { name: (typeof DEMO_CLASS_NAMES)[number]; students: number; seed: number; assignments: readonly DemoAssignment[] }[] = [
  {
    name: DEMO_CLASS_NAMES[0],
    students: 24,
    seed: 2,
    assignments: [
      { kind: 'material', ref: MATERIALS.firstBudget, dueIn: -21 },
      { kind: 'review', ref: MATERIALS.firstBudget, dueIn: -18, maxAttempts: 3 },
      { kind: 'worksheet', worksheet: 'savings-goal', dueIn: -12 },
      { kind: 'material', ref: MATERIALS.planning, dueIn: -6 },
      { kind: 'review', ref: MATERIALS.planning, dueIn: -2, maxAttempts: 2 },
      { kind: 'material', ref: MATERIALS.spending, dueIn: 5 },
      { kind: 'module', module: 'earning-income', firstMaterial: MATERIALS.paycheck, dueIn: null },
    ],
  },
  {
    name: DEMO_CLASS_NAMES[1],
    students: 18,
    seed: 5,
    assignments: [
      { kind: 'material', ref: MATERIALS.paycheck, dueIn: -15 },
      { kind: 'review', ref: MATERIALS.paycheck, dueIn: -10, maxAttempts: 3 },
      { kind: 'worksheet', worksheet: 'paycheck', dueIn: -4 },
      { kind: 'material', ref: MATERIALS.taxes, dueIn: 3 },
      { kind: 'review', ref: MATERIALS.taxes, dueIn: 9, maxAttempts: null },
    ],
  },
];

const REVIEW_QUESTIONS = 5;
const PASSING_SCORE = 70;

interface Rows {
  completions: { user_id: number; module_slug: string; material_slug: string; section_slug: string; completed_at: number }[];
  time: { user_id: number; module_slug: string; material_slug: string; section_slug: string; seconds: number; first_at: number; updated_at: number }[];
  attempts: { user_id: number; module_slug: string; material_slug: string; score: number; passed: number; answers: string; choice_orders: null; created_at: number }[];
}

async function insertInChunks<T extends object>(insert: (rows: T[]) => Promise<unknown>, rows: T[], size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

function worksheetData(kind: WorksheetKind, random: () => number): SavingsGoalData | PaycheckData {
  if (kind === 'paycheck') {
    const hours = 10 + Math.floor(random() * 15);
    return { grossCents: hours * 1450 * 2, frequency: 'biweekly', preTaxCents: null, federalBasisPoints: 1000, stateBasisPoints: 300 + Math.floor(random() * 3) * 100 };
  }
  const goals = ['Used car', 'Laptop for college', 'Prom', 'Summer trip', 'Emergency fund', 'New phone'];
  const goal = goals[Math.floor(random() * goals.length)] ?? 'Savings';
  return {
    goalName: goal,
    targetCents: (5 + Math.floor(random() * 40)) * 10000,
    currentCents: Math.floor(random() * 30) * 1000,
    monthlyCents: (4 + Math.floor(random() * 12)) * 1000,
    aprBasisPoints: 400,
  };
}

/**
 * Seeds the classroom unless Period 2 already exists. `demoHash` gives the demo password's hash
 * (one argon2 run for every demo student, and none when there is nothing to seed).
 */
export async function seedDemoClassroom(db: Db, demoHash: () => Promise<string>, now: number): Promise<void> {
  const school = await db.selectFrom('clients').select(['id', 'timezone']).where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirst();
  const teacher = await db.selectFrom('users').select('id').where('user_name', '=', 'teacher').executeTakeFirst();
  const learner = await db.selectFrom('users').select('id').where('user_name', '=', 'learner').executeTakeFirst();
  if (!school || !teacher || !learner) throw new Error('The demo classroom needs Lincoln High School, teacher and learner');
  const seeded = await db.selectFrom('classes').select('id').where('client_id', '=', school.id).where('name', '=', DEMO_CLASS_NAMES[0]).executeTakeFirst();
  if (seeded) return;
  const passwordHash = await demoHash();
  const product = await db.selectFrom('products').select('id').where('code', '=', 'CASHWISE').executeTakeFirstOrThrow();

  await db.transaction().execute(async (trx) => {
    const names = seededRandom(31);
    const taken = new Set<string>();
    const nextName = () => {
      for (;;) {
        const first = FIRST_NAMES[Math.floor(names() * FIRST_NAMES.length)] ?? 'Alex';
        const last = LAST_NAMES[Math.floor(names() * LAST_NAMES.length)] ?? 'Smith';
        const userName = `${first}.${last}`.toLowerCase();
        if (!taken.has(userName)) {
          taken.add(userName);
          return { first, last, userName };
        }
      }
    };
    const semesterStart = now - 42 * DAY;

    for (const spec of CLASSES) {
      const random = seededRandom(spec.seed);
      const created = await trx
        .insertInto('classes')
        .values({ client_id: school.id, name: spec.name, sourced_id: null, created_at: semesterStart, updated_at: semesterStart, archived_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const classId = created.id;
      await trx.insertInto('class_teachers').values({ class_id: classId, user_id: teacher.id, role: 'owner', added_at: semesterStart }).execute();
      await trx
        .insertInto('access_codes')
        .values({ code: newAccessCode(), client_id: school.id, product_id: product.id, seats: 40, used: 0, expires_at: null, created_at: semesterStart, class_id: classId })
        .execute();

      // the students: learner first in Period 2, then demo students who sign in with the demo password
      const students: number[] = [];
      if (spec.name === DEMO_CLASS_NAMES[0]) students.push(learner.id);
      while (students.length < spec.students) {
        const person = nextName();
        const existing = await trx.selectFrom('users').select('id').where('user_name', '=', person.userName).executeTakeFirst();
        if (existing) continue;
        const inserted = await trx
          .insertInto('users')
          .values({
            first_name: person.first,
            last_name: person.last,
            user_name: person.userName,
            email: `${person.userName}@example.edu`,
            timezone: school.timezone,
            password_hash: passwordHash,
            created_at: semesterStart,
            sourced_id: null,
            deactivated_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        changed('users', inserted.id);
        await trx.insertInto('user_clients').values({ user_id: inserted.id, client_id: school.id, position: 0 }).execute();
        changed('user_clients', inserted.id);
        students.push(inserted.id);
      }
      await trx
        .insertInto('class_students')
        .values(students.map((userId, i) => ({ class_id: classId, user_id: userId, source: 'code' as const, joined_at: semesterStart + (i % 5) * 60 * MINUTE, left_at: null })))
        .execute();

      const assignmentIds: number[] = [];
      for (const a of spec.assignments) {
        const due = a.dueIn === null ? null : dueDay(now, a.dueIn, school.timezone);
        const row = await trx
          .insertInto('assignments')
          .values({
            class_id: classId,
            kind: a.kind,
            module_slug: a.kind === 'worksheet' ? null : a.kind === 'module' ? a.module : a.ref.module,
            material_slug: a.kind === 'material' || a.kind === 'review' ? a.ref.material : null,
            worksheet_kind: a.kind === 'worksheet' ? a.worksheet : null,
            due_date: due?.dueDate ?? null,
            due_at: due?.dueAt ?? null,
            max_attempts: a.kind === 'review' ? a.maxAttempts : null,
            created_by: teacher.id,
            created_at: Math.min(now - DAY, now + ((a.dueIn ?? 14) - 9) * DAY),
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        assignmentIds.push(row.id);
      }

      const rows: Rows = { completions: [], time: [], attempts: [] };
      let turnIns = 0;
      for (const userId of students) {
        // learner keeps their own (empty) progress: the demo must not change what learner sees
        if (userId === learner.id) continue;
        // how steadily this student works: a few stars, most in the middle, a few far behind
        const diligence = Math.min(1, Math.max(0.05, (random() + random() + random()) / 3 + (random() < 0.15 ? -0.35 : 0.1)));
        const skill = 0.35 + random() * 0.6;
        const done = new Set<string>();
        for (const [index, a] of spec.assignments.entries()) {
          const dueAt = now + (a.dueIn ?? 20) * DAY;
          const past = a.dueIn !== null && a.dueIn < 0;
          // work happens in the days before the due day (late for some), never in the future
          const when = (daysBefore: number) => Math.min(now - 5 * MINUTE - Math.floor(random() * 3 * 60) * MINUTE, dueAt - daysBefore * DAY - Math.floor(random() * 10 * 60) * MINUTE);
          if (a.kind === 'material' || a.kind === 'module') {
            const ref = a.kind === 'material' ? a.ref : a.firstMaterial;
            const likelihood = past ? diligence : diligence * (a.kind === 'module' ? 0.35 : 0.6);
            const sectionsRead = random() < likelihood ? ref.sections.length : random() < diligence ? Math.floor(random() * ref.sections.length) + (a.kind === 'module' ? 0 : 1) : 0;
            const startDaysBefore = 1 + Math.floor(random() * 4);
            for (const [s, section] of ref.sections.entries()) {
              const started = s < sectionsRead || (s === sectionsRead && random() < 0.5 && sectionsRead > 0);
              if (!started) break;
              const at = when(startDaysBefore - s * 0.3);
              const seconds = 150 + Math.floor(random() * 600);
              rows.time.push({ user_id: userId, module_slug: ref.module, material_slug: ref.material, section_slug: section, seconds, first_at: at - seconds * 1000, updated_at: at });
              if (s < sectionsRead) rows.completions.push({ user_id: userId, module_slug: ref.module, material_slug: ref.material, section_slug: section, completed_at: at });
            }
            if (sectionsRead === ref.sections.length) done.add(`${ref.module}/${ref.material}`);
          } else if (a.kind === 'review') {
            const ready = done.has(`${a.ref.module}/${a.ref.material}`);
            if (!ready || random() > (past ? 0.95 : 0.7) * (0.4 + diligence * 0.6)) continue;
            const limit = a.maxAttempts ?? 4;
            const tries = 1 + Math.floor(random() * limit);
            for (let attempt = 0; attempt < tries; attempt += 1) {
              // each try goes a little better than the last
              const correct = Math.min(REVIEW_QUESTIONS, Math.floor((skill + attempt * 0.15 + random() * 0.3) * REVIEW_QUESTIONS));
              const score = Math.round((correct / REVIEW_QUESTIONS) * 100);
              const passed = score >= PASSING_SCORE;
              rows.attempts.push({
                user_id: userId,
                module_slug: a.ref.module,
                material_slug: a.ref.material,
                score,
                passed: passed ? 1 : 0,
                answers: '{}',
                choice_orders: null,
                created_at: when(1 - attempt * 0.1),
              });
              if (passed) break;
            }
          } else {
            if (random() > diligence * (past ? 1 : 0.5)) continue;
            const savedAt = when(1 + Math.floor(random() * 3));
            const data = JSON.stringify(worksheetData(a.worksheet, random));
            const title = WORKSHEET_INFO[a.worksheet].title;
            const sheet = await trx
              .insertInto('worksheets')
              .values({ user_id: userId, kind: a.worksheet, title, data, version: 1, created_at: savedAt - 20 * MINUTE, updated_at: savedAt, deleted_at: null })
              .returning('id')
              .executeTakeFirstOrThrow();
            // a couple of students turn theirs in; the teacher has answered the first one
            if (turnIns < 2 && diligence > 0.55) {
              turnIns += 1;
              const turnIn = await trx
                .insertInto('turn_ins')
                .values({ class_id: classId, user_id: userId, assignment_id: assignmentIds[index] ?? null, kind: 'worksheet', document_id: sheet.id, title, snapshot: data, turned_in_at: savedAt + 5 * MINUTE })
                .returning('id')
                .executeTakeFirstOrThrow();
              if (turnIns === 1) {
                await trx
                  .insertInto('turn_in_comments')
                  .values({ turn_in_id: turnIn.id, author_id: teacher.id, body: 'Nice work: a clear goal and a realistic monthly amount. What would change if you saved $10 more a month?', created_at: Math.min(now - MINUTE, savedAt + DAY) })
                  .execute();
              }
            }
          }
        }
      }
      await insertInChunks((r) => trx.insertInto('section_completions').values(r).execute(), rows.completions);
      changed('section_completions');
      await insertInChunks((r) => trx.insertInto('time_spent').values(r).execute(), rows.time);
      changed('time_spent');
      await insertInChunks((r) => trx.insertInto('review_attempts').values(r).execute(), rows.attempts);
      changed('review_attempts');
    }
  });
}
