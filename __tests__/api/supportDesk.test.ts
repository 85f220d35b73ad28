/**
 * The support desk through the proxy, on a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): ticket states, assignment, internal notes, replies mailed to the student,
 * "My requests" and the student's answer, and the audit entry of a replay opened.
 */
import { MESSAGES } from '../../src/common/messages';
import { SUPPORT_DETAILS_MARKER, type MyTicketDetail, type MyTicketSummary, type StaffMember, type TicketDetail, type TicketSummary } from '../../src/common/support';
import { SUPPORT_DESK_MESSAGES } from '../../src/server/services/support/deskRoutes';
import { lastMail } from './support/accounts';
import { authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
let learner: string;
let multi: string;
let support: string;
let admin: string;

beforeAll(async () => {
  // this file files many tickets as one student: the hourly limit is another file's subject
  t = await createTestApp({ env: { SUPPORT_MAX_TICKETS_PER_USER_HOUR: '1000' } });
});
beforeEach(async () => {
  learner = (await signIn(t.app, 'learner')).token;
  multi = (await signIn(t.app, 'multi')).token;
  support = (await signIn(t.app, 'support')).token;
  admin = (await signIn(t.app, 'admin')).token;
});
afterAll(async () => {
  await t.close();
});

const NOTE = 'INTERNAL-NOTE-5KQ: checked the logs, a known bug';
const REPLY = 'Thanks Maya, please try again now: we fixed the quiz.';
let ip = 0;

function call(token: string | null, method: string, path: string, payload?: unknown) {
  return serviceCall(t.app, method, path, { token, payload, ip: `10.9.0.${(ip += 1) % 250}` });
}
async function ok<T>(token: string, method: string, path: string, payload?: unknown): Promise<T> {
  const res = await call(token, method, path, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

async function newTicket(token: string, subject = 'SECRET-SUBJECT my quiz will not load', recordingId?: string): Promise<{ issuekey: string; uploadToken?: string }> {
  return ok(token, 'POST', '/whichway/support', {
    name: 'Maya Johnson',
    email: 'maya.home@example.com',
    subject,
    description: `SECRET-DESCRIPTION I clicked Review.${SUPPORT_DETAILS_MARKER}Name: Maya Johnson`,
    useragent: 'Mozilla/5.0 test',
    url: 'http://localhost/app/catalog',
    ...(recordingId ? { recordingId } : {}),
  });
}

describe('ticket states and the thread', () => {
  it('a new ticket is new; a reply makes it wait on the student, records the first reply and mails only the reply and a link', async () => {
    const { issuekey } = await newTicket(learner);
    expect((await ok<TicketDetail>(support, 'GET', `/support/tickets/${issuekey}`)).status).toBe('new');

    t.clock.advance(20 * 60_000);
    const replied = await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/replies`, { body: REPLY });
    expect(replied).toEqual(expect.objectContaining({ status: 'waiting-on-student', firstReplyAt: t.clock() }));
    expect(replied.messages).toEqual([expect.objectContaining({ kind: 'reply', authorName: 'Priya Patel', body: REPLY, createdAt: t.clock() })]);

    const mail = await lastMail(t.db, 'maya.home@example.com');
    expect(mail).toEqual(expect.objectContaining({ purpose: 'support-reply' }));
    expect(mail!.subject).toContain(issuekey);
    expect(mail!.text_body).toContain(REPLY);
    expect(mail!.text_body).toContain(`${t.config.publicUrl}/app/support`);
    // what a shared inbox shows is the reply alone: not the ticket's subject nor its description
    for (const part of [mail!.subject, mail!.text_body, mail!.html_body ?? '']) {
      expect(part).not.toContain('SECRET-SUBJECT');
      expect(part).not.toContain('SECRET-DESCRIPTION');
    }

    // a second reply keeps the first reply's moment
    t.clock.advance(60_000);
    const again = await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/replies`, { body: 'One more thing.' });
    expect(again.firstReplyAt).toBe(t.clock() - 60_000);
    expect((await ok<TicketSummary[]>(support, 'GET', '/support/tickets')).find((x) => x.key === issuekey)?.firstReplyAt).toBe(t.clock() - 60_000);
  });

  it('an internal note is for staff only: never in "My requests", never mailed, and it does not change the state', async () => {
    const { issuekey } = await newTicket(learner);
    const mailsBefore = (await t.db.selectFrom('outbox').select('id').execute()).length;
    const noted = await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/notes`, { body: NOTE });
    expect(noted.status).toBe('new');
    expect(noted.firstReplyAt).toBeNull();
    expect(noted.messages).toEqual([expect.objectContaining({ kind: 'note', body: NOTE })]);
    expect((await t.db.selectFrom('outbox').select('id').execute()).length).toBe(mailsBefore);

    await ok(support, 'POST', `/support/tickets/${issuekey}/replies`, { body: REPLY });
    const mine = await call(learner, 'GET', `/support/my-tickets/${issuekey}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain('INTERNAL-NOTE-5KQ');
    expect((mine.json() as MyTicketDetail).messages.map((m) => m.kind)).toEqual(['reply']);
    expect((await call(learner, 'GET', '/support/my-tickets')).body).not.toContain('INTERNAL-NOTE-5KQ');
    const mails = await t.db.selectFrom('outbox').select(['text_body', 'html_body', 'subject']).execute();
    expect(JSON.stringify(mails)).not.toContain('INTERNAL-NOTE-5KQ');
  });

  it('the student sees their tickets with the state and the last reply, reads the thread and answers: the ticket is open again', async () => {
    const { issuekey } = await newTicket(learner, 'My answer ticket');
    await ok(support, 'POST', `/support/tickets/${issuekey}/replies`, { body: REPLY });

    const list = await ok<MyTicketSummary[]>(learner, 'GET', '/support/my-tickets');
    expect(list[0]).toEqual({ key: issuekey, subject: 'My answer ticket', status: 'waiting-on-student', createdAt: expect.any(Number), lastReply: { body: REPLY, at: t.clock() } });

    const thread = await ok<MyTicketDetail>(learner, 'GET', `/support/my-tickets/${issuekey}`);
    expect(thread.comments).toBe('SECRET-DESCRIPTION I clicked Review.'); // without the appended details
    expect(thread).not.toHaveProperty('email');

    t.clock.advance(5 * 60_000);
    const answered = await ok<MyTicketDetail>(learner, 'POST', `/support/my-tickets/${issuekey}/replies`, { body: 'It works now, thank you!' });
    expect(answered.status).toBe('open');
    expect(answered.messages.map((m) => [m.kind, m.body])).toEqual([
      ['reply', REPLY],
      ['student', 'It works now, thank you!'],
    ]);
    expect(await lastMail(t.db, t.config.support.inbox)).toEqual(expect.objectContaining({ purpose: 'support-answer', subject: `[${issuekey}] The student answered` }));
    expect((await ok<TicketDetail>(support, 'GET', `/support/tickets/${issuekey}`)).status).toBe('open');
  });

  it.each([
    ['an empty answer', '   ', MESSAGES.valueRequired],
    ['an answer of 2,001 characters', 'x'.repeat(2001), MESSAGES.descriptionMax],
  ])('[S5] %s is refused with the support form\'s message, and nothing is kept', async (_what, body, message) => {
    const { issuekey } = await newTicket(learner);
    for (const [token, path] of [
      [learner, `/support/my-tickets/${issuekey}/replies`],
      [support, `/support/tickets/${issuekey}/replies`],
      [support, `/support/tickets/${issuekey}/notes`],
    ] as const) {
      const res = await call(token, 'POST', path, { body });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    expect((await ok<TicketDetail>(support, 'GET', `/support/tickets/${issuekey}`)).messages).toEqual([]);
  });

  it('an answer of exactly 2,000 characters is kept', async () => {
    const { issuekey } = await newTicket(learner);
    const res = await call(learner, 'POST', `/support/my-tickets/${issuekey}/replies`, { body: 'y'.repeat(2000) });
    expect(res.statusCode).toBe(200);
  });

  it('resolve from any state, reopen only a resolved ticket; a student\'s answer reopens a resolved one', async () => {
    const { issuekey } = await newTicket(learner);
    expect((await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/resolve`)).status).toBe('resolved');
    const reopened = await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/reopen`);
    expect(reopened).toEqual(expect.objectContaining({ status: 'open', resolvedAt: null }));
    const twice = await call(support, 'POST', `/support/tickets/${issuekey}/reopen`);
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(SUPPORT_DESK_MESSAGES.notResolved);

    await ok(support, 'POST', `/support/tickets/${issuekey}/replies`, { body: REPLY });
    expect((await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/resolve`)).status).toBe('resolved');
    expect((await ok<MyTicketDetail>(learner, 'POST', `/support/my-tickets/${issuekey}/replies`, { body: 'Still broken.' })).status).toBe('open');
  });
});

describe('the queue', () => {
  it('carries the school’s time zone and the student’s current classes there; a /help ticket has neither', async () => {
    const { issuekey } = await newTicket(learner, 'The budget page is blank');
    const lincoln = await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', 'learner').executeTakeFirstOrThrow();
    const klass = await t.db
      .insertInto('classes')
      .values({ client_id: lincoln.id, name: 'Economics, Period 4', sourced_id: null, created_at: t.clock(), updated_at: t.clock(), archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('class_students').values({ class_id: klass.id, user_id: user.id, source: 'teacher', joined_at: t.clock(), left_at: null }).execute();
    const left = await t.db
      .insertInto('classes')
      .values({ client_id: lincoln.id, name: 'Left class', sourced_id: null, created_at: t.clock(), updated_at: t.clock(), archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('class_students').values({ class_id: left.id, user_id: user.id, source: 'teacher', joined_at: t.clock(), left_at: t.clock() }).execute();
    const row = (await ok<TicketSummary[]>(support, 'GET', '/support/tickets')).find((x) => x.key === issuekey)!;
    expect(row).toMatchObject({ school: 'Lincoln High School', schoolTimezone: 'America/New_York' });
    expect(row.classes).toContain('Economics, Period 4');
    expect(row.classes).not.toContain('Left class');
    expect((await ok<TicketDetail>(support, 'GET', `/support/tickets/${issuekey}`)).classes).toEqual(row.classes);
    const anonymous = await serviceCall(t.app, 'POST', '/whichway/support', {
      token: null,
      payload: { name: 'Someone', email: 'someone@example.com', subject: 'Help', description: 'Help please', useragent: 'x', url: 'http://localhost/help' },
      ip: '10.9.9.9',
    });
    const key = (anonymous.json() as { issuekey: string }).issuekey;
    expect((await ok<TicketSummary[]>(support, 'GET', '/support/tickets')).find((x) => x.key === key)).toMatchObject({ school: null, schoolTimezone: null, classes: [] });
  });
});

describe('assignment', () => {
  it('lists the SUPPORT staff (ids and names only); assigns to me, refuses a non-staff member, unassigns', async () => {
    const staff = await ok<StaffMember[]>(support, 'GET', '/support/staff');
    const me = (await signIn(t.app, 'support')).user;
    expect(staff).toEqual([{ id: me.id, name: 'Priya Patel' }]);
    const { issuekey } = await newTicket(learner);

    const mine = await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/assign`, { assigneeId: me.id });
    expect(mine.assignee).toEqual({ id: me.id, name: 'Priya Patel' });
    expect((await ok<TicketSummary[]>(support, 'GET', '/support/tickets')).find((x) => x.key === issuekey)?.assignee).toEqual({ id: me.id, name: 'Priya Patel' });

    const learnerId = (await signIn(t.app, 'learner')).user.id;
    const refused = await call(support, 'POST', `/support/tickets/${issuekey}/assign`, { assigneeId: learnerId });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(SUPPORT_DESK_MESSAGES.notStaff);

    expect((await call(support, 'POST', `/support/tickets/${issuekey}/assign`, { assigneeId: me.id, userId: 1 })).statusCode).toBe(400);
    expect((await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/assign`, { assigneeId: null })).assignee).toBeNull();
  });

  it('GADMINSUPERUSER may assign a ticket to themselves', async () => {
    const { issuekey } = await newTicket(learner);
    const adminId = (await signIn(t.app, 'admin')).user.id;
    expect((await ok<TicketDetail>(admin, 'POST', `/support/tickets/${issuekey}/assign`, { assigneeId: adminId })).assignee?.name).toBe('Grace Thompson');
  });
});

describe('who may do what', () => {
  it.each([
    ['GET', '/support/staff'],
    ['POST', '/support/tickets/HELP-1001/assign'],
    ['POST', '/support/tickets/HELP-1001/notes'],
    ['POST', '/support/tickets/HELP-1001/replies'],
    ['POST', '/support/tickets/HELP-1001/reopen'],
  ])('a learner gets 403 on %s %s; signed out 401', async (method, path) => {
    expect((await call(learner, method, path, { body: 'x', assigneeId: null })).statusCode).toBe(403);
    expect((await call(null, method, path)).statusCode).toBe(401);
  });

  it('"My requests" needs a session and shows only the caller\'s own tickets', async () => {
    const { issuekey } = await newTicket(learner, 'Only mine');
    expect((await call(null, 'GET', '/support/my-tickets')).statusCode).toBe(401);
    expect((await ok<MyTicketSummary[]>(multi, 'GET', '/support/my-tickets')).map((x) => x.key)).not.toContain(issuekey);
    expect((await call(multi, 'GET', `/support/my-tickets/${issuekey}`)).statusCode).toBe(404);
    expect((await call(multi, 'POST', `/support/my-tickets/${issuekey}/replies`, { body: 'hijack' })).statusCode).toBe(404);
    // staff do not read the student's view either: their way is the console
    expect((await call(support, 'GET', `/support/my-tickets/${issuekey}`)).statusCode).toBe(404);
    expect((await call(learner, 'GET', '/support/my-tickets/nonsense')).statusCode).toBe(404);
  });
});

describe('replay.open in the audit trail', () => {
  it('serving a recording to support records who opened whose replay, for which ticket, at the student\'s school', async () => {
    const recordingId = '00000000-0000-4000-8000-00000000d001';
    const { issuekey, uploadToken } = await newTicket(learner, 'With a recording', recordingId);
    const form = new FormData();
    form.append('request', JSON.stringify({ service: 'OneLook', method: 'POST', path: `/support/tickets/${issuekey}/recording`, payload: { token: uploadToken } }));
    form.append('recording', new Blob([JSON.stringify([{ type: 4, data: { href: 'http://localhost/app' }, timestamp: 1 }, { type: 2, data: {}, timestamp: 2 }])], { type: 'application/json' }), 'r.json');
    const request = new Request('http://localhost/api/service/multipart', { method: 'POST', body: form });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/service/multipart',
      headers: { ...authHeaders(learner), 'content-type': request.headers.get('content-type') as string },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(await t.db.selectFrom('audit_events').selectAll().where('action', '=', 'replay.open').execute()).toEqual([]);

    const res = await serviceCall(t.app, 'GET', `/support/recordings/${recordingId}`, { token: support, ip: '10.77.0.5' });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.selectFrom('audit_events').selectAll().where('action', '=', 'replay.open').execute();
    const lincoln = await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow();
    const learnerId = (await signIn(t.app, 'learner')).user.id;
    const supportId = (await signIn(t.app, 'support')).user.id;
    expect(rows).toEqual([
      expect.objectContaining({
        at: t.clock(),
        client_id: lincoln.id,
        actor_id: supportId,
        actor_name: 'Priya Patel (support)',
        target_user_id: learnerId,
        target_name: 'learner',
        origin: '10.77.0.5',
      }),
    ]);
    expect(JSON.parse(rows[0]!.detail)).toEqual({ ticketKey: issuekey, recordingId });

    // a refused read records nothing
    await call(learner, 'GET', `/support/recordings/${recordingId}`);
    expect((await t.db.selectFrom('audit_events').select('id').where('action', '=', 'replay.open').execute()).length).toBe(1);
  });
});

it("a reply is mailed in the student's saved language, not the staff member's: the reply itself as written", async () => {
  const { issuekey } = await newTicket(learner);
  await ok(learner, 'PUT', '/me/language', { language: 'es' });
  await ok(support, 'PUT', '/me/language', { language: 'en' });
  try {
    await ok<TicketDetail>(support, 'POST', `/support/tickets/${issuekey}/replies`, { body: REPLY });
    const mail = await lastMail(t.db, 'maya.home@example.com');
    expect(mail!.subject).toBe(`El equipo de ayuda de ${t.config.productName} respondió a tu solicitud ${issuekey}`);
    expect(mail!.text_body).toContain(`Nuestro equipo de ayuda respondió a tu solicitud ${issuekey}:\n\n${REPLY}`);
    expect(mail!.text_body).toContain(`Abrir Mis solicitudes: ${t.config.publicUrl}/app/support`);
    expect(mail!.html_body).toContain('<html lang="es">');
  } finally {
    await t.db.updateTable('users').set({ language: null }).where('user_name', 'in', ['learner', 'support']).execute();
  }
});
