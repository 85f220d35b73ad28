/**
 * Tenant isolation (OWASP ASVS 5.0 v8.2.2 object-level authorization / IDOR,
 * v8.4.1 cross-tenant controls, v8.2.1 function-level): a matrix with one row per route of every
 * in-process service. Every route that takes an id, a key, or acts for a signed-in user MUST have a
 * row (enumerated from the registry, so a route added later without a row fails this file).
 *
 * The world: learner A ("learner", Lincoln) owns one of everything — budgets and worksheets (live
 * and deleted), section and article bookmarks, progress, a review attempt, a certificate, a support
 * ticket with a recording, a registration record, an access code, a product external id, a pending
 * e-mail change. B ("multi", Lincoln + Roosevelt) is another learner of A's school; R ("rkid",
 * Roosevelt only) a learner of another school; SL ("support", Lincoln) and SR ("rsupport",
 * Roosevelt) support staff. In the classroom, A is a student of T's class at Lincoln and turned a
 * worksheet in to it; T2 teaches another Lincoln class, TR teaches at Roosevelt, SA is Lincoln's
 * school admin. Each row attacks A's data as B (and, where it applies, as R, SR, SL, T2 or TR);
 * the answer must be 403/404 or the attacker's own data — never A's — and at the end every row A owns
 * is byte-for-byte what it was.
 */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { BudgetData, BudgetRecord } from '../../../src/common/budget';
import { SERVICE_NAMES } from '../../../src/common/constants';
import type { Bookmark, CertificateFile, ReviewView } from '../../../src/common/catalog';
import { emptyWorksheet, type WorksheetRecord } from '../../../src/common/worksheets';
import { importContent, offerAllModules } from '../../../src/server/content/importContent';
import { importKnowledgeBase } from '../../../src/server/content/importKnowledgeBase';
import type { Db } from '../../../src/server/db';
import { hashPassword } from '../../../src/server/security/passwords';
import { grantSchoolPermission } from '../../../src/server/services/classroom/schoolPermissions';
import type { ClassDetail } from '../../../src/common/classroom';
import { IN_PROCESS_MODULES } from '../../../src/server/services/registry';
import type { RouteAccess } from '../../../src/server/services/types';
import { codeFromMail, lastMail, newCode } from '../support/accounts';
import { servedAnswers } from '../support/reviews';
import { ROSTER_FILE_FIELD } from '../../../src/common/schoolSettings';
import { org, rosterZip, user } from '../../support/oneRoster';
import { authHeaders, createTestApp, multipartCall, serviceCall, signIn, type TestApp } from '../support/testApp';

const ROOT = path.resolve(__dirname, '../../..');
const CATALOG_FIXTURE = path.join(ROOT, '__tests__/fixtures/content');
/** every text A writes carries this, so a leak is a plain substring search */
const MARK = 'A-PRIVATE-7Q3X';
const MOD = '/catalog/modules/budgeting';
const MAT = `${MOD}/materials/first-budget`;
const SECTIONS = ['track-your-spending', 'needs-and-wants', 'write-the-plan'];
const RIGHT = [0, false, 1, true, 1] as const;
const RECORDING_ID = '00000000-0000-4000-8000-00000000a001';

