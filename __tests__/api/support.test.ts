/**
 * Support tickets through the proxy: POST /whichway/support, the console routes, the
 * recording upload and replay read — on a real SQLite file with a fake clock.
 */
import { MESSAGES } from '../../src/common/messages';
import { SUPPORT_DETAILS_MARKER, type SupportTicketCreated, type TicketDetail, type TicketSummary, RECORDING_LIMITS } from '../../src/common/support';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { SUPPORT_API_MESSAGES } from '../../src/server/services/support/tickets';
import { sweepRetention } from '../../src/server/retentionSweep';
import { appKeyHeader, authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
let learner: string;
let support: string;
let admin: string;
let multi: string;

/** Fresh sessions (tests move the fake clock past a token's life). */
async function signInAll() {
  learner = (await signIn(t.app, 'learner')).token;
  support = (await signIn(t.app, 'support')).token;
  admin = (await signIn(t.app, 'admin')).token;
  multi = (await signIn(t.app, 'multi')).token;
}

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_MAX_PER_IP: '3', SUPPORT_WINDOW_MINUTES: '60', RECORDING_RETENTION_DAYS: '30' } });
});
beforeEach(signInAll);
afterAll(async () => {
  await t.close();
});

const valid = {
  name: 'Maya Johnson',
  email: 'maya@example.edu',
  subject: 'The quiz will not load',
  description: `I clicked Review and nothing happened.${SUPPORT_DETAILS_MARKER}Name: Maya Johnson\nSession recording: (not attached)`,
  useragent: 'Mozilla/5.0 test',
  url: 'http://localhost/app/catalog',
};

let ipCounter = 0;
/** A fresh client IP per anonymous test, so the per-IP limit only bites where a test means it to. */
const freshIp = () => `10.0.0.${(ipCounter += 1)}`;

function service(path: string, opts: { token?: string; method?: string; payload?: unknown; ip?: string } = {}) {
  return serviceCall(t.app, opts.method ?? 'GET', path, { token: opts.token, payload: opts.payload, ip: opts.ip ?? '127.0.0.1' });
}

const submit = (payload: object, token?: string, ip?: string) =>
  service('/whichway/support', { token, method: 'POST', payload, ip: ip ?? freshIp() });

