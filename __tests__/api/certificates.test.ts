/**
 * A certificate names the same day everywhere — the day the module was completed in the learner's
 * time zone (User.timezone, default America/Chicago): the PDF, the public check and the transcript
 * (which the SPA shows in that zone) — and the PDF prints the full address of the public check
 * (PUBLIC_URL). Through the proxy on a real SQLite file, with the fixture content.
 */
import path from 'node:path';
import type { CertificateCheck, CertificateFile, ReviewView, TranscriptRow } from '../../src/common/catalog';
import { formatDayOf } from '../../src/common/calendarDay';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { changed } from '../../src/server/db/changes';
import { servedAnswers } from './support/reviews';
import { createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';
import { pdfText } from '../support/pdfText';

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
const MOD = '/catalog/modules/budgeting';
const MAT = `${MOD}/materials/first-budget`;
const SECTIONS = ['track-your-spending', 'needs-and-wants', 'write-the-plan'];
const RIGHT = [0, false, 1, true, 1] as const;
const PUBLIC_URL = 'https://cashwise.lincoln.example';
// 11:28 PM on Monday 11/23/26 in Chicago; already 12:28 AM on 11/24 in New York, 05:28 on 11/24 in UTC
const LATE_EVENING = Date.UTC(2026, 10, 24, 5, 28, 0);

let t: TestApp;

async function ok<T>(token: string | null, method: string, p: string, payload?: unknown): Promise<T> {
  const res = await serviceCall(t.app, method, p, { token, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

async function completeModule(userName: string): Promise<string> {
  const { token } = await signIn(t.app, userName);
  for (const section of SECTIONS) await ok(token, 'POST', `${MAT}/sections/${section}/complete`);
  const review = await ok<ReviewView>(token, 'GET', `${MAT}/review`);
  await ok(token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => RIGHT[i]!));
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  await importContent(t.db, FIXTURE, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  t.clock.set(LATE_EVENING);
  // an account whose zone is absent, as one made at no school
  await t.db.updateTable('users').set({ timezone: null }).where('user_name', '=', 'support').execute();
  changed('users');
});
afterAll(async () => {
  await t.close();
});

describe("a certificate's date is the learner's day, the same on the PDF, the public check and the transcript", () => {
  it.each([
    ['learner', 'America/New_York (stored from their school when the account was made)', '11/24/26'],
    ['multi', 'America/New_York', '11/24/26'],
    ['support', 'America/Chicago ([S3.03] the default: no time zone stored)', '11/23/26'],
  ])('%s in %s: completed on %s', async (userName, _zone, day) => {
    const token = await completeModule(userName);
    const file = await ok<CertificateFile>(token, 'GET', '/certificates/modules/budgeting');
    const text = pdfText(Buffer.from(file.pdfBase64, 'base64'));
    expect(text).toContain(`on ${day} at Lincoln High School.`);

    const check = await ok<CertificateCheck>(null, 'GET', `/certificates/verify/${file.code}`);
    expect(check.completedOn).toBe(day);

    const [row] = await ok<TranscriptRow[]>(token, 'GET', '/transcripts');
    const zone = (await signIn(t.app, userName)).user.timezone;
    expect(formatDayOf(row!.completedAt!, zone)).toBe(day);
    expect(row!.completedAt).toBe(check.completedAt);
  });

  it('prints the full address of the public check: PUBLIC_URL, then /certificates/{code}', async () => {
    const { token } = await signIn(t.app, 'learner');
    const file = await ok<CertificateFile>(token, 'GET', '/certificates/modules/budgeting');
    expect(pdfText(Buffer.from(file.pdfBase64, 'base64'))).toContain(`Check it at ${PUBLIC_URL}/certificates/${file.code}`);
  });
});
