/**
 * Retention by the clock (src/server/retentionSweep.ts): expired rows go at start-up and on every
 * hourly tick, with or without traffic, on the app's injected clock; instances sweeping together
 * delete each row once.
 */
import { buildApp } from '../../src/server/app';
import { RETENTION } from '../../src/server/security/retention';
import { RETENTION_SWEEP_INTERVAL_MS } from '../../src/server/retentionSweep';
import { CLI_ACTOR, recordAudit } from '../../src/server/services/audit/record';
import { changeSchoolSettings, retentionMaximums } from '../../src/server/services/schoolSettings';
import { createTestApp, type TestApp } from './support/testApp';

const DAY = 86_400_000;

/** Timers the test fires by hand: the tick's promise is returned, so a test can await the sweep. */
function manualTimers() {
  const ticks: Array<{ tick: () => Promise<unknown>; ms: number }> = [];
  return {
    ticks,
    timers: {
      setInterval: (tick: () => Promise<unknown>, ms: number) => {
        const entry = { tick, ms };
        ticks.push(entry);
        return entry;
      },
      clearInterval: (handle: unknown) => {
        ticks.splice(ticks.indexOf(handle as (typeof ticks)[number]), 1);
      },
    },
    fire: () => Promise.all(ticks.map(({ tick }) => tick())),
  };
}

let t: TestApp;
let manual: ReturnType<typeof manualTimers>;
beforeEach(async () => {
  manual = manualTimers();
  t = await createTestApp({ retentionSweep: { timers: manual.timers } });
});
afterEach(async () => {
  await t.close();
});

