/**
 * Each student's language on the class dashboard and the student's record (users.language, English
 * until they choose), through the service proxy on a real database (SQLite, or PostgreSQL under
 * TEST_DATABASE_URL). The teacher's own language is theirs alone: it never changes what the class
 * shows, and a student's choice shows on the teacher's next poll.
 */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { ClassDashboard, ClassDetail, ClassStudentRecord } from '../../src/common/classroom';
import type { Language } from '../../src/common/language';
import type { Session } from '../../src/common/types';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { addUser } from './support/classroom';
import { createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';

const ROOT = path.resolve(__dirname, '../..');

let t: TestApp;
let teacher: string;
let ana: Session;
let ben: Session;
let cls: ClassDetail;
const ids: Record<string, number> = {};

const poll = (etag?: string): Promise<LightMyRequestResponse> =>
  serviceCall(t.app, 'GET', `/classes/${cls.id}/dashboard`, { token: teacher, ...(etag ? { headers: { 'if-none-match': etag } } : {}) });
const languages = (res: LightMyRequestResponse): Record<string, Language> => Object.fromEntries((res.json() as ClassDashboard).students.map((s) => [s.userName, s.language]));
async function choose(token: string, language: Language): Promise<void> {
  const res = await serviceCall(t.app, 'PUT', '/me/language', { token, payload: { language } });
  expect(res.statusCode).toBe(200);
}
/** The teacher's next poll (naming the tag of the one before) after someone chooses `language`. */
async function nextPollAfter(token: string, language: Language): Promise<LightMyRequestResponse> {
  const before = await poll();
  await choose(token, language);
  return poll(before.headers.etag as string);
}

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(ROOT, '__tests__/fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await addUser(t, 'langteach', { schoolPermissions: ['TEACHER'] });
  ids.ana = await addUser(t, 'langana', { firstName: 'Ana', lastName: 'Alvarez' });
  ids.ben = await addUser(t, 'langben', { firstName: 'Ben', lastName: 'Baker' });
  teacher = (await signIn(t.app, 'langteach')).token;
  ana = await signIn(t.app, 'langana');
  ben = await signIn(t.app, 'langben');
  cls = (await serviceCall(t.app, 'POST', '/classes', { token: teacher, payload: { name: 'Mixed' } })).json() as ClassDetail;
  for (const kid of [ana, ben]) expect((await serviceCall(t.app, 'POST', '/me/access-codes', { token: kid.token, payload: { code: cls.joinCode } })).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("the class dashboard shows each student's language", () => {
  it('a student who never chose counts as English', async () => {
    expect(languages(await poll())).toEqual({ langana: 'en', langben: 'en' });
  });

  it('a student who reads in Spanish shows as Spanish on the next poll, the others stay English', async () => {
    const after = await nextPollAfter(ana.token, 'es');
    expect(after.statusCode).toBe(200);
    expect(languages(after)).toEqual({ langana: 'es', langben: 'en' });
  });

  it("the student's record carries their language", async () => {
    const res = await serviceCall(t.app, 'GET', `/classes/${cls.id}/students/${ids.ana}`, { token: teacher });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ClassStudentRecord).student.language).toBe('es');
  });

  it("the teacher's own language changes nothing for the students: same languages, same tag", async () => {
    expect((await nextPollAfter(teacher, 'es')).statusCode).toBe(304);
    expect(languages(await poll())).toEqual({ langana: 'es', langben: 'en' });
    // and a teacher back in English still sees the Spanish reader marked
    await choose(teacher, 'en');
    expect(languages(await poll())).toEqual({ langana: 'es', langben: 'en' });
  });

  it('a student going back to English shows on the next poll', async () => {
    const after = await nextPollAfter(ana.token, 'en');
    expect(after.statusCode).toBe(200);
    expect(languages(after)).toEqual({ langana: 'en', langben: 'en' });
  });
});