let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.88.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function call(token: string | null, method: string, p: string, payload?: unknown, service = 'OneLook', useSystem = false): Promise<LightMyRequestResponse> {
  return serviceCall(t.app, method, p, { token, payload, service, useSystem, ip: nextIp() });
}
async function ok<T>(token: string | null, method: string, p: string, payload?: unknown): Promise<T> {
  const res = await call(token, method, p, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

async function addUser(db: Db, userName: string, school: string, permissions: string[] = [], schoolPermissions: string[] = []): Promise<void> {
  const client = await db.selectFrom('clients').select('id').where('lsclient_id', '=', school).executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ first_name: userName, last_name: 'Test', user_name: userName, email: `${userName}@example.edu`, timezone: null, password_hash: await hashPassword('demo-password', t.config.passwordHashing), created_at: t.clock() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_clients').values({ user_id: user.id, client_id: client.id, position: 0 }).execute();
  for (const permission of permissions) await db.insertInto('user_permissions').values({ user_id: user.id, permission }).execute();
  for (const permission of schoolPermissions) await grantSchoolPermission(db, { userId: user.id, clientId: client.id, permission }, t.clock());
}

async function upload(key: string, token: string, body: string, bearer: string) {
  const form = new FormData();
  form.append('request', JSON.stringify({ service: 'OneLook', method: 'POST', path: `/support/tickets/${key}/recording`, payload: { token } }));
  form.append('recording', new Blob([body], { type: 'application/json' }), 'recording.json');
  const request = new Request('http://localhost/api/service/multipart', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/service/multipart',
    headers: { ...authHeaders(bearer), 'content-type': request.headers.get('content-type') as string },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const BUDGET = (name: string): BudgetData => ({
  name,
  month: '2026-09',
  payFrequency: 'biweekly',
  incomes: [{ source: `${MARK} paycheck`, amountCents: 120_000, frequency: 'biweekly' }],
  expenses: [{ category: 'Rent', kind: 'need', variability: 'fixed', amountCents: 90_000 }],
  goals: [],
  debts: [],
});

/** Everything A owns, and the attackers' sessions. */
interface World {
  a: { token: string; id: number };
  b: string;
  r: string;
  sl: string;
  sr: string;
  budget: BudgetRecord;
  deletedBudget: BudgetRecord;
  worksheet: WorksheetRecord;
  deletedWorksheet: WorksheetRecord;
  sectionBookmark: Bookmark;
  article: { topic: string; slug: string };
  certificate: CertificateFile;
  ticket: { key: string; uploadToken: string };
  rTicket: string;
  record: { invitationId: number; recordId: number; key: string };
  bRecordKey: string;
  productId: number;
  accessCode: string;
  pendingEmailCode: string;
  /** the classroom: A's class (taught by T), T2's own class, A's turn-in and an assignment */
  t1: string;
  t2: string;
  tr: string;
  sa: string;
  tId: number;
  aClass: ClassDetail;
  t2Class: ClassDetail;
  assignmentId: number;
  turnInId: number;
}
let w: World;

/** A's rows in every learner-owned table, to prove at the end that nothing of A's changed. */
async function snapshotOfA(db: Db, aId: number, recordId: number) {
  const byUser = async (table: 'budgets' | 'worksheets' | 'bookmarks' | 'section_completions' | 'review_attempts' | 'time_spent' | 'certificates' | 'user_products' | 'user_clients' | 'access_code_redemptions' | 'support_tickets') =>
    db.selectFrom(table).selectAll().where('user_id', '=', aId).execute();
  return {
    user: await db.selectFrom('users').selectAll().where('id', '=', aId).execute(),
    budgets: await byUser('budgets'),
    worksheets: await byUser('worksheets'),
    bookmarks: await byUser('bookmarks'),
    completions: await byUser('section_completions'),
    attempts: await byUser('review_attempts'),
    time: await byUser('time_spent'),
    certificates: await byUser('certificates'),
    products: await byUser('user_products'),
    schools: await byUser('user_clients'),
    redemptions: await byUser('access_code_redemptions'),
    tickets: await byUser('support_tickets'),
    classes: await db.selectFrom('class_students').selectAll().where('user_id', '=', aId).execute(),
    turnIns: await db.selectFrom('turn_ins').selectAll().where('user_id', '=', aId).execute(),
    comments: await db.selectFrom('turn_in_comments').selectAll().orderBy('id').execute(),
    sessions: await db.selectFrom('sessions').select(['id', 'revoked_at']).where('user_id', '=', aId).where('revoked_at', 'is', null).orderBy('id').execute(),
    password: await db.selectFrom('users').select(['password_hash', 'must_change_password']).where('id', '=', aId).execute(),
    recordings: await db.selectFrom('support_recordings').selectAll().where('id', '=', RECORDING_ID).execute(),
    ticketMessages: await db
      .selectFrom('support_messages')
      .selectAll()
      .where('ticket_id', 'in', db.selectFrom('support_tickets').select('id').where('user_id', '=', aId))
      .orderBy('id')
      .execute(),
    record: await db.selectFrom('registration_records').selectAll().where('id', '=', recordId).execute(),
    verification: await db.selectFrom('verification_codes').selectAll().where('user_id', '=', aId).execute(),
    ssoLinks: await db.selectFrom('sso_links').selectAll().where('user_id', '=', aId).execute(),
  };
}
let before: Awaited<ReturnType<typeof snapshotOfA>>;

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, CATALOG_FIXTURE, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']); // Roosevelt offers nothing: R must see none of it
  await importKnowledgeBase(t.db, path.join(ROOT, 'content'), t.clock());
  await addUser(t.db, 'rkid', 'ROOSEVELT-AC');
  await addUser(t.db, 'rsupport', 'ROOSEVELT-AC', ['SUPPORT']);
  const a = await signIn(t.app, 'learner');
  const b = (await signIn(t.app, 'multi')).token;
  const r = (await signIn(t.app, 'rkid')).token;
  const sl = (await signIn(t.app, 'support')).token;
  const sr = (await signIn(t.app, 'rsupport')).token;

  const budget = await ok<BudgetRecord>(a.token, 'POST', '/budgets', { status: 'draft', data: BUDGET(`${MARK} budget`) });
  const deletedBudget = await ok<BudgetRecord>(a.token, 'POST', '/budgets', { status: 'draft', data: BUDGET(`${MARK} old budget`) });
  await ok(a.token, 'DELETE', `/budgets/${deletedBudget.id}`);
  const worksheet = await ok<WorksheetRecord>(a.token, 'POST', '/worksheets', { kind: 'paycheck', title: `${MARK} job`, data: emptyWorksheet('paycheck') });
  const deletedWorksheet = await ok<WorksheetRecord>(a.token, 'POST', '/worksheets', { kind: 'paycheck', title: `${MARK} old job`, data: emptyWorksheet('paycheck') });
  await ok(a.token, 'DELETE', `/worksheets/${deletedWorksheet.id}`);

  // progress to a certificate: every section, time, a passed review
  for (const section of SECTIONS) {
    await ok(a.token, 'POST', `${MAT}/sections/${section}/time`, { seconds: 50 });
    await ok(a.token, 'POST', `${MAT}/sections/${section}/complete`);
  }
  const review = await ok<ReviewView>(a.token, 'GET', `${MAT}/review`);
  await ok(a.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => RIGHT[i]!));
  const certificate = await ok<CertificateFile>(a.token, 'GET', '/certificates/modules/budgeting');
  const sectionBookmark = await ok<Bookmark>(a.token, 'POST', '/bookmarks', { kind: 'section', target: 'budgeting/first-budget/needs-and-wants' });
  const articleRow = await t.db.selectFrom('kb_articles').select(['topic_slug', 'slug']).orderBy('id').executeTakeFirstOrThrow();
  const article = { topic: articleRow.topic_slug, slug: articleRow.slug };
  await ok(a.token, 'PUT', `/kb/articles/${article.topic}/${article.slug}/bookmark`);

  const ticket = await ok<{ issuekey: string; uploadToken: string }>(a.token, 'POST', '/whichway/support', {
    name: 'Maya Johnson',
    email: 'maya.johnson@example.edu',
    subject: `${MARK} my quiz`,
    description: `${MARK} details`,
    useragent: 'Mozilla/5.0 test',
    url: 'http://localhost/app',
    recordingId: RECORDING_ID,
  });
  expect((await upload(ticket.issuekey, ticket.uploadToken, JSON.stringify([{ type: 4, data: { href: MARK }, timestamp: 1 }]), a.token)).statusCode).toBe(200);
  const rTicket = (
    await ok<{ issuekey: string }>(r, 'POST', '/whichway/support', {
      name: 'R Kid',
      email: 'rkid@example.edu',
      subject: 'R-PRIVATE ticket',
      description: 'R-PRIVATE details',
      useragent: 'Mozilla/5.0 test',
      url: 'http://localhost/app',
    })
  ).issuekey;

  // a registration record in progress (someone registering at A's school) and one of B's own
  const record = await ok<{ invitationId: number; recordId: number; key: string }>(null, 'POST', '/registration/code', { code: await newCode(t.db, t.clock(), { school: 'LINCOLN-HS' }) });
  await ok(null, 'PUT', `/registration/${record.invitationId}/records/${record.recordId}/name`, { key: record.key, firstName: MARK, lastName: 'Kid' });
  const bRecord = await ok<{ key: string }>(null, 'POST', '/registration/code', { code: await newCode(t.db, t.clock(), { school: 'LINCOLN-HS' }) });

  // an access code A redeemed, A's external id, a pending e-mail change
  const accessCode = await newCode(t.db, t.clock(), { school: 'LINCOLN-HS' });
  await ok(a.token, 'POST', '/me/access-codes', { code: accessCode });
  const products = await ok<{ products: { productId: number }[] }>(a.token, 'GET', '/me/profile');
  const productId = products.products[0]!.productId;
  await ok(a.token, 'PUT', `/me/products/${productId}/external-id`, { externalId: 'APRIV7Q3X' });
  await ok(a.token, 'PUT', '/me/profile', { firstName: 'Maya', lastName: 'Johnson', email: 'maya.private@example.edu', timezone: 'America/Chicago' });
  const pendingEmailCode = codeFromMail((await lastMail(t.db, 'maya.private@example.edu'))?.text_body ?? '');
  // the address A's school roster lists (an import leaves it waiting for A to confirm it)
  await t.db.updateTable('users').set({ roster_email: `${MARK}@roster.example.edu` }).where('id', '=', a.user.id).execute();

  // the classroom: T teaches A; T2 teaches another class at A's school; TR teaches at Roosevelt
  await addUser(t.db, 'tteach', 'LINCOLN-HS', [], ['TEACHER']);
  await addUser(t.db, 'tteach2', 'LINCOLN-HS', [], ['TEACHER']);
  await addUser(t.db, 'rteach', 'ROOSEVELT-AC', [], ['TEACHER']);
  await addUser(t.db, 'lsadmin', 'LINCOLN-HS', [], ['SCHOOLADMIN']);
  const t1 = await signIn(t.app, 'tteach');
  const t2 = (await signIn(t.app, 'tteach2')).token;
  const tr = (await signIn(t.app, 'rteach')).token;
  const sa = (await signIn(t.app, 'lsadmin')).token;
  const aClass = await ok<ClassDetail>(t1.token, 'POST', '/classes', { name: 'Period 2' });
  const t2Class = await ok<ClassDetail>(t2, 'POST', '/classes', { name: 'Period 7' });
  await ok(a.token, 'POST', '/me/access-codes', { code: aClass.joinCode });
  const assignment = await ok<{ id: number }>(t1.token, 'POST', `/classes/${aClass.id}/assignments`, { kind: 'worksheet', worksheetKind: 'paycheck' });
  const turnIn = await ok<{ id: number }>(a.token, 'POST', '/me/turn-ins', { classId: aClass.id, kind: 'worksheet', documentId: worksheet.id, assignmentId: assignment.id });
  await ok(t1.token, 'POST', `/classes/${aClass.id}/turn-ins/${turnIn.id}/comments`, { body: `${MARK} comment` });

  w = {
    a: { token: a.token, id: a.user.id },
    b,
    r,
    sl,
    sr,
    budget,
    deletedBudget,
    worksheet,
    deletedWorksheet,
    sectionBookmark,
    article,
    certificate,
    ticket: { key: ticket.issuekey, uploadToken: ticket.uploadToken },
    rTicket,
    record,
    bRecordKey: bRecord.key,
    productId,
    accessCode,
    pendingEmailCode,
    t1: t1.token,
    t2,
    tr,
    sa,
    tId: t1.user.id,
    aClass,
    t2Class,
    assignmentId: assignment.id,
    turnInId: turnIn.id,
  };
  // A's school sign-in link (its e-mail is A's: noLeak finds it)
  await t.db.insertInto('sso_links').values({ user_id: a.user.id, provider: 'lincoln', subject: 'a-subject', email: 'maya.johnson@example.edu', created_at: 0 }).execute();
  before = await snapshotOfA(t.db, w.a.id, w.record.recordId);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** A's data never appears: no marker, none of A's e-mail addresses, no A-only code. */
function noLeak(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBeLessThan(500);
  for (const secret of [MARK, 'maya.johnson@example.edu', 'maya.private@example.edu', 'APRIV7Q3X', w.certificate.code, w.pendingEmailCode]) {
    expect(res.body).not.toContain(secret);
  }
}
/** Refused outright: 403 or 404 (401 for no session), with a message, and nothing of A's. */
function denied(res: LightMyRequestResponse): void {
  expect([401, 403, 404]).toContain(res.statusCode);
  expect((res.json() as { message?: string }).message).toEqual(expect.any(String));
  noLeak(res);
}

/** A saved reply of Lincoln's support team (written by SL, carrying the marker): its id. */
async function lincolnSavedReply(): Promise<number> {
  return (await ok<{ id: number }>(w.sl, 'POST', '/support/saved-replies', { title: `${MARK} reply`, body: `${MARK} text` })).id;
}

type Probe = () => Promise<void>;
interface OwnedRow {
  resource: string;
  probe: Probe;
}
interface NotOwnedRow {
  notOwned: string;
}
type Row = OwnedRow | NotOwnedRow;

/** Roosevelt's school administrator, made on first use (school administration's rows). */
let rsaToken: string | undefined;
async function rsa(): Promise<string> {
  if (!rsaToken) {
    await addUser(t.db, 'rsadmin', 'ROOSEVELT-AC', [], ['SCHOOLADMIN']);
    rsaToken = (await signIn(t.app, 'rsadmin')).token;
  }
  return rsaToken;
}
async function asRsa(method: string, p: string, params?: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return serviceCall(t.app, method, p, { token: await rsa(), params, ip: nextIp() });
}

const rec = (step = '') => `/registration/${w.record.invitationId}/records/${w.record.recordId}${step ? `/${step}` : ''}`;

/**
 * A school administrator's read of their own school: Roosevelt's admin gets nothing of Lincoln's,
 * naming Lincoln is refused, and Lincoln's non-admins are refused.
 */
const schoolAdminRead = (resource: string, path: string): Row => ({
  resource,
  probe: async () => {
    expect((await asRsa('GET', path)).body).not.toContain('Lincoln High School');
    denied(await asRsa('GET', path, { school: 'LINCOLN-HS' }));
    for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', path));
  },
});

/** One row per route: `<service> <METHOD> <path pattern>`. */
const MATRIX: Record<string, Row> = {
  // ─── Auth service ───
  'Auth GET /permissions': { resource: 'account', probe: async () => noLeak(await call(w.b, 'GET', '/permissions', undefined, 'Auth')) },
  'Auth GET /users/:userName': {
    resource: 'account (support look-up)',
    probe: async () => {
      denied(await call(w.b, 'GET', '/users/learner', undefined, 'Auth')); // a learner: 403
      denied(await call(w.sr, 'GET', '/users/learner', undefined, 'Auth')); // another school's support: 404
      denied(await call(w.sl, 'GET', '/users/rkid', undefined, 'Auth'));
      expect((await call(w.sl, 'GET', '/users/learner', undefined, 'Auth')).statusCode).toBe(200); // own school: allowed
    },
  },

  // ─── registration (records and invitations, keyed by id + secret key) ───
  'OneLook POST /registration/code': { notOwned: 'starts a NEW record from an access code; reads nobody else\'s' },
  'OneLook POST /registration/invitations/:id': {
    resource: 'invitations',
    probe: async () => denied(await call(w.b, 'POST', `/registration/invitations/${w.record.invitationId}`, { email: 'maya.johnson@example.edu', token: 'x'.repeat(43) })),
  },
  'OneLook POST /registration/:id/records/:rid': { resource: 'registration records', probe: async () => denied(await call(w.b, 'POST', rec(), { key: w.bRecordKey })) },
  'OneLook PUT /registration/:id/records/:rid/name': {
    resource: 'registration records',
    probe: async () => denied(await call(w.b, 'PUT', rec('name'), { key: w.bRecordKey, firstName: 'Hacked', lastName: 'Name' })),
  },
  'OneLook PUT /registration/:id/records/:rid/externalid': {
    resource: 'registration records',
    probe: async () => denied(await call(w.b, 'PUT', rec('externalid'), { key: w.bRecordKey, externalId: 'HACK1' })),
  },
  'OneLook PUT /registration/:id/records/:rid/terms': { resource: 'registration records', probe: async () => denied(await call(w.b, 'PUT', rec('terms'), { key: w.bRecordKey, accepted: true })) },
  'OneLook POST /registration/:id/records/:rid/verify/send': {
    resource: 'registration records',
    probe: async () => denied(await call(w.b, 'POST', rec('verify/send'), { key: w.bRecordKey, email: 'attacker@example.edu' })),
  },
  'OneLook POST /registration/:id/records/:rid/verify': { resource: 'registration records', probe: async () => denied(await call(w.b, 'POST', rec('verify'), { key: w.bRecordKey, code: '123456' })) },
  'OneLook PUT /registration/:id/records/:rid/username': { resource: 'registration records', probe: async () => denied(await call(w.b, 'PUT', rec('username'), { key: w.bRecordKey, userName: 'hijack' })) },
  'OneLook POST /registration/:id/records/:rid/password': {
    resource: 'registration records',
    probe: async () => denied(await call(w.b, 'POST', rec('password'), { key: w.bRecordKey, password: 'a long passphrase here' })),
  },
  'OneLook POST /registration/usernames/available': { notOwned: 'answers only whether a user name is taken (rate limited per IP)' },
  'OneLook POST /registration/code/preview': { notOwned: "names only what the code gives (school, course, a class code's class and teachers); rate limited per IP" },
  'OneLook POST /registration/:id/records/:rid/verify/skip': { resource: 'registration records', probe: async () => denied(await call(w.b, 'POST', rec('verify/skip'), { key: w.bRecordKey })) },

  // ─── passwords (bound to a secret code or the caller's own session) ───
  'OneLook POST /password/forgot': { notOwned: 'same answer for every login (codes.test.ts)' },
  'OneLook POST /password/reset/check': { notOwned: 'needs the mailed 256-bit code (codes.test.ts)' },
  'OneLook POST /password/reset': { notOwned: 'needs the mailed 256-bit code (codes.test.ts)' },
  'OneLook PUT /me/password': {
    resource: 'account',
    probe: async () => {
      // the payload cannot name another account; unknown fields are refused
      denied400(await call(w.b, 'PUT', '/me/password', { currentPassword: 'demo-password', newPassword: 'a long passphrase here', userId: w.a.id }));
    },
  },

  // ─── profile, access codes, products, schools ───
  'OneLook GET /me/profile': { resource: 'account', probe: async () => noLeak(await call(w.b, 'GET', '/me/profile')) },
  'OneLook PUT /me/profile': {
    resource: 'account',
    probe: async () => denied400(await call(w.b, 'PUT', '/me/profile', { firstName: 'H', lastName: 'H', email: 'h@example.edu', timezone: 'America/Chicago', userId: w.a.id })),
  },
  'OneLook PUT /me/language': {
    resource: 'account (language)',
    probe: async () => denied400(await call(w.b, 'PUT', '/me/language', { language: 'es', userId: w.a.id })),
  },
  'OneLook POST /me/email/verify': {
    resource: 'account (pending e-mail change)',
    probe: async () => {
      const res = await call(w.b, 'POST', '/me/email/verify', { code: w.pendingEmailCode });
      expect([400, 409]).toContain(res.statusCode);
      noLeak(res);
    },
  },
  'OneLook DELETE /me/roster-email': {
    resource: 'account (the roster\'s e-mail)',
    probe: async () => {
      // the payload cannot name another account; B's own dismissal leaves A's (the snapshot at the end)
      denied400(await call(w.b, 'DELETE', '/me/roster-email', { userId: w.a.id }));
      noLeak(await call(w.b, 'DELETE', '/me/roster-email'));
    },
  },
  'OneLook GET /me/access-codes': { resource: 'access codes', probe: async () => noLeak(await call(w.b, 'GET', '/me/access-codes')) },
  'OneLook POST /me/access-codes': { notOwned: 'an access code is a class\'s shared secret with seats, redeemed into the caller\'s own account' },
  'OneLook GET /me/products/:productId': { resource: 'products (external id)', probe: async () => noLeak(await call(w.b, 'GET', `/me/products/${w.productId}`)) },
  'OneLook PUT /me/products/:productId/external-id': {
    resource: 'products (external id)',
    probe: async () => noLeak(await call(w.r, 'PUT', `/me/products/${w.productId}/external-id`, { externalId: 'HACK2' })),
  },
  'OneLook PUT /me/schools/current': {
    resource: 'schools',
    probe: async () => {
      denied(await call(w.r, 'PUT', '/me/schools/current', { lsclientID: 'LINCOLN-HS' })); // cannot join a school by switching
      denied(await call(w.a.token, 'PUT', '/me/schools/current', { lsclientID: 'ROOSEVELT-AC' }));
    },
  },
  'OneLook GET /status': { notOwned: 'public health answer' },
  'OneLook GET /me/schools': { resource: 'schools', probe: async () => expect((await call(w.r, 'GET', '/me/schools')).body).not.toContain('LINCOLN-HS') },

  // ─── support tickets and recordings ───
  'OneLook POST /whichway/support': { notOwned: 'creates a new ticket owned by the caller' },
  'OneLook GET /support/tickets': {
    resource: 'tickets',
    probe: async () => {
      denied(await call(w.b, 'GET', '/support/tickets'));
      noLeak(await call(w.sr, 'GET', '/support/tickets')); // another school's support: not A's ticket
      const mine = await call(w.sl, 'GET', '/support/tickets');
      expect(mine.body).toContain(w.ticket.key); // own school's support: yes
      expect(mine.body).not.toContain(`"${w.rTicket}"`); // but not Roosevelt's student's
    },
  },
  'OneLook GET /support/tickets/:key': {
    resource: 'tickets',
    probe: async () => {
      denied(await call(w.b, 'GET', `/support/tickets/${w.ticket.key}`));
      denied(await call(w.sr, 'GET', `/support/tickets/${w.ticket.key}`));
      expect((await call(w.sl, 'GET', `/support/tickets/${w.rTicket}`)).statusCode).toBe(404);
    },
  },
  'OneLook POST /support/tickets/:key/resolve': {
    resource: 'tickets',
    probe: async () => {
      denied(await call(w.b, 'POST', `/support/tickets/${w.ticket.key}/resolve`));
      denied(await call(w.sr, 'POST', `/support/tickets/${w.ticket.key}/resolve`));
    },
  },
  'OneLook GET /support/staff': {
    resource: 'tickets (who a ticket may be assigned to)',
    probe: async () => {
      denied(await call(w.b, 'GET', '/support/staff'));
      const other = await call(w.sr, 'GET', '/support/staff'); // another school's support: not Lincoln's staff
      noLeak(other);
      expect(other.body).not.toContain('Priya');
    },
  },
  'OneLook POST /support/tickets/:key/assign': {
    resource: 'tickets',
    probe: async () => {
      denied(await call(w.b, 'POST', `/support/tickets/${w.ticket.key}/assign`, { assigneeId: null }));
      denied(await call(w.sr, 'POST', `/support/tickets/${w.ticket.key}/assign`, { assigneeId: null }));
    },
  },
  'OneLook POST /support/tickets/:key/notes': {
    resource: 'tickets',
    probe: async () => {
      denied(await call(w.b, 'POST', `/support/tickets/${w.ticket.key}/notes`, { body: 'a note' }));
      denied(await call(w.sr, 'POST', `/support/tickets/${w.ticket.key}/notes`, { body: 'a note' }));
    },
  },
  'OneLook POST /support/tickets/:key/replies': {
    resource: 'tickets',
    probe: async () => {
      denied(await call(w.b, 'POST', `/support/tickets/${w.ticket.key}/replies`, { body: 'a reply' }));
      denied(await call(w.sr, 'POST', `/support/tickets/${w.ticket.key}/replies`, { body: 'a reply' }));
    },
  },
  'OneLook POST /support/tickets/:key/reopen': {
    resource: 'tickets',
    probe: async () => {
      denied(await call(w.b, 'POST', `/support/tickets/${w.ticket.key}/reopen`));
      denied(await call(w.sr, 'POST', `/support/tickets/${w.ticket.key}/reopen`));
    },
  },
  'OneLook GET /support/my-tickets': {
    resource: 'tickets (My requests)',
    probe: async () => {
      noLeak(await call(w.b, 'GET', '/support/my-tickets')); // another learner: their own, none of A's
      noLeak(await call(w.sl, 'GET', '/support/my-tickets')); // staff: their own requests only
      noLeak(await call(w.r, 'GET', '/support/my-tickets'));
    },
  },
  'OneLook GET /support/my-tickets/:key': {
    resource: 'tickets (My requests)',
    probe: async () => {
      denied(await call(w.b, 'GET', `/support/my-tickets/${w.ticket.key}`));
      denied(await call(w.r, 'GET', `/support/my-tickets/${w.ticket.key}`));
      denied(await call(w.sl, 'GET', `/support/my-tickets/${w.ticket.key}`)); // staff read tickets in the console, not as the student
    },
  },
  'OneLook POST /support/my-tickets/:key/replies': {
    resource: 'tickets (My requests)',
    probe: async () => {
      denied(await call(w.b, 'POST', `/support/my-tickets/${w.ticket.key}/replies`, { body: 'not mine' }));
      denied(await call(w.sl, 'POST', `/support/my-tickets/${w.ticket.key}/replies`, { body: 'not mine' }));
    },
  },
  'OneLook POST /support/tickets/:key/recording': {
    resource: 'recordings',
    probe: async () => {
      // even holding A's (spent) upload token, B cannot write into A's recording
      const res = await upload(w.ticket.key, w.ticket.uploadToken, '[]', w.b);
      expect(res.statusCode).toBe(403);
      noLeak(res);
    },
  },
  'OneLook GET /support/recordings/:id': {
    resource: 'recordings',
    probe: async () => {
      denied(await call(w.b, 'GET', `/support/recordings/${RECORDING_ID}`));
      denied(await call(w.sr, 'GET', `/support/recordings/${RECORDING_ID}`));
    },
  },
  'OneLook GET /support/saved-replies': {
    resource: 'saved replies (a school support team’s)',
    probe: async () => {
      await lincolnSavedReply();
      denied(await call(w.b, 'GET', '/support/saved-replies'));
      noLeak(await call(w.sr, 'GET', '/support/saved-replies')); // another school's team: none of Lincoln's
    },
  },
  'OneLook POST /support/saved-replies': {
    resource: 'saved replies (a school support team’s)',
    probe: async () => {
      denied(await call(w.b, 'POST', '/support/saved-replies', { title: 'x', body: 'y' }));
      const res = await call(w.sr, 'POST', '/support/saved-replies', { title: 'x', body: 'y', school: 'LINCOLN-HS' }); // not into Lincoln's team
      expect(res.statusCode).toBe(400);
      noLeak(res);
    },
  },
  'OneLook PUT /support/saved-replies/:id': {
    resource: 'saved replies (a school support team’s)',
    probe: async () => {
      const id = await lincolnSavedReply();
      denied(await call(w.b, 'PUT', `/support/saved-replies/${id}`, { title: 'x', body: 'y' }));
      denied(await call(w.sr, 'PUT', `/support/saved-replies/${id}`, { title: 'x', body: 'y' }));
    },
  },
  'OneLook DELETE /support/saved-replies/:id': {
    resource: 'saved replies (a school support team’s)',
    probe: async () => {
      const id = await lincolnSavedReply();
      denied(await call(w.b, 'DELETE', `/support/saved-replies/${id}`));
      denied(await call(w.sr, 'DELETE', `/support/saved-replies/${id}`));
      expect((await call(w.sl, 'GET', '/support/saved-replies')).body).toContain(`"id":${id}`);
    },
  },

  // ─── catalog, progress, transcripts, certificates, bookmarks ───
  'OneLook GET /catalog': {
    resource: 'progress',
    probe: async () => {
      noLeak(await call(w.b, 'GET', '/catalog'));
      expect((await call(w.r, 'GET', '/catalog')).json()).toEqual([]); // another school's catalog: nothing
    },
  },
  'OneLook GET /catalog/modules/:slug': {
    resource: 'progress',
    probe: async () => {
      expect((await call(w.b, 'GET', MOD)).body).not.toMatch(/"completed":true/);
      denied(await call(w.r, 'GET', MOD));
    },
  },
  'OneLook GET /catalog/modules/:slug/materials/:mslug': {
    resource: 'progress',
    probe: async () => {
      const res = await call(w.b, 'GET', MAT);
      expect(res.body).not.toMatch(/"completed":true|"bookmarked":true/);
      denied(await call(w.r, 'GET', MAT));
    },
  },
  'OneLook GET /catalog/modules/:slug/materials/:mslug/sections/:sslug': {
    resource: 'progress',
    probe: async () => {
      expect((await call(w.b, 'GET', `${MAT}/sections/needs-and-wants`)).body).not.toMatch(/"completed":true|"bookmarked":true/);
      denied(await call(w.r, 'GET', `${MAT}/sections/needs-and-wants`));
    },
  },
  'OneLook POST /catalog/modules/:slug/materials/:mslug/sections/:sslug/complete': {
    resource: 'progress',
    probe: async () => denied(await call(w.r, 'POST', `${MAT}/sections/needs-and-wants/complete`)), // B's own completion is B's (checked at the end)
  },
  'OneLook POST /catalog/modules/:slug/materials/:mslug/sections/:sslug/time': {
    resource: 'progress',
    probe: async () => denied(await call(w.r, 'POST', `${MAT}/sections/needs-and-wants/time`, { seconds: 30 })),
  },
  'OneLook GET /catalog/modules/:slug/materials/:mslug/review': { resource: 'progress', probe: async () => denied(await call(w.r, 'GET', `${MAT}/review`)) },
  'OneLook POST /catalog/modules/:slug/materials/:mslug/review/attempts': {
    resource: 'progress',
    probe: async () => denied(await call(w.r, 'POST', `${MAT}/review/attempts`, { answers: {} })),
  },
  ...Object.fromEntries(
    (['pre-test', 'post-test'] as const).flatMap((kind): [string, Row][] => [
      [`OneLook GET /catalog/modules/:slug/${kind}`, { resource: 'progress', probe: async () => denied(await call(w.r, 'GET', `${MOD}/${kind}`)) }],
      [
        `OneLook POST /catalog/modules/:slug/${kind}/attempts`,
        { resource: 'progress', probe: async () => denied(await call(w.r, 'POST', `${MOD}/${kind}/attempts`, { serving: 'x', answers: {} })) },
      ],
    ]),
  ),
  'OneLook GET /progress/summary': {
    resource: 'progress',
    probe: async () => {
      expect((await call(w.b, 'GET', '/progress/summary')).json()).toMatchObject({ overallPercent: 0 });
      noLeak(await call(w.r, 'GET', '/progress/summary'));
    },
  },
  'OneLook GET /transcripts': {
    resource: 'transcripts',
    probe: async () => {
      const res = await call(w.b, 'GET', '/transcripts');
      expect(res.json()).toEqual([expect.objectContaining({ status: 'not-started', percent: 0, completedAt: null, averageBestScore: null })]);
      expect((await call(w.r, 'GET', '/transcripts')).json()).toEqual([]);
    },
  },
  'OneLook GET /bookmarks': {
    resource: 'bookmarks (section and article)',
    probe: async () => {
      const list = (await call(w.b, 'GET', '/bookmarks')).json() as Bookmark[];
      expect(list.map((b) => b.id)).not.toContain(w.sectionBookmark.id);
      expect(list.some((b) => b.kind === 'article')).toBe(false);
    },
  },
  'OneLook POST /bookmarks': { notOwned: 'creates a bookmark owned by the caller (checked at the end: A\'s rows unchanged)' },
  'OneLook DELETE /bookmarks/:id': { resource: 'bookmarks (section and article)', probe: async () => denied(await call(w.b, 'DELETE', `/bookmarks/${w.sectionBookmark.id}`)) },
  'OneLook GET /certificates/modules/:slug': {
    resource: 'certificates',
    probe: async () => {
      const res = await call(w.b, 'GET', '/certificates/modules/budgeting');
      expect(res.statusCode).toBe(409); // B has not completed it; A's certificate is never handed out
      noLeak(res);
      denied(await call(w.r, 'GET', '/certificates/modules/budgeting'));
    },
  },
  'OneLook GET /certificates/verify/:code': {
    resource: 'certificates (public check by its ~60-bit code, by design: first name, last initial, module, date)',
    probe: async () => {
      denied(await call(null, 'GET', '/certificates/verify/ABCD-EFGH-JKMN'));
      const own = await call(null, 'GET', `/certificates/verify/${w.certificate.code}`);
      expect(own.body).not.toMatch(/Johnson|maya|learner/);
    },
  },
  ...Object.fromEntries(
    ['guide', 'answer-key', 'packet'].map((part): [string, Row] => [
      `OneLook GET /catalog/modules/:slug/${part}`,
      // content for staff, the same at every school: a learner of either school is refused (services/catalog/teacherGuide.ts)
      { resource: 'teacher guides', probe: async () => Promise.all([w.b, w.r].map(async (learner) => denied(await call(learner, 'GET', `${MOD}/${part}`)))).then(() => undefined) },
    ]),
  ),

  // ─── knowledge base ───
  'OneLook GET /kb': { notOwned: 'shared content' },
  'OneLook GET /kb/search': { notOwned: 'shared content' },
  'OneLook GET /kb/glossary': { notOwned: 'shared content' },
  'OneLook GET /kb/topics/:slug': { notOwned: 'shared content' },
  'OneLook GET /kb/articles/:topic/:article': {
    resource: 'bookmarks (section and article)',
    probe: async () => expect((await call(w.b, 'GET', `/kb/articles/${w.article.topic}/${w.article.slug}`)).body).not.toMatch(/"bookmarked":true/),
  },
  'OneLook PUT /kb/articles/:topic/:article/bookmark': {
    resource: 'bookmarks (section and article)',
    probe: async () => noLeak(await call(w.b, 'PUT', `/kb/articles/${w.article.topic}/${w.article.slug}/bookmark`)),
  },
  'OneLook DELETE /kb/articles/:topic/:article/bookmark': {
    resource: 'bookmarks (section and article)',
    probe: async () => noLeak(await call(w.b, 'DELETE', `/kb/articles/${w.article.topic}/${w.article.slug}/bookmark`)), // removes B's, never A's
  },

  // ─── budgets ───
  'OneLook GET /budgets': { resource: 'budgets', probe: async () => noLeak(await call(w.b, 'GET', '/budgets')) },
  'OneLook GET /budgets/:id': { resource: 'budgets', probe: async () => denied(await call(w.b, 'GET', `/budgets/${w.budget.id}`)) },
  'OneLook POST /budgets': { notOwned: 'creates a budget owned by the caller' },
  'OneLook PUT /budgets/:id': {
    resource: 'budgets',
    probe: async () => denied(await call(w.b, 'PUT', `/budgets/${w.budget.id}`, { version: 1, status: 'draft', data: BUDGET('hacked') })),
  },
  'OneLook POST /budgets/:id/duplicate': { resource: 'budgets', probe: async () => denied(await call(w.b, 'POST', `/budgets/${w.budget.id}/duplicate`)) },
  'OneLook DELETE /budgets/:id': { resource: 'budgets', probe: async () => denied(await call(w.b, 'DELETE', `/budgets/${w.budget.id}`)) },
  'OneLook POST /budgets/:id/restore': { resource: 'budgets', probe: async () => denied(await call(w.b, 'POST', `/budgets/${w.deletedBudget.id}/restore`)) },

  // ─── worksheets ───
  'OneLook GET /worksheets': { resource: 'worksheets', probe: async () => noLeak(await call(w.b, 'GET', '/worksheets')) },
  'OneLook GET /worksheets/:id': { resource: 'worksheets', probe: async () => denied(await call(w.b, 'GET', `/worksheets/${w.worksheet.id}`)) },
  'OneLook POST /worksheets': { notOwned: 'creates a worksheet owned by the caller' },
  'OneLook PUT /worksheets/:id': {
    resource: 'worksheets',
    probe: async () => denied(await call(w.b, 'PUT', `/worksheets/${w.worksheet.id}`, { kind: 'paycheck', version: 1, title: 'hacked', data: emptyWorksheet('paycheck') })),
  },
  'OneLook POST /worksheets/:id/duplicate': { resource: 'worksheets', probe: async () => denied(await call(w.b, 'POST', `/worksheets/${w.worksheet.id}/duplicate`)) },
  'OneLook DELETE /worksheets/:id': { resource: 'worksheets', probe: async () => denied(await call(w.b, 'DELETE', `/worksheets/${w.worksheet.id}`)) },
  'OneLook POST /worksheets/:id/restore': { resource: 'worksheets', probe: async () => denied(await call(w.b, 'POST', `/worksheets/${w.deletedWorksheet.id}/restore`)) },

  // ─── the classroom: classes, rosters, assignments, turn-ins (A is a student of T's class) ───
  'OneLook GET /classes': {
    resource: 'classes',
    probe: async () => {
      denied(await call(w.b, 'GET', '/classes')); // a learner: 403
      expect((await call(w.t2, 'GET', '/classes')).body).not.toContain(`"id":${w.aClass.id},`); // another teacher: not T's class
      expect((await call(w.tr, 'GET', '/classes')).body).not.toContain(`"id":${w.aClass.id},`);
      expect((await call(w.sa, 'GET', '/classes')).body).toContain(`"id":${w.aClass.id},`); // the school's admin: yes
    },
  },
  'OneLook POST /classes': { notOwned: 'creates a class taught by the caller at their current school' },
  'OneLook GET /classes/:classId': {
    resource: 'classes',
    probe: async () => {
      for (const attacker of [w.b, w.r, w.sl, w.t2, w.tr]) denied(await call(attacker, 'GET', `/classes/${w.aClass.id}`));
    },
  },
  'OneLook PATCH /classes/:classId': {
    resource: 'classes',
    probe: async () => {
      for (const attacker of [w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'PATCH', `/classes/${w.aClass.id}`, { name: 'Hacked' }));
    },
  },
  'OneLook POST /classes/:classId/join-code': {
    resource: 'classes (join code)',
    probe: async () => {
      for (const attacker of [w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/join-code`));
    },
  },
  'OneLook POST /classes/:classId/teachers': {
    resource: 'classes (teachers)',
    probe: async () => {
      for (const attacker of [w.t2, w.tr]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/teachers`, { userName: 'tteach2' }));
    },
  },
  'OneLook DELETE /classes/:classId/teachers/:userId': {
    resource: 'classes (teachers)',
    probe: async () => {
      for (const attacker of [w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'DELETE', `/classes/${w.aClass.id}/teachers/${w.tId}`));
    },
  },
  'OneLook POST /classes/:classId/assignments': {
    resource: 'assignments',
    probe: async () => {
      for (const attacker of [w.b, w.t2, w.tr]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/assignments`, { kind: 'module', moduleSlug: 'budgeting' }));
    },
  },
  'OneLook PATCH /classes/:classId/assignments/:assignmentId': {
    resource: 'assignments',
    probe: async () => {
      denied(await call(w.t2, 'PATCH', `/classes/${w.aClass.id}/assignments/${w.assignmentId}`, { dueDate: null }));
      denied(await call(w.t2, 'PATCH', `/classes/${w.t2Class.id}/assignments/${w.assignmentId}`, { dueDate: null })); // through T2's own class: not there
    },
  },
  'OneLook DELETE /classes/:classId/assignments/:assignmentId': {
    resource: 'assignments',
    probe: async () => {
      denied(await call(w.t2, 'DELETE', `/classes/${w.aClass.id}/assignments/${w.assignmentId}`));
      denied(await call(w.t2, 'DELETE', `/classes/${w.t2Class.id}/assignments/${w.assignmentId}`));
    },
  },
  'OneLook GET /classes/:classId/dashboard': {
    resource: 'dashboards (progress of a class)',
    probe: async () => {
      for (const attacker of [w.b, w.r, w.sl, w.sr, w.t2, w.tr]) denied(await call(attacker, 'GET', `/classes/${w.aClass.id}/dashboard`));
      expect((await call(w.t2, 'GET', `/classes/${w.t2Class.id}/dashboard`)).body).not.toContain('"userName":"learner"');
    },
  },
  'OneLook GET /classes/:classId/gradebook.csv': {
    resource: 'dashboards (gradebook)',
    probe: async () => {
      for (const attacker of [w.b, w.sl, w.t2, w.tr]) denied(await call(attacker, 'GET', `/classes/${w.aClass.id}/gradebook.csv`));
      expect((await call(w.t2, 'GET', `/classes/${w.t2Class.id}/gradebook.csv`)).body).not.toContain('learner');
    },
  },
  'OneLook GET /classes/:classId/assignments/:assignmentId/questions': {
    resource: 'dashboards (what a class got wrong)',
    probe: async () => {
      for (const attacker of [w.b, w.r, w.sl, w.t2, w.tr]) denied(await call(attacker, 'GET', `/classes/${w.aClass.id}/assignments/${w.assignmentId}/questions`));
      denied(await call(w.t2, 'GET', `/classes/${w.t2Class.id}/assignments/${w.assignmentId}/questions`)); // through T2's own class: not there
    },
  },
  'OneLook POST /classes/:classId/assignments/:assignmentId/reteach': {
    resource: 'assignments (re-teach)',
    probe: async () => {
      for (const attacker of [w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/assignments/${w.assignmentId}/reteach`, { questionId: 1 }));
      denied(await call(w.t2, 'POST', `/classes/${w.t2Class.id}/assignments/${w.assignmentId}/reteach`, { questionId: 1 }));
    },
  },
  'OneLook GET /classes/:classId/students/:userId': {
    resource: 'transcripts (a student in a class)',
    probe: async () => {
      for (const attacker of [w.b, w.sl, w.t2, w.tr]) denied(await call(attacker, 'GET', `/classes/${w.aClass.id}/students/${w.a.id}`));
      denied(await call(w.t2, 'GET', `/classes/${w.t2Class.id}/students/${w.a.id}`)); // A is not in T2's class
    },
  },
  'OneLook DELETE /classes/:classId/students/:userId': {
    resource: 'classes (rosters)',
    probe: async () => {
      for (const attacker of [w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'DELETE', `/classes/${w.aClass.id}/students/${w.a.id}`));
      denied(await call(w.t2, 'DELETE', `/classes/${w.t2Class.id}/students/${w.a.id}`));
    },
  },
  'OneLook POST /classes/:classId/students/:userId/end-sessions': {
    resource: 'account (sessions)',
    probe: async () => {
      for (const attacker of [w.b, w.sl, w.t2, w.tr]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/students/${w.a.id}/end-sessions`));
      denied(await call(w.t2, 'POST', `/classes/${w.t2Class.id}/students/${w.a.id}/end-sessions`));
    },
  },
  'OneLook POST /classes/:classId/students/:userId/temporary-password': {
    resource: 'account (password)',
    probe: async () => {
      for (const attacker of [w.b, w.sl, w.t2, w.tr]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/students/${w.a.id}/temporary-password`));
      denied(await call(w.t2, 'POST', `/classes/${w.t2Class.id}/students/${w.a.id}/temporary-password`));
    },
  },
  'OneLook PUT /classes/:classId/students/:userId/exceptions/:assignmentId': {
    resource: 'assignments (a student\'s exception)',
    probe: async () => {
      for (const attacker of [w.b, w.sl, w.t2, w.tr]) denied(await call(attacker, 'PUT', `/classes/${w.aClass.id}/students/${w.a.id}/exceptions/${w.assignmentId}`, { extraAttempts: 1 }));
      denied(await call(w.t2, 'PUT', `/classes/${w.t2Class.id}/students/${w.a.id}/exceptions/${w.assignmentId}`, { extraAttempts: 1 })); // not in T2's class
    },
  },
  'OneLook DELETE /classes/:classId/students/:userId/exceptions/:assignmentId': {
    resource: 'assignments (a student\'s exception)',
    probe: async () => {
      for (const attacker of [w.b, w.sl, w.t2, w.tr]) denied(await call(attacker, 'DELETE', `/classes/${w.aClass.id}/students/${w.a.id}/exceptions/${w.assignmentId}`));
      denied(await call(w.t2, 'DELETE', `/classes/${w.t2Class.id}/students/${w.a.id}/exceptions/${w.assignmentId}`));
    },
  },
  'OneLook GET /admin/students/:userId/export': {
    resource: 'everything of a student (export for the school)',
    probe: async () => {
      // another learner, support, teachers of the school and of another school: no SCHOOLADMIN
      for (const attacker of [w.b, w.sl, w.t1, w.t2, w.tr]) denied(await call(attacker, 'GET', `/admin/students/${w.a.id}/export`));
    },
  },
  'OneLook DELETE /admin/students/:userId': {
    resource: 'everything of a student (deletion by the school)',
    probe: async () => {
      for (const attacker of [w.b, w.sl, w.t1, w.t2, w.tr]) denied(await call(attacker, 'DELETE', `/admin/students/${w.a.id}`, { confirm: 'learner' }));
    },
  },
  'OneLook POST /classes/:classId/turn-ins/:turnInId/comments': {
    resource: 'turn-ins (comments)',
    probe: async () => {
      for (const attacker of [w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/turn-ins/${w.turnInId}/comments`, { body: 'hacked' }));
      denied(await call(w.t2, 'POST', `/classes/${w.t2Class.id}/turn-ins/${w.turnInId}/comments`, { body: 'hacked' })); // not in T2's class
    },
  },
  'OneLook GET /turn-ins/:turnInId': {
    resource: 'turn-ins',
    probe: async () => {
      for (const attacker of [w.b, w.r, w.sl, w.t2, w.tr]) denied(await call(attacker, 'GET', `/turn-ins/${w.turnInId}`));
    },
  },
  'OneLook GET /classes/:classId/inbox': {
    resource: 'turn-ins (a class inbox)',
    probe: async () => {
      for (const attacker of [w.a.token, w.b, w.r, w.sl, w.t2, w.tr]) denied(await call(attacker, 'GET', `/classes/${w.aClass.id}/inbox`));
      expect((await call(w.t2, 'GET', `/classes/${w.t2Class.id}/inbox`)).json()).toMatchObject({ items: [] });
    },
  },
  'OneLook PUT /classes/:classId/turn-ins/:turnInId/review': {
    resource: 'turn-ins (scores)',
    probe: async () => {
      for (const attacker of [w.a.token, w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'PUT', `/classes/${w.aClass.id}/turn-ins/${w.turnInId}/review`, { score: 100, comment: 'hacked' }));
      denied(await call(w.t2, 'PUT', `/classes/${w.t2Class.id}/turn-ins/${w.turnInId}/review`, { score: 100 })); // not in T2's class
    },
  },
  'OneLook POST /classes/:classId/turn-ins/:turnInId/return': {
    resource: 'turn-ins (return)',
    probe: async () => {
      for (const attacker of [w.a.token, w.b, w.t2, w.tr, w.sa]) denied(await call(attacker, 'POST', `/classes/${w.aClass.id}/turn-ins/${w.turnInId}/return`));
      denied(await call(w.t2, 'POST', `/classes/${w.t2Class.id}/turn-ins/${w.turnInId}/return`));
    },
  },
  'OneLook GET /me/classes': { resource: 'classes', probe: async () => expect((await call(w.b, 'GET', '/me/classes')).json()).toEqual([]) },
  'OneLook GET /me/assignments': { resource: 'assignments', probe: async () => expect((await call(w.b, 'GET', '/me/assignments')).json()).toEqual([]) },
  'OneLook GET /me/turn-ins': {
    resource: 'turn-ins',
    probe: async () => {
      const res = await call(w.b, 'GET', '/me/turn-ins');
      expect(res.json()).toEqual([]);
      noLeak(res);
    },
  },
  'OneLook POST /me/turn-ins': {
    resource: 'turn-ins',
    probe: async () => {
      // B cannot hand in A's worksheet, nor hand anything in to a class B is not in
      denied(await call(w.b, 'POST', '/me/turn-ins', { classId: w.aClass.id, kind: 'worksheet', documentId: w.worksheet.id }));
    },
  },

  'OneLook GET /classes/:classId/students/:userId/work/:assignmentId': {
    resource: 'transcripts (a student\'s work on an assignment)',
    probe: async () => {
      for (const attacker of [w.a.token, w.b, w.sl, w.t2, w.tr]) denied(await call(attacker, 'GET', `/classes/${w.aClass.id}/students/${w.a.id}/work/${w.assignmentId}`));
      denied(await call(w.t2, 'GET', `/classes/${w.t2Class.id}/students/${w.a.id}/work/${w.assignmentId}`)); // A is not in T2's class
    },
  },
  // ─── school administration: a Roosevelt admin (RSA), a learner, support and a teacher at A's school ───
  'OneLook GET /admin/schools': {
    resource: 'school administration',
    probe: async () => {
      expect((await ok<{ id: string }[]>(await rsa(), 'GET', '/admin/schools')).map((s) => s.id)).toEqual(['ROOSEVELT-AC']);
      denied(await call(w.b, 'GET', '/admin/schools'));
    },
  },
  'OneLook GET /admin/overview': {
    resource: 'school administration',
    probe: async () => {
      denied(await asRsa('GET', '/admin/overview', { school: 'LINCOLN-HS' }));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/overview'));
    },
  },
  'OneLook GET /admin/users': {
    resource: 'school administration (users)',
    probe: async () => {
      const own = await asRsa('GET', '/admin/users', { q: 'learner' });
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain('"userName":"learner"');
      noLeak(own);
      denied(await asRsa('GET', '/admin/users', { school: 'LINCOLN-HS' }));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/users'));
    },
  },
  'OneLook POST /admin/users': { notOwned: 'creates a learner at the caller’s own school (a school admin’s current one)' },
  ...Object.fromEntries(
    (['deactivate', 'reactivate', 'temporary-password', 'end-sessions'] as const).map((action) => [
      `OneLook POST /admin/users/:userId/${action}`,
      {
        resource: 'school administration (users)',
        probe: async () => {
          denied(await asRsa('POST', `/admin/users/${w.a.id}/${action}`));
          denied(await asRsa('POST', `/admin/users/${w.a.id}/${action}`, { school: 'LINCOLN-HS' }));
          for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'POST', `/admin/users/${w.a.id}/${action}`));
        },
      },
    ]),
  ),
  'OneLook PUT /admin/users/:userId/roles/:role': {
    resource: 'school administration (roles)',
    probe: async () => {
      for (const role of ['TEACHER', 'SCHOOLADMIN']) denied(await asRsa('PUT', `/admin/users/${w.a.id}/roles/${role}`));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'PUT', `/admin/users/${w.a.id}/roles/SCHOOLADMIN`));
    },
  },
  'OneLook DELETE /admin/users/:userId/roles/:role': {
    resource: 'school administration (roles)',
    probe: async () => {
      denied(await asRsa('DELETE', `/admin/users/${w.a.id}/roles/TEACHER`));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'DELETE', `/admin/users/${w.a.id}/roles/TEACHER`));
    },
  },
  'OneLook GET /admin/codes': {
    resource: 'access codes (school administration)',
    probe: async () => {
      const own = await asRsa('GET', '/admin/codes');
      expect(own.body).not.toContain(w.accessCode);
      expect(own.body).not.toContain('Period 2');
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/codes'));
    },
  },
  'OneLook POST /admin/codes': { notOwned: 'creates an access code at the caller’s own school' },
  'OneLook DELETE /admin/codes/:codeId': {
    resource: 'access codes (school administration)',
    probe: async () => {
      const lincoln = await t.db.selectFrom('access_codes').innerJoin('clients', 'clients.id', 'access_codes.client_id').select('access_codes.id').where('clients.lsclient_id', '=', 'LINCOLN-HS').execute();
      for (const { id } of lincoln) denied(await asRsa('DELETE', `/admin/codes/${id}`));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'DELETE', `/admin/codes/${lincoln[0]!.id}`));
    },
  },
  'OneLook GET /admin/invitations': {
    resource: 'invitations (school administration)',
    probe: async () => {
      noLeak(await asRsa('GET', '/admin/invitations'));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/invitations'));
    },
  },
  'OneLook POST /admin/invitations': { notOwned: 'sends an invitation to the caller’s own school' },
  'OneLook DELETE /admin/invitations/:invitationId': {
    resource: 'invitations (school administration)',
    probe: async () => {
      denied(await asRsa('DELETE', `/admin/invitations/${w.record.invitationId}`));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'DELETE', `/admin/invitations/${w.record.invitationId}`));
    },
  },
  'OneLook GET /admin/audit': schoolAdminRead('audit trail', '/admin/audit'),
  'OneLook GET /admin/audit.csv': schoolAdminRead('audit trail', '/admin/audit.csv'),
  // ─── school settings and the roster upload: Lincoln's, as Roosevelt's admin and as Lincoln's non-admins ───
  'OneLook GET /admin/settings': schoolAdminRead('school settings', '/admin/settings'),
  'OneLook PUT /admin/settings': {
    resource: 'school settings',
    probe: async () => {
      const change = { timezone: 'Pacific/Honolulu', recordingRetentionDays: 1, auditRetentionDays: null };
      const lincolnZone = () => t.db.selectFrom('clients').select('timezone').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow();
      const before = await lincolnZone();
      denied(await serviceCall(t.app, 'PUT', '/admin/settings', { token: await rsa(), params: { school: 'LINCOLN-HS' }, payload: change, ip: nextIp() }));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await serviceCall(t.app, 'PUT', '/admin/settings', { token: attacker, payload: change, ip: nextIp() }));
      expect(await lincolnZone()).toEqual(before);
    },
  },
  'OneLook GET /admin/roster': {
    resource: 'roster upload',
    probe: async () => {
      denied(await asRsa('GET', '/admin/roster', { school: 'LINCOLN-HS' }));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/roster'));
    },
  },
  'OneLook POST /admin/roster': {
    resource: 'roster upload',
    probe: async () => {
      // a file that would put a new student into Lincoln
      const zip = rosterZip({
        orgs: [org('ti-lin', 'Lincoln High School', 'school', 'LINCOLN-HS')],
        users: [user('ti-s1', 'student', 'ti-lin', 'tenant.probe', 'Tenant', 'Probe')],
        classes: [],
        enrollments: [],
        courses: [],
        academicSessions: [],
      });
      const upload = async (token: string, params?: Record<string, unknown>) =>
        multipartCall(t.app, { method: 'POST', path: '/admin/roster', payload: { dryRun: true }, ...(params ? { params } : {}) }, { [ROSTER_FILE_FIELD]: { data: zip, filename: 'lincoln.zip', type: 'application/zip' } }, { token, ip: nextIp() });
      denied(await upload(await rsa(), { school: 'LINCOLN-HS' }));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await upload(attacker));
      expect(await t.db.selectFrom('users').select('id').where('user_name', '=', 'tenant.probe').executeTakeFirst()).toBeUndefined();
    },
  },
  // ─── school administration's classes: Lincoln's class with A in it, as Roosevelt's admin and as Lincoln's non-admins ───
  'OneLook GET /admin/classes': {
    resource: 'classes (school administration)',
    probe: async () => {
      expect((await asRsa('GET', '/admin/classes')).body).not.toContain('Period 2');
      denied(await asRsa('GET', '/admin/classes', { school: 'LINCOLN-HS' }));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/classes'));
    },
  },
  'OneLook POST /admin/classes': { notOwned: 'creates a class at the caller’s own school, for one of its teachers' },
  'OneLook GET /admin/classes/:classId': {
    resource: 'classes (school administration)',
    probe: async () => {
      denied(await asRsa('GET', `/admin/classes/${w.aClass.id}`));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', `/admin/classes/${w.aClass.id}`));
    },
  },
  ...Object.fromEntries(
    (['PUT', 'DELETE'] as const).map((method) => [
      `OneLook ${method} /admin/classes/:classId/teachers/:userId`,
      {
        resource: 'classes (school administration)',
        probe: async () => {
          const teacherId = w.aClass.teachers[0]!.userId;
          denied(await asRsa(method, `/admin/classes/${w.aClass.id}/teachers/${teacherId}`));
          for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, method, `/admin/classes/${w.aClass.id}/teachers/${teacherId}`));
        },
      },
    ]),
  ),
  'OneLook POST /admin/classes/:classId/archive': {
    resource: 'classes (school administration)',
    probe: async () => {
      denied(await asRsa('POST', `/admin/classes/${w.aClass.id}/archive`));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'POST', `/admin/classes/${w.aClass.id}/archive`));
    },
  },
  'OneLook GET /admin/teachers': {
    resource: 'classes (school administration: teachers)',
    probe: async () => {
      expect((await asRsa('GET', '/admin/teachers')).body).not.toContain(`"userId":${w.aClass.teachers[0]!.userId},`);
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/teachers'));
    },
  },
  // ─── school sign-in: Lincoln's settings as Roosevelt's admin and Lincoln's non-admins; A's link as B ───
  'OneLook GET /admin/sso': schoolAdminRead('school sign-in settings', '/admin/sso'),
  'OneLook PUT /admin/sso': {
    resource: 'school sign-in settings',
    probe: async () => {
      const change = { enabled: [], domains: ['attacker.example'], createStudents: true };
      const lincoln = () => t.db.selectFrom('sso_school_settings').innerJoin('clients', 'clients.id', 'sso_school_settings.client_id').select(['domains', 'create_students']).where('lsclient_id', '=', 'LINCOLN-HS').execute();
      const before = await lincoln();
      denied(await serviceCall(t.app, 'PUT', '/admin/sso', { token: await rsa(), params: { school: 'LINCOLN-HS' }, payload: change, ip: nextIp() }));
      for (const attacker of [w.b, w.sl, w.t2]) denied(await serviceCall(t.app, 'PUT', '/admin/sso', { token: attacker, payload: change, ip: nextIp() }));
      expect(await lincoln()).toEqual(before);
    },
  },
  'OneLook GET /me/sso': { resource: 'school sign-in links', probe: async () => expect((await ok<{ links: unknown[] }>(w.b, 'GET', '/me/sso')).links).toEqual([]) },
  'OneLook POST /me/sso/:provider': {
    resource: 'school sign-in links',
    probe: async () => {
      denied400(await call(w.b, 'POST', '/me/sso/lincoln', { userId: w.a.id }));
      noLeak(await call(w.b, 'POST', '/me/sso/lincoln'));
    },
  },
  'OneLook DELETE /me/sso/:provider': {
    resource: 'school sign-in links',
    // B has no link to remove; A's stays (the snapshot at the end)
    probe: async () => denied(await call(w.b, 'DELETE', '/me/sso/lincoln')),
  },
  'OneLook GET /admin/code-sheet': {
    resource: 'access codes (school administration: code sheet)',
    probe: async () => {
      denied(await asRsa('GET', '/admin/code-sheet', { class: w.aClass.id }));
      const own = await asRsa('GET', '/admin/code-sheet');
      expect(own.body).not.toContain(w.aClass.joinCode ?? 'no join code');
      expect(own.body).not.toContain(w.accessCode);
      for (const attacker of [w.b, w.sl, w.t2]) denied(await call(attacker, 'GET', '/admin/code-sheet', undefined));
    },
  },
};

/** A payload naming another account is refused by the schema (400, unknown field) — never applied. */
function denied400(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(400);
  noLeak(res);
}

interface EnumeratedRoute {
  key: string;
  access: RouteAccess;
  path: string;
}
function enumerateRoutes(): EnumeratedRoute[] {
  return SERVICE_NAMES.flatMap((service) =>
    (IN_PROCESS_MODULES[service]?.routes ?? []).map((route) => ({ key: `${service} ${route.method} ${route.path}`, access: route.access, path: route.path })),
  );
}

describe('[ASVS 5.0 v8.2.2] [ASVS 5.0 v8.4.1] tenant isolation matrix', () => {
  it('[ASVS 5.0 v8.1.1] every route that acts for a user or names an object has a matrix row (and no row names a route that is gone)', () => {
    const routes = enumerateRoutes();
    const mustHaveRow = routes.filter((r) => r.access !== 'public' || r.path.includes(':'));
    const missing = mustHaveRow.filter((r) => !(r.key in MATRIX)).map((r) => r.key);
    expect(missing).toEqual([]);
    const stale = Object.keys(MATRIX).filter((key) => !routes.some((r) => r.key === key));
    expect(stale).toEqual([]);
    // every resource the issue names is in the matrix
    const resources = new Set(Object.values(MATRIX).flatMap((row) => ('resource' in row ? [row.resource.split(' (')[0]] : [])));
    for (const resource of ['progress', 'bookmarks', 'budgets', 'worksheets', 'tickets', 'recordings', 'registration records', 'invitations', 'access codes', 'transcripts', 'certificates', 'classes', 'assignments', 'dashboards', 'turn-ins']) {
      expect(resources).toContain(resource);
    }
  });

  const owned = Object.entries(MATRIX).filter((entry): entry is [string, OwnedRow] => 'resource' in entry[1]);
  it.each(owned.map(([key, row]) => [key, row.resource, row]))('[ASVS 5.0 v8.2.2] %s (%s): another learner or school gets 403/404 or only their own data', async (_key, _resource, row) => {
    await (row as OwnedRow).probe();
  });

  it('[ASVS 5.0 v8.2.2] [ASVS 5.0 v8.4.1] after every attack, every row A owns is exactly as it was', async () => {
    // the ordering matters: jest runs this last in the file
    expect(await snapshotOfA(t.db, w.a.id, w.record.recordId)).toEqual(before);
    // and A still sees all of it
    expect((await call(w.a.token, 'GET', `/budgets/${w.budget.id}`)).json()).toMatchObject({ version: 1 });
    expect((await call(w.a.token, 'GET', '/bookmarks')).body).toContain(`"id":${w.sectionBookmark.id}`);
  });

  it('[ASVS 5.0 v8.2.1] without a session every user route is 401, never data', async () => {
    for (const route of enumerateRoutes().filter((r) => r.access !== 'public' && r.access !== 'system')) {
      const [service, method] = route.key.split(' ') as [string, string];
      const res = await call(null, method, route.path.replace(/:([A-Za-z]+)/g, (_m, p: string) => (/id$/i.test(p) ? '1' : 'x')), undefined, service);
      expect({ route: route.key, status: res.statusCode }).toEqual({ route: route.key, status: 401 });
    }
  });
});