/** One row of each kind with a retention rule, created or expiring at `at`. */
async function rowsAt(at: number, tag: string): Promise<void> {
  const user = await t.db.selectFrom('users').select('id').where('user_name', '=', 'learner').executeTakeFirstOrThrow();
  const ticket = await t.db
    .insertInto('support_tickets')
    .values({
      issue_key: `HELP-${tag}`,
      number: Number(tag),
      user_id: user.id,
      user_name: 'learner',
      school: null,
      page_url: '/app',
      name: 'Lena',
      email: 'lena@example.edu',
      subject: 'help',
      description: 'help',
      useragent: 'test',
      status: 'open',
      created_at: at,
      resolved_at: null,
      resolved_by: null,
      recording_id: `00000000-0000-4000-8000-0000000000${tag}`,
      upload_token_hash: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('support_recordings')
    .values({ id: `00000000-0000-4000-8000-0000000000${tag}`, ticket_id: ticket.id, created_at: at, size: 2, truncated: 0, events: '[]' })
    .execute();
  await t.db.insertInto('verification_codes').values({ purpose: 'email-change', record_id: null, user_id: user.id, email: 'lena@example.edu', code_hash: `v${tag}`, attempts: 0, created_at: at, expires_at: at, consumed_at: null }).execute();
  await t.db.insertInto('password_reset_codes').values({ user_id: user.id, code_hash: `r${tag}`, created_at: at, expires_at: at, used_at: null }).execute();
  await t.db.insertInto('outbox').values({ created_at: at, to_address: 'lena@example.edu', subject: tag, text_body: 'code', html_body: null, purpose: 'test', sent_at: null }).execute();
  await t.db.insertInto('rate_events').values({ key: `k${tag}`, at }).execute();
  await t.db.insertInto('sign_in_attempts').values({ key: `user:${tag}`, attempted_at: at }).execute();
}

async function remaining() {
  const count = async (table: 'support_recordings' | 'verification_codes' | 'password_reset_codes' | 'outbox' | 'rate_events' | 'sign_in_attempts') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    recordings: await count('support_recordings'),
    verificationCodes: await count('verification_codes'),
    resetCodes: await count('password_reset_codes'),
    outbox: await count('outbox'),
    rateEvents: await count('rate_events'),
    signInAttempts: await count('sign_in_attempts'),
  };
}

const none = { recordings: 0, verificationCodes: 0, resetCodes: 0, outbox: 0, rateEvents: 0, signInAttempts: 0 };
const one = { recordings: 1, verificationCodes: 1, resetCodes: 1, outbox: 1, rateEvents: 1, signInAttempts: 1 };

describe('the retention sweep', () => {
  it('deletes audit entries past AUDIT_RETENTION_DAYS, to the millisecond, and keeps the newer ones', async () => {
    expect(t.config.auditRetentionMs).toBe(730 * DAY);
    const start = t.clock();
    const entries = async () => (await t.db.selectFrom('audit_events').select('at').orderBy('at').execute()).map((r) => Number(r.at) - start);
    await recordAudit(t.db, CLI_ACTOR, { action: 'roster.import', schoolId: null }, start);
    await recordAudit(t.db, CLI_ACTOR, { action: 'roster.import', schoolId: null }, start + DAY);
    t.clock.set(start + t.config.auditRetentionMs);
    await manual.fire();
    expect(await entries()).toEqual([0, DAY]);
    t.clock.set(start + t.config.auditRetentionMs + 1);
    await manual.fire();
    expect(await entries()).toEqual([DAY]);
    t.clock.set(start + DAY + t.config.auditRetentionMs + 1);
    await manual.fire();
    expect(await entries()).toEqual([]);
  });

  it('ticks hourly and deletes, with no traffic at all, what the clock has put past its retention', async () => {
    expect(manual.ticks.map(({ ms }) => ms)).toEqual([RETENTION_SWEEP_INTERVAL_MS]);
    await t.db.deleteFrom('outbox').execute();
    const start = t.clock();
    await rowsAt(start, '01');
    // a day and a minute on: codes and counters are past theirs, recordings and mail are not
    t.clock.advance(DAY + 60_000);
    await manual.fire();
    expect(await remaining()).toEqual({ ...none, recordings: 1, outbox: 1 });
    // past the recordings' RECORDING_RETENTION_DAYS and the outbox's 30 days
    t.clock.set(start + Math.max(t.config.support.recordingRetentionMs, RETENTION.outboxMs) + 1);
    await manual.fire();
    expect(await remaining()).toEqual(none);
  });

  it('keeps rows still within their retention, to the millisecond', async () => {
    await t.db.deleteFrom('outbox').execute();
    const start = t.clock();
    await rowsAt(start, '02');
    t.clock.set(start + t.config.support.recordingRetentionMs);
    await manual.fire();
    expect((await remaining()).recordings).toBe(1);
    t.clock.set(start + t.config.support.recordingRetentionMs + 1);
    await manual.fire();
    expect((await remaining()).recordings).toBe(0);
  });

  it('runs at start-up: a process started after a quiet month deletes at once; two instances sweeping together delete each row once', async () => {
    await t.db.deleteFrom('outbox').execute();
    await rowsAt(t.clock(), '03');
    expect(await remaining()).toEqual(one);
    t.clock.advance(RETENTION.outboxMs + 1);
    const instances = [manualTimers(), manualTimers()];
    const apps = await Promise.all(instances.map(({ timers }) => buildApp({ config: t.config, db: t.db, clock: t.clock, retentionSweep: { timers } })));
    try {
      await Promise.all(apps.map((app) => app.ready()));
      expect(await remaining()).toEqual(none);
      expect(instances.map(({ ticks }) => ticks.length)).toEqual([1, 1]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
    // closed: no tick left behind
    expect(instances.map(({ ticks }) => ticks.length)).toEqual([0, 0]);
  });

  it('a failed sweep is logged and the app still starts; the next tick tries again', async () => {
    const warnings: string[] = [];
    const failing = { ...t.db, deleteFrom: () => { throw new Error('database away'); } } as unknown as typeof t.db;
    const timers = manualTimers();
    const app = await buildApp({
      config: t.config,
      db: failing,
      clock: t.clock,
      retentionSweep: { timers: timers.timers },
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api' })).statusCode).toBe(200);
      await timers.fire();
      expect(warnings.filter((line) => line.includes('retention sweep failed'))).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

describe('a school’s own, shorter retention', () => {
  /** A recording of a ticket sent from `school` (its name), and an audit entry at that school, at `at`. */
  async function schoolRows(school: { id: number; name: string }, at: number, tag: string): Promise<void> {
    const ticket = await t.db
      .insertInto('support_tickets')
      .values({ issue_key: `HELP-${tag}`, number: Number(tag), user_id: null, user_name: null, school: school.name, page_url: '/app', name: 'Lena', email: 'lena@example.edu', subject: 'help', description: 'help', useragent: 'test', status: 'open', created_at: at, resolved_at: null, resolved_by: null, recording_id: `00000000-0000-4000-8000-0000000000${tag}`, upload_token_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('support_recordings').values({ id: `00000000-0000-4000-8000-0000000000${tag}`, ticket_id: ticket.id, created_at: at, size: 2, truncated: 0, events: '[]' }).execute();
    await recordAudit(t.db, CLI_ACTOR, { action: 'roster.import', schoolId: school.id }, at);
  }
  const left = async () => ({
    recordings: (await t.db.selectFrom('support_recordings as r').innerJoin('support_tickets as s', 's.id', 'r.ticket_id').select('s.school').orderBy('s.school').execute()).map((r) => r.school),
    audit: (await t.db.selectFrom('audit_events as a').innerJoin('clients as c', 'c.id', 'a.client_id').select('c.lsclient_id').where('a.action', '=', 'roster.import').orderBy('c.lsclient_id').execute()).map((r) => r.lsclient_id),
  });

  it('the sweep deletes a school’s recordings and audit entries past its own days, to the millisecond, and leaves other schools to the deployment’s', async () => {
    const schools = await t.db.selectFrom('clients').select(['id', 'name', 'lsclient_id']).where('lsclient_id', 'in', ['LINCOLN-HS', 'ROOSEVELT-AC']).orderBy('lsclient_id').execute();
    const [lincoln, roosevelt] = schools as [(typeof schools)[number], (typeof schools)[number]];
    const start = t.clock();
    await changeSchoolSettings(t.db, retentionMaximums(t.config), lincoln.id, { recordingRetentionDays: 3, auditRetentionDays: 100 }, CLI_ACTOR, start);
    await t.db.deleteFrom('audit_events').execute();
    await schoolRows(lincoln, start, '71');
    await schoolRows(roosevelt, start, '72');
    t.clock.set(start + 3 * DAY);
    await manual.fire();
    expect(await left()).toEqual({ recordings: ['Lincoln High School', 'Roosevelt Academy'], audit: ['LINCOLN-HS', 'ROOSEVELT-AC'] });
    t.clock.set(start + 3 * DAY + 1);
    await manual.fire();
    expect((await left()).recordings).toEqual(['Roosevelt Academy']);
    t.clock.set(start + 100 * DAY + 1);
    await manual.fire();
    // Roosevelt's recording is past the deployment's 30 days too; its audit entry is within 730
    expect(await left()).toEqual({ recordings: [], audit: ['ROOSEVELT-AC'] });
  });
});