async function upload(key: string, token: string, body: string, bearer?: string) {
  const form = new FormData();
  form.append('request', JSON.stringify({ service: 'OneLook', method: 'POST', path: `/support/tickets/${key}/recording`, payload: { token } }));
  form.append('recording', new Blob([body], { type: 'application/json' }), 'recording.json');
  const request = new Request('http://localhost/api/service/multipart', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({
    method: 'POST',
    url: '/api/service/multipart',
    headers: { ...(bearer ? authHeaders(bearer) : appKeyHeader), 'content-type': request.headers.get('content-type') as string },
    payload,
  });
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('POST /whichway/support', () => {
  it('[S7.09] a signed-in student creates a ticket with a human key, their id, school and page; the inbox gets a mail', async () => {
    const response = await submit(valid, learner);
    expect(response.statusCode).toBe(200);
    const { issuekey } = response.json() as SupportTicketCreated;
    expect(issuekey).toMatch(/^HELP-\d+$/);
    const row = await t.db.selectFrom('support_tickets').selectAll().where('issue_key', '=', issuekey).executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', 'learner').executeTakeFirstOrThrow();
    expect(row).toEqual(
      expect.objectContaining({ user_id: user.id, user_name: 'learner', school: 'Lincoln High School', page_url: valid.url, status: 'new', created_at: t.clock() }),
    );
    const mail = await t.db.selectFrom('outbox').selectAll().where('purpose', '=', 'support-ticket').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('support@cashwise.example');
    expect(mail.subject).toBe(`[${issuekey}] ${valid.subject}`);
    expect(mail.text_body).toContain('I clicked Review and nothing happened.');
  });

  it("the ticket mail links the support console with the whole address (PUBLIC_URL), so it can be clicked", async () => {
    const withUrl = await createTestApp({ env: { PUBLIC_URL: 'https://cashwise.school.example/' } });
    try {
      const student = (await signIn(withUrl.app, 'learner')).token;
      const response = await withUrl.app.inject({ method: 'POST', url: '/api/service', headers: authHeaders(student), payload: { service: 'OneLook', method: 'POST', path: '/whichway/support', payload: valid } });
      const { issuekey } = response.json() as SupportTicketCreated;
      const mail = await withUrl.db.selectFrom('outbox').selectAll().where('purpose', '=', 'support-ticket').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.text_body).toContain(`Open it in the support console: https://cashwise.school.example/app/support/tickets/${issuekey}`);
    } finally {
      await withUrl.close();
    }
  });

  it('keys count up from a counter: HELP-n, then HELP-(n+1)', async () => {
    const a = ((await submit(valid, learner)).json() as SupportTicketCreated).issuekey;
    const b = ((await submit(valid, learner)).json() as SupportTicketCreated).issuekey;
    expect(Number(b.slice(5))).toBe(Number(a.slice(5)) + 1);
  });

  it('works without signing in (/help): no user id, no school', async () => {
    const response = await submit(valid);
    expect(response.statusCode).toBe(200);
    const { issuekey } = response.json() as SupportTicketCreated;
    const row = await t.db.selectFrom('support_tickets').selectAll().where('issue_key', '=', issuekey).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(row.school).toBeNull();
  });

  it.each([
    ['[S5.06] name missing', { name: '' }, MESSAGES.valueRequired],
    ['[S5.07] name of 1 character', { name: 'M' }, 'Your name must be at least 2 characters'],
    ['[S5.08] name of 100 characters', { name: 'x'.repeat(100) }, 'Your name must be less than 100 characters'],
    ['[S5.09] email missing', { email: '' }, 'Value is required'],
    ['[S5.09] email of 101 characters', { email: `${'a'.repeat(89)}@example.edu` }, 'Email must be less than 100 characters'],
    ['[S5.10] email not valid', { email: 'maya.example.edu' }, 'Email is not valid'],
    ['[S5.11] subject missing', { subject: '' }, 'Value is required'],
    ['[S5.11] subject of 201 characters', { subject: 's'.repeat(201) }, 'Subject must be less than 200 characters'],
    ['[S5.12] description missing', { description: '' }, 'Value is required'],
    ['[S5.12] comments of 2001 characters', { description: `${'c'.repeat(2001)}${SUPPORT_DETAILS_MARKER}Name: x` }, 'Comments must be less than 2,000 characters'],
  ])('%s → 400 with the spec message', async (_label, change, message) => {
    const response = await submit({ ...valid, ...change }, learner);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
  });

  it('accepts 2000 characters of comments plus the appended details', async () => {
    const response = await submit({ ...valid, description: `${'c'.repeat(2000)}${SUPPORT_DETAILS_MARKER}${'d'.repeat(900)}` }, learner);
    expect(response.statusCode).toBe(200);
  });

  it('rejects a payload that is not an object, and a bad recording id, with 400 (never 500)', async () => {
    expect((await submit('nonsense' as unknown as object, learner)).statusCode).toBe(400);
    expect((await submit({ ...valid, recordingId: '../../etc' }, learner)).statusCode).toBe(400);
  });

  it('an invalid token is refused even on the public route (401)', async () => {
    const response = await submit(valid, 'not-a-token');
    expect(response.statusCode).toBe(401);
  });

  it('honeypot filled in: answered exactly like a real ticket (a key of the real sequence, counting up), but nothing stored and nothing mailed', async () => {
    const real = (await submit(valid)).json() as SupportTicketCreated;
    const realNumber = Number(real.issuekey.slice(5));
    expect(realNumber).toBeGreaterThan(1000);
    const tickets = await t.db.selectFrom('support_tickets').select('id').execute();
    const mails = await t.db.selectFrom('outbox').select('id').execute();
    const counter = await t.db.selectFrom('support_counters').select('value').where('name', '=', 'ticket').executeTakeFirstOrThrow();

    const trapped = await submit({ ...valid, website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(200);
    expect(Object.keys(trapped.json() as object)).toEqual(Object.keys(real));
    expect((trapped.json() as SupportTicketCreated).issuekey).toBe(`HELP-${realNumber + 1}`);
    const again = (await submit({ ...valid, website: 'http://spam.example' })).json() as SupportTicketCreated;
    expect(again.issuekey).toBe(`HELP-${realNumber + 2}`);
    // asking for a recording upload: a token, as a real ticket would get
    const withRecording = (await submit({ ...valid, website: 'x', recordingId: uuid(990) })).json() as SupportTicketCreated;
    expect(withRecording).toEqual({ issuekey: `HELP-${realNumber + 3}`, uploadToken: expect.stringMatching(/^[\w-]{32}$/) });
    expect((await upload(withRecording.issuekey, withRecording.uploadToken!, '[]')).statusCode).toBeGreaterThanOrEqual(400);

    expect(await t.db.selectFrom('support_tickets').select('id').execute()).toHaveLength(tickets.length);
    expect(await t.db.selectFrom('outbox').select('id').execute()).toHaveLength(mails.length);
    expect(await t.db.selectFrom('support_counters').select('value').where('name', '=', 'ticket').executeTakeFirstOrThrow()).toEqual(counter);
    // the next real ticket continues the real sequence
    const next = (await submit(valid)).json() as SupportTicketCreated;
    expect(next.issuekey).toBe(`HELP-${realNumber + 1}`);
  });

  it('limits anonymous requests per IP (3 per hour here): the 4th gets 429 with Retry-After, another IP and signed-in students are not limited', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await submit(valid, undefined, ip)).statusCode).toBe(200);
    const refused = await submit(valid, undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toBe(SUPPORT_API_MESSAGES.tooMany(3600));
    expect(messageOf(refused)).toBe('Too many support requests from this network. Please try again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect((await submit(valid, undefined, freshIp())).statusCode).toBe(200);
    expect((await submit(valid, learner, ip)).statusCode).toBe(200);
    t.clock.advance(60 * 60_000 + 1);
    expect((await submit(valid, undefined, ip)).statusCode).toBe(200);
  });
});

describe('the support console routes', () => {
  let key: string;
  beforeAll(async () => {
    await signInAll();
    key = ((await submit({ ...valid, subject: 'Console ticket' }, learner)).json() as SupportTicketCreated).issuekey;
  });

  it.each([
    ['GET', '/support/tickets'],
    ['GET', '/support/tickets/HELP-1001'],
    ['POST', '/support/tickets/HELP-1001/resolve'],
    ['GET', `/support/recordings/${uuid(1)}`],
  ])('a learner gets 403 on %s %s; signed out gets 401', async (method, path) => {
    const asLearner = await service(path, { token: learner, method });
    expect(asLearner.statusCode).toBe(403);
    expect(messageOf(asLearner)).toBe(API_MESSAGES.forbidden);
    expect((await service(path, { token: multi, method })).statusCode).toBe(403);
    expect((await service(path, { method })).statusCode).toBe(401);
  });

  it('SUPPORT lists every ticket, newest first, without descriptions', async () => {
    const response = await service('/support/tickets', { token: support });
    expect(response.statusCode).toBe(200);
    const list = response.json() as TicketSummary[];
    // other tests of this file add tickets in any order (jest --randomize): newest first is the order of the whole list
    const created = list.map((ticket) => ticket.createdAt);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const ticket = list.find((summary) => summary.key === key);
    expect(ticket).toEqual(expect.objectContaining({ key, subject: 'Console ticket', status: 'new', school: 'Lincoln High School', userName: 'learner', hasRecording: false }));
    expect(ticket).not.toHaveProperty('description');
  });

  it('GADMINSUPERUSER opens a ticket and marks it resolved', async () => {
    // a ticket of its own: the list test expects the shared one still new, whichever runs first
    const own = ((await submit({ ...valid, subject: 'Ticket to resolve' }, learner)).json() as SupportTicketCreated).issuekey;
    const detail = (await service(`/support/tickets/${own}`, { token: admin })).json() as TicketDetail;
    expect(detail).toEqual(expect.objectContaining({ key: own, description: valid.description, url: valid.url, useragent: valid.useragent, recording: null }));
    const resolved = await service(`/support/tickets/${own}/resolve`, { token: admin, method: 'POST' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual(expect.objectContaining({ status: 'resolved', resolvedAt: t.clock() }));
  });

  it('an unknown or malformed key is 404', async () => {
    expect((await service('/support/tickets/HELP-999999', { token: support })).statusCode).toBe(404);
    expect((await service('/support/tickets/nonsense', { token: support })).statusCode).toBe(404);
    expect((await service('/support/tickets/HELP-999999/resolve', { token: support, method: 'POST' })).statusCode).toBe(404);
  });
});

describe('session recordings', () => {
  const events = JSON.stringify([
    { type: 4, data: { href: 'http://localhost/app', width: 1024, height: 600 }, timestamp: 1 },
    { type: 2, data: { node: {} }, timestamp: 2 },
  ]);

  async function ticketWithRecording(n: number, token?: string): Promise<SupportTicketCreated> {
    const response = await submit({ ...valid, recordingId: uuid(n) }, token);
    expect(response.statusCode).toBe(200);
    return response.json() as SupportTicketCreated;
  }

  it('the submitter uploads once with the one-time token; SUPPORT replays it; a learner gets 403', async () => {
    const { issuekey, uploadToken } = await ticketWithRecording(10, learner);
    expect(uploadToken).toEqual(expect.any(String));
    const first = await upload(issuekey, uploadToken as string, events, learner);
    expect(first.statusCode).toBe(200);
    expect((await upload(issuekey, uploadToken as string, events, learner)).statusCode).toBe(403);

    const read = await service(`/support/recordings/${uuid(10)}`, { token: support });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(expect.objectContaining({ ticketKey: issuekey, truncated: false, events }));
    expect((await service(`/support/recordings/${uuid(10)}`, { token: learner })).statusCode).toBe(403);
    const detail = (await service(`/support/tickets/${issuekey}`, { token: support })).json() as TicketDetail;
    expect(detail.recording).toEqual(expect.objectContaining({ id: uuid(10), size: events.length, truncated: false }));
  });

  it('another learner cannot upload into a student\'s recording, even with the token; nor can anyone without the token', async () => {
    const { issuekey, uploadToken } = await ticketWithRecording(11, learner);
    expect((await upload(issuekey, uploadToken as string, events, multi)).statusCode).toBe(403);
    expect((await upload(issuekey, uploadToken as string, events)).statusCode).toBe(403);
    expect((await upload(issuekey, 'wrong-token', events, learner)).statusCode).toBe(403);
    expect((await upload(issuekey, uploadToken as string, events, learner)).statusCode).toBe(200);
  });

  it('an anonymous ticket is bound by its token alone; a ticket without a recording takes none', async () => {
    const { issuekey, uploadToken } = await ticketWithRecording(12);
    expect((await upload(issuekey, 'guess', events)).statusCode).toBe(403);
    expect((await upload(issuekey, uploadToken as string, events)).statusCode).toBe(200);
    const plain = ((await submit(valid)).json() as SupportTicketCreated).issuekey;
    expect((await upload(plain, 'anything', events)).statusCode).toBe(403);
  });

  it('a recording id already in use is refused (409), never a 500', async () => {
    await ticketWithRecording(13, learner);
    const again = await submit({ ...valid, recordingId: uuid(13) }, learner);
    expect(again.statusCode).toBe(409);
  });

  it('an upload that is not a JSON array is 400', async () => {
    const { issuekey, uploadToken } = await ticketWithRecording(14, learner);
    expect((await upload(issuekey, uploadToken as string, '{"not":"an array"', learner)).statusCode).toBe(400);
  });

  it(`[S9.10] truncates the stored body to ${RECORDING_LIMITS.bodyTruncation} characters, dropping the oldest events`, async () => {
    const { issuekey, uploadToken } = await ticketWithRecording(15, learner);
    const big = Array.from({ length: 50 }, (_, i) => ({ type: i % 10 === 0 ? 4 : 3, data: { text: 'x'.repeat(100_000) }, timestamp: i }));
    const body = JSON.stringify(big);
    expect(body.length).toBeGreaterThan(RECORDING_LIMITS.bodyTruncation);
    const response = await upload(issuekey, uploadToken as string, body, learner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.objectContaining({ truncated: true }));
    const stored = (await service(`/support/recordings/${uuid(15)}`, { token: support })).json() as { events: string; truncated: boolean };
    expect(stored.truncated).toBe(true);
    expect(stored.events.length).toBeLessThanOrEqual(RECORDING_LIMITS.bodyTruncation);
    const kept = JSON.parse(stored.events) as Array<{ type: number; timestamp: number }>;
    expect(kept[0]?.type).toBe(4);
    expect(kept[kept.length - 1]?.timestamp).toBe(49);
  });

  it('recordings older than RECORDING_RETENTION_DAYS (30) are no longer served, before the sweep deletes them', async () => {
    const { issuekey, uploadToken } = await ticketWithRecording(16, learner);
    expect((await upload(issuekey, uploadToken as string, events, learner)).statusCode).toBe(200);
    t.clock.advance(30 * 86_400_000);
    await signInAll();
    expect((await service(`/support/recordings/${uuid(16)}`, { token: support })).statusCode).toBe(200);
    expect(((await service(`/support/tickets/${issuekey}`, { token: support })).json() as TicketDetail).recording).not.toBeNull();
    t.clock.advance(1);
    expect((await service(`/support/recordings/${uuid(16)}`, { token: support })).statusCode).toBe(404);
    const detail = (await service(`/support/tickets/${issuekey}`, { token: support })).json() as TicketDetail;
    expect(detail.recording).toBeNull();
    // reading deletes nothing; the retention sweep does
    const stored = () => t.db.selectFrom('support_recordings').select('id').where('id', '=', uuid(16)).execute();
    expect(await stored()).toHaveLength(1);
    expect((await sweepRetention(t.db, t.config.support.recordingRetentionMs, t.clock())).recordings).toBeGreaterThanOrEqual(1);
    expect(await stored()).toHaveLength(0);
  });
});
