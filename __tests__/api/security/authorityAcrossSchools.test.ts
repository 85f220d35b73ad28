/**
 * The tenant-isolation matrix for people who belong to two schools (OWASP ASVS 5.0 v8.4.1 cross-tenant,
 * v8.2.1 function level; SECURITY.md "Authority across schools"). tenantIsolation.test.ts attacks
 * one Lincoln learner's data from every route; this file takes every route that ACTS ON A PERSON
 * (enumerated from the registry, so a new one without a row fails here; rosterScope.test.ts has the
 * roster upload's whole story) and runs it between people
 * of Lincoln (L) and Roosevelt (R) who hold roles at one school or both, some of them members of the
 * other school by a redeemed code:
 *
 *   dualkid     student of L and R (in T's Lincoln class)      lkid     student of L only (in T's class)
 *   radmin      SCHOOLADMIN at R, joined L with a code           ladmin   SCHOOLADMIN at L only
 *   bothadmin   SCHOOLADMIN at L and R                            tteach   TEACHER at L (owns the class)
 *   lsupport    SUPPORT at L                                      bothsupport  SUPPORT at L and R
 *   dsupport    district-wide SUPPORT, assigned L, joined R by a code
 *   selfsupport SCHOOLADMIN at L who granted themselves SUPPORT at L and redeemed R's class code
 *   rkid2       student of R only (a ticket of their own)
 *
 * The rule: acting on a person needs authority at every school they belong to (or GADMINSUPERUSER);
 * a code makes a member, never widens what staff may do; every action on a person is audited at
 * each of their schools.
 */
import type { LightMyRequestResponse } from 'fastify';
import { SERVICE_NAMES } from '../../../src/common/constants';
import type { ClassDetail } from '../../../src/common/classroom';
import type { Db } from '../../../src/server/db';
import { hashPassword } from '../../../src/server/security/passwords';
import { grantSchoolPermission } from '../../../src/server/services/classroom/schoolPermissions';
import { csvCell } from '../../../src/server/services/classroom/csv';
import { csvField } from '../../../src/common/budget';
import { AUTHORITY_MESSAGES } from '../../../src/server/services/authority';
import { IN_PROCESS_MODULES } from '../../../src/server/services/registry';
import { newCode } from '../support/accounts';
import type { RosterUploadResult } from '../../../src/common/roster';
import { ROSTER_FILE_FIELD, SCHOOL_SETTINGS_PATHS } from '../../../src/common/schoolSettings';
import { org, rosterZip, user, type District } from '../../support/oneRoster';
import { createTestApp, multipartCall, serviceCall, signIn, type TestApp } from '../support/testApp';

const L = 'LINCOLN-HS';
const R = 'ROOSEVELT-AC';

let t: TestApp;
let ip = 0;
const call = (token: string, method: string, path: string, payload?: unknown, service = 'OneLook', params?: Record<string, unknown>) =>
  serviceCall(t.app, method, path, { token, payload, service, params, ip: `10.77.${Math.floor(++ip / 250)}.${ip % 250}` });

async function schoolId(db: Db, lsclientID: string): Promise<number> {
  return (await db.selectFrom('clients').select('id').where('lsclient_id', '=', lsclientID).executeTakeFirstOrThrow()).id;
}

/** A person: their schools in order (the first is current), roles per school, district permissions. */
async function person(userName: string, schools: string[], roles: Record<string, string[]> = {}, district: string[] = []): Promise<number> {
  const user = await t.db
    .insertInto('users')
    .values({ first_name: userName, last_name: 'Test', user_name: userName, email: `${userName}@example.edu`, timezone: null, password_hash: await hashPassword('demo-password', t.config.passwordHashing), created_at: t.clock() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, school] of schools.entries()) await t.db.insertInto('user_clients').values({ user_id: user.id, client_id: await schoolId(t.db, school), position }).execute();
  for (const permission of district) await t.db.insertInto('user_permissions').values({ user_id: user.id, permission }).execute();
  for (const [school, permissions] of Object.entries(roles)) {
    for (const permission of permissions) await grantSchoolPermission(t.db, { userId: user.id, clientId: await schoolId(t.db, school), permission }, t.clock());
  }
  return user.id;
}

