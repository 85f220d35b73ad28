/**
 * What one signed-in user can make the support service store (SECURITY.md, "Support flooding"):
 * SUPPORT_MAX_TICKETS_PER_USER_HOUR tickets and RECORDING_MAX_MB_PER_USER_HOUR of recordings in
 * any hour, counted in the database (so two server instances share the count), each refusal a 429
 * with Retry-After and a message the Get Help panel shows; and RECORDING_MB_PER_SCHOOL, a school's
 * recording budget, kept by deleting that school's oldest recordings.
 */
import { buildApp } from '../../src/server/app';
import { SUPPORT_DETAILS_MARKER, type SupportTicketCreated } from '../../src/common/support';
import { SUPPORT_API_MESSAGES } from '../../src/server/services/support/tickets';
import { appKeyHeader, authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

const HOUR = 60 * 60_000;
const MiB = 1024 * 1024;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { SUPPORT_MAX_TICKETS_PER_USER_HOUR: '3', RECORDING_MAX_MB_PER_USER_HOUR: '1', RECORDING_MB_PER_SCHOOL: '2', SUPPORT_MAX_PER_IP: '1000' },
  });
});
afterAll(async () => {
  await t.close();
});
// every test starts two hours after the one before, whichever that was (jest --randomize): no
// hourly count of another test's tickets or recordings is still in the window
beforeEach(() => {
  t.clock.advance(2 * HOUR);
});

const valid = {
  name: 'Maya Johnson',
  email: 'maya@example.edu',
  subject: 'The quiz will not load',
  description: `I clicked Review and nothing happened.${SUPPORT_DETAILS_MARKER}Name: Maya Johnson`,
  useragent: 'Mozilla/5.0 test',
  url: 'http://localhost/app/catalog',
};

let recordingNumber = 0;
const nextRecordingId = () => `00000000-0000-4000-8000-${String((recordingNumber += 1)).padStart(12, '0')}`;

const submit = (app: TestApp['app'], token: string | undefined, extra: object = {}) =>
  serviceCall(app, 'POST', '/whichway/support', { token, payload: { ...valid, ...extra }, ip: '10.1.1.1' });

/** A recording of about `chars` characters (its stored size). */
const recording = (chars: number) => JSON.stringify([{ type: 4, data: { text: 'x'.repeat(chars - 40) }, timestamp: 1 }]);

async function upload(key: string, token: string, body: string, bearer?: string) {
  const form = new FormData();
  form.append('request', JSON.stringify({ method: 'POST', path: `/support/tickets/${key}/recording`, payload: { token } }));
  form.append('recording', new Blob([body], { type: 'application/json' }), 'recording.json');
  const request = new Request('http://localhost/api/service/multipart', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/service/multipart',
    headers: { ...(bearer ? authHeaders(bearer) : appKeyHeader), 'content-type': request.headers.get('content-type') as string },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A ticket with a recording slot, then its upload. */
async function ticketAndUpload(token: string | undefined, chars: number) {
  const recordingId = nextRecordingId();
  const created = await submit(t.app, token, { recordingId });
  expect(created.statusCode).toBe(200);
  const { issuekey, uploadToken } = created.json() as SupportTicketCreated;
  return { recordingId, issuekey, uploadToken: uploadToken as string, response: await upload(issuekey, uploadToken as string, recording(chars), token) };
}

const ticketCount = async () => Number((await t.db.selectFrom('support_tickets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const storedRecordings = async () => (await t.db.selectFrom('support_recordings').select('id').orderBy('created_at').execute()).map((row) => row.id);

describe('tickets per user per hour', () => {
  it('the 4th ticket within the hour is a 429 with Retry-After and the message; nothing is stored; an hour later it goes through', async () => {
    const learner = (await signIn(t.app, 'learner')).token;
    for (let i = 0; i < 3; i += 1) {
      expect((await submit(t.app, learner)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    const before = await ticketCount();
    const refused = await submit(t.app, learner);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBe(HOUR / 1000 - 3 * 60);
    expect(messageOf(refused)).toBe(SUPPORT_API_MESSAGES.tooManyTickets(3, wait));
    expect(await ticketCount()).toBe(before);

    // another student is not held up by this one
    expect((await submit(t.app, (await signIn(t.app, 'multi')).token)).statusCode).toBe(200);

    t.clock.advance(wait * 1000);
    expect((await submit(t.app, (await signIn(t.app, 'learner')).token)).statusCode).toBe(200);
  });

  it('the count is kept in the database: two instances sharing it share the limit', async () => {
    t.clock.advance(2 * HOUR);
    const other = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    await other.ready();
    try {
      const support = (await signIn(t.app, 'support')).token;
      expect((await submit(t.app, support)).statusCode).toBe(200);
      expect((await submit(other, support)).statusCode).toBe(200);
      expect((await submit(t.app, support)).statusCode).toBe(200);
      expect((await submit(other, support)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('recording bytes per user per hour', () => {
  it('a recording that would pass 1 MiB in the hour is a 429 with the message, not stored; the same upload works an hour later', async () => {
    t.clock.advance(2 * HOUR);
    const admin = (await signIn(t.app, 'admin')).token;
    const first = await ticketAndUpload(admin, 700_000);
    expect(first.response.statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    const second = await ticketAndUpload(admin, 700_000);
    expect(second.response.statusCode).toBe(429);
    const wait = Number(second.response.headers['retry-after']);
    expect(wait).toBe(50 * 60);
    expect(messageOf(second.response)).toBe(SUPPORT_API_MESSAGES.recordingQuota(wait));
    expect(await storedRecordings()).not.toContain(second.recordingId);

    // the refused upload's token is not spent: the student can send it once the hour has passed
    t.clock.advance(wait * 1000);
    const again = await upload(second.issuekey, second.uploadToken, recording(700_000), (await signIn(t.app, 'admin')).token);
    expect(again.statusCode).toBe(200);
    expect(await storedRecordings()).toContain(second.recordingId);
  });
});

describe('recording storage per school', () => {
  it('past RECORDING_MB_PER_SCHOOL (2 MiB) the school\'s oldest recordings are deleted; another school\'s (and the anonymous ones) stay', async () => {
    t.clock.advance(2 * HOUR);
    await t.db.deleteFrom('support_recordings').execute();
    const anonymous = await ticketAndUpload(undefined, 900_000);
    expect(anonymous.response.statusCode).toBe(200);

    const lincoln: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(HOUR + 60_000); // past each student's hourly recording budget
      const { recordingId, response } = await ticketAndUpload((await signIn(t.app, 'learner')).token, 900_000);
      expect(response.statusCode).toBe(200);
      lincoln.push(recordingId);
    }
    // 3 × 900 000 > 2 MiB: the oldest of Lincoln's went; the anonymous one (its own budget) stayed
    expect(await storedRecordings()).toEqual([anonymous.recordingId, lincoln[1], lincoln[2]]);
    const support = (await signIn(t.app, 'support')).token;
    expect((await serviceCall(t.app, 'GET', `/support/recordings/${lincoln[0]}`, { token: support })).statusCode).toBe(404);
    expect((await serviceCall(t.app, 'GET', `/support/recordings/${lincoln[2]}`, { token: support })).statusCode).toBe(200);
  });

  it('a recording larger than the whole budget is kept (the newest always is) and evicts every older one of its school', async () => {
    const big = await createTestApp({ env: { RECORDING_MB_PER_SCHOOL: '1', SUPPORT_MAX_PER_IP: '1000' } });
    try {
      const stored = async () => (await big.db.selectFrom('support_recordings').select('id').execute()).map((row) => row.id);
      const send = async (n: number, chars: number) => {
        const created = await serviceCall(big.app, 'POST', '/whichway/support', { payload: { ...valid, recordingId: `00000000-0000-4000-8000-00000000010${n}` }, ip: '10.2.2.2' });
        const { issuekey, uploadToken } = created.json() as SupportTicketCreated;
        const form = new FormData();
        form.append('request', JSON.stringify({ method: 'POST', path: `/support/tickets/${issuekey}/recording`, payload: { token: uploadToken } }));
        form.append('recording', new Blob([recording(chars)], { type: 'application/json' }), 'r.json');
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        const response = await big.app.inject({ method: 'POST', url: '/api/service/multipart', headers: { ...appKeyHeader, 'content-type': request.headers.get('content-type') as string }, payload: Buffer.from(await request.arrayBuffer()) });
        expect(response.statusCode).toBe(200);
        big.clock.advance(1000);
      };
      await send(1, 300_000);
      await send(2, 300_000);
      expect(await stored()).toHaveLength(2);
      await send(3, 1.5 * MiB);
      expect(await stored()).toEqual(['00000000-0000-4000-8000-000000000103']);
    } finally {
      await big.close();
    }
  });
});