interface People {
  ids: Record<string, number>;
  tokens: Record<string, string>;
  cls: ClassDetail;
  tickets: Record<string, string>;
  recordingOf: Record<string, string>;
}
let p: People;

const passwordOf = async (id: number) => (await t.db.selectFrom('users').select(['password_hash', 'deactivated_at']).where('id', '=', id).executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await createTestApp();
  const ids: Record<string, number> = {
    dualkid: await person('dualkid', [L, R]),
    lkid: await person('lkid', [L]),
    rkid2: await person('rkid2', [R]),
    radmin: await person('radmin', [R], { [R]: ['SCHOOLADMIN'] }),
    ladmin: await person('ladmin', [L], { [L]: ['SCHOOLADMIN'] }),
    bothadmin: await person('bothadmin', [L, R], { [L]: ['SCHOOLADMIN'], [R]: ['SCHOOLADMIN'] }),
    tteach: await person('tteach', [L], { [L]: ['TEACHER'] }),
    lsupport: await person('lsupport', [L], { [L]: ['SUPPORT'] }),
    bothsupport: await person('bothsupport', [L, R], { [L]: ['SUPPORT'], [R]: ['SUPPORT'] }),
    dsupport: await person('dsupport', [L], {}, ['SUPPORT']),
    selfsupport: await person('selfsupport', [L], { [L]: ['SCHOOLADMIN'] }),
  };
  await t.db.insertInto('support_schools').values({ user_id: ids.dsupport!, client_id: await schoolId(t.db, L), assigned_at: t.clock(), assigned_by: null }).execute();
  const tokens: Record<string, string> = {};
  for (const name of Object.keys(ids)) tokens[name] = (await signIn(t.app, name)).token;

  // a Roosevelt administrator joins Lincoln with an access code, as a student would
  const lincolnCode = await newCode(t.db, t.clock(), { school: L });
  expect((await call(tokens.radmin!, 'POST', '/me/access-codes', { code: lincolnCode })).statusCode).toBeLessThan(300);
  // district support joins Roosevelt the same way
  expect((await call(tokens.dsupport!, 'POST', '/me/access-codes', { code: await newCode(t.db, t.clock(), { school: R }) })).statusCode).toBeLessThan(300);
  // a Lincoln administrator grants themselves SUPPORT and redeems a Roosevelt code
  expect((await call(tokens.selfsupport!, 'PUT', `/admin/users/${ids.selfsupport}/roles/SUPPORT`)).statusCode).toBe(200);
  expect((await call(tokens.selfsupport!, 'POST', '/me/access-codes', { code: await newCode(t.db, t.clock(), { school: R }) })).statusCode).toBeLessThan(300);

  // T's Lincoln class: dualkid, lkid and the Roosevelt administrator join with its code
  const cls = (await call(tokens.tteach!, 'POST', '/classes', { name: 'Period 4' })).json() as ClassDetail;
  for (const name of ['dualkid', 'lkid', 'radmin']) {
    const joined = await call(tokens[name]!, 'POST', '/me/access-codes', { code: cls.joinCode });
    expect({ name, status: joined.statusCode }).toEqual({ name, status: expect.any(Number) });
  }
  // the sign-ins above predate the redemptions; fresh tokens carry the schools as they are now
  for (const name of ['radmin', 'dsupport', 'selfsupport', 'dualkid', 'lkid']) tokens[name] = (await signIn(t.app, name)).token;

  const tickets: Record<string, string> = {};
  const recordingOf: Record<string, string> = {};
  for (const [n, name] of ['dualkid', 'lkid', 'rkid2'].entries()) {
    const recordingId = `00000000-0000-4000-8000-00000000b00${n}`;
    const res = await call(tokens[name]!, 'POST', '/whichway/support', {
      name,
      email: `${name}@example.edu`,
      subject: `${name} needs help`,
      description: 'It broke.',
      useragent: 'Mozilla/5.0 test',
      url: 'http://localhost/app',
      recordingId,
    });
    tickets[name] = (res.json() as { issuekey: string }).issuekey;
    recordingOf[name] = recordingId;
  }
  // recordings stored directly: the upload path has tests of its own
  for (const name of Object.keys(tickets)) {
    const ticket = await t.db.selectFrom('support_tickets').select('id').where('issue_key', '=', tickets[name]!).executeTakeFirstOrThrow();
    await t.db.insertInto('support_recordings').values({ id: recordingOf[name]!, ticket_id: ticket.id, created_at: t.clock(), size: 2, truncated: 0, events: '[]' }).execute();
  }
  p = { ids, tokens, cls, tickets, recordingOf };
}, 120_000);

afterAll(async () => {
  await t.close();
});

function refused(res: LightMyRequestResponse): void {
  expect({ status: res.statusCode, body: res.body }).toEqual({ status: expect.any(Number), body: expect.any(String) });
  expect([403, 404]).toContain(res.statusCode);
  expect((res.json() as { message?: string }).message).toEqual(expect.any(String));
}

type Probe = () => Promise<void>;

/** A worksheet of T's class due in three days there, made on first use (the exception rows). */
let dueWorksheet: number | undefined;
async function exceptionPath(userId: number): Promise<string> {
  const day = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: p.cls.timezone }).format(t.clock() + days * 86_400_000);
  dueWorksheet ??= ((await call(p.tokens.tteach!, 'POST', `/classes/${p.cls.id}/assignments`, { kind: 'worksheet', worksheetKind: 'paycheck', dueDate: day(3) })).json() as { id: number }).id;
  return `/classes/${p.cls.id}/students/${userId}/exceptions/${dueWorksheet}`;
}
const laterDay = () => ({ dueDate: new Intl.DateTimeFormat('en-CA', { timeZone: p.cls.timezone }).format(t.clock() + 9 * 86_400_000) });

/** One row per route that acts on a person: who may, who may not. */
const MATRIX: Record<string, Probe> = {
  'OneLook POST /admin/users/:userId/temporary-password': async () => {
    const before = await passwordOf(p.ids.radmin!);
    // Lincoln's administrator cannot take over Roosevelt's administrator, who joined Lincoln with a code
    const res = await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.radmin}/temporary-password`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: AUTHORITY_MESSAGES.staffElsewhere });
    refused(await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.dualkid}/temporary-password`));
    expect(await passwordOf(p.ids.radmin!)).toEqual(before);
    // an administrator of both schools may; of Lincoln only, for a Lincoln-only student
    expect((await call(p.tokens.bothadmin!, 'POST', `/admin/users/${p.ids.dualkid}/temporary-password`)).statusCode).toBe(200);
    expect((await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.lkid}/temporary-password`)).statusCode).toBe(200);
  },
  'OneLook POST /admin/users/:userId/end-sessions': async () => {
    refused(await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.radmin}/end-sessions`));
    refused(await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.dualkid}/end-sessions`));
    expect((await call(p.tokens.bothadmin!, 'POST', `/admin/users/${p.ids.dualkid}/end-sessions`)).statusCode).toBe(200);
  },
  'OneLook POST /admin/users/:userId/deactivate': async () => {
    refused(await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.radmin}/deactivate`));
    refused(await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.dualkid}/deactivate`));
    expect((await passwordOf(p.ids.dualkid!)).deactivated_at).toBeNull();
  },
  'OneLook POST /admin/users/:userId/reactivate': async () => {
    await t.db.updateTable('users').set({ deactivated_at: t.clock() }).where('id', '=', p.ids.dualkid!).execute();
    refused(await call(p.tokens.ladmin!, 'POST', `/admin/users/${p.ids.dualkid}/reactivate`));
    expect((await call(p.tokens.bothadmin!, 'POST', `/admin/users/${p.ids.dualkid}/reactivate`)).statusCode).toBe(200);
  },
  'OneLook PUT /admin/users/:userId/roles/:role': async () => {
    refused(await call(p.tokens.ladmin!, 'PUT', `/admin/users/${p.ids.radmin}/roles/TEACHER`));
    // SUPPORT granted at Lincoln to a student who also belongs to Roosevelt would reach Roosevelt's tickets
    refused(await call(p.tokens.ladmin!, 'PUT', `/admin/users/${p.ids.dualkid}/roles/SUPPORT`));
    const held = await t.db.selectFrom('school_permissions').select('permission').where('user_id', 'in', [p.ids.dualkid!, p.ids.radmin!]).where('client_id', '=', await schoolId(t.db, L)).execute();
    expect(held).toEqual([]);
  },
  'OneLook DELETE /admin/users/:userId/roles/:role': async () => {
    refused(await call(p.tokens.ladmin!, 'DELETE', `/admin/users/${p.ids.bothadmin}/roles/SCHOOLADMIN`));
    expect((await call(p.tokens.bothadmin!, 'GET', '/admin/overview')).statusCode).toBe(200);
  },
  'OneLook POST /classes/:classId/students/:userId/temporary-password': async () => {
    const before = await passwordOf(p.ids.dualkid!);
    refused(await call(p.tokens.tteach!, 'POST', `/classes/${p.cls.id}/students/${p.ids.dualkid}/temporary-password`));
    refused(await call(p.tokens.tteach!, 'POST', `/classes/${p.cls.id}/students/${p.ids.radmin}/temporary-password`));
    expect((await passwordOf(p.ids.dualkid!)).password_hash).toBe(before.password_hash);
    expect((await call(p.tokens.tteach!, 'POST', `/classes/${p.cls.id}/students/${p.ids.lkid}/temporary-password`)).statusCode).toBe(200);
  },
  'OneLook POST /classes/:classId/students/:userId/end-sessions': async () => {
    refused(await call(p.tokens.tteach!, 'POST', `/classes/${p.cls.id}/students/${p.ids.dualkid}/end-sessions`));
    refused(await call(p.tokens.tteach!, 'POST', `/classes/${p.cls.id}/students/${p.ids.radmin}/end-sessions`));
    expect((await call(p.tokens.tteach!, 'POST', `/classes/${p.cls.id}/students/${p.ids.lkid}/end-sessions`)).statusCode).toBe(200);
  },
  'OneLook GET /classes/:classId/students/:userId': async () => {
    // the class's own work, at the teacher's own school: a class's teacher reads it, whoever else the student is
    expect((await call(p.tokens.tteach!, 'GET', `/classes/${p.cls.id}/students/${p.ids.dualkid}`)).statusCode).toBe(200);
    refused(await call(p.tokens.radmin!, 'GET', `/classes/${p.cls.id}/students/${p.ids.dualkid}`));
  },
  'OneLook GET /classes/:classId/students/:userId/work/:assignmentId': async () => {
    // a dashboard cell's work: the class's own assignment, read by its teacher whoever else the student is; never by another school's staff
    const work = (await exceptionPath(p.ids.dualkid!)).replace('/exceptions/', '/work/');
    refused(await call(p.tokens.radmin!, 'GET', work));
    expect((await call(p.tokens.tteach!, 'GET', work)).statusCode).toBe(200);
  },
  'OneLook DELETE /classes/:classId/students/:userId': async () => {
    // removing from this class touches this school's class only; Roosevelt's staff cannot reach it
    refused(await call(p.tokens.radmin!, 'DELETE', `/classes/${p.cls.id}/students/${p.ids.dualkid}`));
  },
  'OneLook PUT /classes/:classId/students/:userId/exceptions/:assignmentId': async () => {
    // the class's own assignment, at the teacher's own school: its teacher gives any of its students an exception
    refused(await call(p.tokens.radmin!, 'PUT', await exceptionPath(p.ids.dualkid!), laterDay()));
    expect((await call(p.tokens.tteach!, 'PUT', await exceptionPath(p.ids.dualkid!), laterDay())).statusCode).toBe(200);
  },
  'OneLook DELETE /classes/:classId/students/:userId/exceptions/:assignmentId': async () => {
    refused(await call(p.tokens.radmin!, 'DELETE', await exceptionPath(p.ids.dualkid!)));
    expect((await call(p.tokens.tteach!, 'PUT', await exceptionPath(p.ids.lkid!), laterDay())).statusCode).toBe(200);
    expect((await call(p.tokens.tteach!, 'DELETE', await exceptionPath(p.ids.lkid!))).statusCode).toBe(200);
  },
  'OneLook GET /admin/students/:userId/export': async () => {
    refused(await call(p.tokens.radmin!, 'GET', `/admin/students/${p.ids.lkid}/export`));
    refused(await call(p.tokens.ladmin!, 'GET', `/admin/students/${p.ids.radmin}/export`));
  },
  'OneLook DELETE /admin/students/:userId': async () => {
    refused(await call(p.tokens.radmin!, 'DELETE', `/admin/students/${p.ids.lkid}`, { confirm: 'lkid' }));
    refused(await call(p.tokens.ladmin!, 'DELETE', `/admin/students/${p.ids.radmin}`, { confirm: 'radmin' }));
    expect(await t.db.selectFrom('users').select('id').where('id', 'in', [p.ids.lkid!, p.ids.radmin!]).execute()).toHaveLength(2);
  },
  'OneLook DELETE /classes/:classId/teachers/:userId': async () => {
    // a co-teacher never removes the class's owner; Roosevelt's staff never reach a Lincoln class
    const coId = await person('coteach', [L], { [L]: ['TEACHER'] });
    await t.db.insertInto('class_teachers').values({ class_id: p.cls.id, user_id: coId, role: 'co-teacher', added_at: t.clock() }).execute();
    const coTeacher = (await signIn(t.app, 'coteach')).token;
    refused(await call(coTeacher, 'DELETE', `/classes/${p.cls.id}/teachers/${p.ids.tteach}`));
    refused(await call(p.tokens.radmin!, 'DELETE', `/classes/${p.cls.id}/teachers/${p.ids.tteach}`));
    const owner = await t.db.selectFrom('class_teachers').select('role').where('class_id', '=', p.cls.id).where('user_id', '=', p.ids.tteach!).executeTakeFirst();
    expect(owner).toEqual({ role: 'owner' });
  },
  'OneLook PUT /admin/classes/:classId/teachers/:userId': async () => {
    refused(await call(p.tokens.radmin!, 'PUT', `/admin/classes/${p.cls.id}/teachers/${p.ids.radmin}`));
    refused(await call(p.tokens.radmin!, 'PUT', `/admin/classes/${p.cls.id}/teachers/${p.ids.radmin}`, undefined, 'OneLook', { school: L }));
  },
  'OneLook DELETE /admin/classes/:classId/teachers/:userId': async () => {
    refused(await call(p.tokens.radmin!, 'DELETE', `/admin/classes/${p.cls.id}/teachers/${p.ids.tteach}`));
    refused(await call(p.tokens.radmin!, 'DELETE', `/admin/classes/${p.cls.id}/teachers/${p.ids.tteach}`, undefined, 'OneLook', { school: L }));
  },
  'OneLook POST /admin/roster': async () => {
    // Lincoln's roster file names Roosevelt's administrator with another name: not Lincoln's to change
    await t.db.updateTable('users').set({ sourced_id: 'r-admin' }).where('id', '=', p.ids.radmin!).execute();
    const district: District = {
      orgs: [org('lin', 'Lincoln High School', 'school', L)],
      users: [user('r-admin', 'teacher', 'lin', 'radmin', 'Hijacked', 'Name', { email: 'radmin@example.edu' })],
      classes: [],
      enrollments: [],
      courses: [],
      academicSessions: [],
    };
    const res = await multipartCall(t.app, { method: 'POST', path: SCHOOL_SETTINGS_PATHS.roster, payload: { dryRun: true } }, { [ROSTER_FILE_FIELD]: { data: rosterZip(district), filename: 'lincoln.zip', type: 'application/zip' } }, { token: p.tokens.ladmin! });
    const { report } = res.json() as RosterUploadResult;
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.objectContaining({ file: 'users.csv', line: 2 })]);
    expect((await t.db.selectFrom('users').select('first_name').where('id', '=', p.ids.radmin!).executeTakeFirstOrThrow()).first_name).toBe('radmin');
  },
  'Auth GET /users/:userName': async () => {
    const look = (who: string, name: string) => call(p.tokens[who]!, 'GET', `/users/${name}`, undefined, 'Auth');
    expect((await look('lsupport', 'lkid')).statusCode).toBe(200);
    refused(await look('lsupport', 'dualkid'));
    refused(await look('dsupport', 'rkid2')); // joined Roosevelt by code: serves it not
    refused(await look('dsupport', 'dualkid'));
    expect((await look('bothsupport', 'dualkid')).statusCode).toBe(200);
  },
  'OneLook GET /support/tickets': async () => {
    const keys = async (who: string) => ((await call(p.tokens[who]!, 'GET', '/support/tickets')).json() as { key: string }[]).map((x) => x.key);
    expect(await keys('lsupport')).toEqual(expect.arrayContaining([p.tickets.lkid]));
    expect(await keys('lsupport')).not.toContain(p.tickets.dualkid);
    expect(await keys('dsupport')).toContain(p.tickets.lkid);
    for (const who of ['dsupport', 'selfsupport']) {
      expect(await keys(who)).not.toContain(p.tickets.rkid2);
      expect(await keys(who)).not.toContain(p.tickets.dualkid);
    }
    expect(await keys('bothsupport')).toEqual(expect.arrayContaining([p.tickets.dualkid, p.tickets.lkid, p.tickets.rkid2]));
  },
  'OneLook GET /support/tickets/:key': async () => {
    refused(await call(p.tokens.lsupport!, 'GET', `/support/tickets/${p.tickets.dualkid}`));
    refused(await call(p.tokens.dsupport!, 'GET', `/support/tickets/${p.tickets.rkid2}`));
    refused(await call(p.tokens.selfsupport!, 'GET', `/support/tickets/${p.tickets.rkid2}`));
    expect((await call(p.tokens.bothsupport!, 'GET', `/support/tickets/${p.tickets.dualkid}`)).statusCode).toBe(200);
  },
  'OneLook GET /support/recordings/:id': async () => {
    refused(await call(p.tokens.lsupport!, 'GET', `/support/recordings/${p.recordingOf.dualkid}`));
    refused(await call(p.tokens.dsupport!, 'GET', `/support/recordings/${p.recordingOf.rkid2}`));
    expect((await call(p.tokens.lsupport!, 'GET', `/support/recordings/${p.recordingOf.lkid}`)).statusCode).toBe(200);
    expect((await call(p.tokens.bothsupport!, 'GET', `/support/recordings/${p.recordingOf.dualkid}`)).statusCode).toBe(200);
  },
  'OneLook POST /support/tickets/:key/resolve': async () => refused(await call(p.tokens.lsupport!, 'POST', `/support/tickets/${p.tickets.dualkid}/resolve`)),
  'OneLook POST /support/tickets/:key/reopen': async () => refused(await call(p.tokens.lsupport!, 'POST', `/support/tickets/${p.tickets.dualkid}/reopen`)),
  'OneLook POST /support/tickets/:key/assign': async () => refused(await call(p.tokens.lsupport!, 'POST', `/support/tickets/${p.tickets.dualkid}/assign`, { assigneeId: null })),
  'OneLook POST /support/tickets/:key/notes': async () => refused(await call(p.tokens.lsupport!, 'POST', `/support/tickets/${p.tickets.dualkid}/notes`, { body: 'a note' })),
  'OneLook POST /support/tickets/:key/replies': async () => refused(await call(p.tokens.lsupport!, 'POST', `/support/tickets/${p.tickets.dualkid}/replies`, { body: 'a reply' })),
};

/** Routes that name a person or one of their tickets or recordings. */
function personRoutes(): string[] {
  return SERVICE_NAMES.flatMap((service) =>
    (IN_PROCESS_MODULES[service]?.routes ?? [])
      .filter((route) => (route.method === 'POST' && route.path === '/admin/roster') || /:userId|:userName|^\/support\/tickets(\/:key(\/(resolve|reopen|assign|notes|replies))?)?$|^\/support\/recordings\//.test(route.path))
      .map((route) => `${service} ${route.method} ${route.path}`),
  );
}

describe('[ASVS 5.0 v8.4.1] authority across schools: people who belong to two schools', () => {
  it('[ASVS 5.0 v8.1.1] every route that acts on a person has a row here', () => {
    expect(personRoutes().filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !personRoutes().includes(key))).toEqual([]);
  });

  it.each(Object.keys(MATRIX))('[ASVS 5.0 v8.4.1] %s', async (key) => {
    await MATRIX[key]!();
  });

  it('a code makes a member and widens nothing: Roosevelt’s administrator in a Lincoln class is not Lincoln’s administrator', async () => {
    const identity = (await call(p.tokens.radmin!, 'GET', '/permissions', undefined, 'Auth')).json() as { permissions: string[] };
    expect(identity.permissions).toEqual(['SCHOOLADMIN']); // at Roosevelt, the current school
    expect((await call(p.tokens.radmin!, 'GET', '/admin/users', undefined, 'OneLook', { school: L })).statusCode).toBe(404);
  });

  it('every action on a person is audited at every school the person belongs to', async () => {
    const since = t.clock();
    t.clock.advance(1000);
    expect((await call(p.tokens.bothadmin!, 'POST', `/admin/users/${p.ids.dualkid}/end-sessions`)).statusCode).toBe(200);
    const entries = await t.db.selectFrom('audit_events').select(['client_id', 'action', 'target_user_id']).where('at', '>', since).where('action', '=', 'sessions.end').execute();
    expect(entries.map((e) => e.client_id).sort()).toEqual([await schoolId(t.db, L), await schoolId(t.db, R)].sort());
    // and each school's trail shows it to its administrator
    for (const token of [p.tokens.ladmin!, p.tokens.radmin!]) {
      expect((await call(token, 'GET', '/admin/audit')).body).toContain('dualkid');
    }
  });
});

describe('CSV formula guard and the support request schema', () => {
  it.each(['＝cmd|\' /c calc\'!a0', '＋1', '－1', '＠SUM(A1)', '=1', '\tx'])('[ASVS 5.0 v1.2.10] %j is written as text, never a formula', (text) => {
    expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField(text).replace(/^"/, '')).toMatch(/^'/);
  });

  it('a support request with an unknown field is refused with its name', async () => {
    const res = await call((await signIn(t.app, 'rkid2')).token, 'POST', '/whichway/support', {
      name: 'lkid',
      email: 'lkid@example.edu',
      subject: 'Help',
      description: 'It broke.',
      useragent: 'x',
      url: 'http://localhost/app',
      priority: 'urgent',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('priority') });
  });
});
