/**
 * A module's teacher guide, answer key and student packet through the proxy on a real database
 * (SQLite; PostgreSQL under TEST_DATABASE_URL): teachers and school administrators read them, a
 * student hears 403 (the answer key gives every review away), an unknown module is 404 with a
 * clear message. The content is the fixture module with a guide file written for it; a module
 * without one still has a guide, which says its prompts are not written yet.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PacketFile, TeacherAnswerKey, TeacherGuide } from '../../src/common/teacherGuide';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { pdfText } from '../support/pdfText';
import { createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
const GUIDE = '/catalog/modules/budgeting/guide';
const KEY = '/catalog/modules/budgeting/answer-key';
const PACKET = '/catalog/modules/budgeting/packet';
const GUIDE_FILE = `---
discussionPrompts:
  - "Where did your last $20 go?"
  - "Is a phone a need or a want?"
  - "What would you cut first if your hours were cut?"
activity:
  title: The Card Sort
  minutes: 20
  materials: [Expense cards]
  steps: [Sort the cards, Build a budget, Share one trade-off]
worksheets: [unit-price]
---
`;

let t: TestApp;
let dir: string;
const tokens: Record<string, string> = {};

async function asUser(userName: string, method: string, p: string) {
  tokens[userName] ??= (await signIn(t.app, userName)).token;
  return serviceCall(t.app, method, p, { token: tokens[userName] });
}

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-guide-api-'));
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(path.join(dir, 'catalog/budgeting/guide.md'), GUIDE_FILE);
  await importContent(t.db, dir, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('teacher guides are for staff only', () => {
  it.each([GUIDE, KEY, PACKET, '/catalog/modules/no-such-module/guide'])('a student asking for %s gets 403 with why, and no answers', async (p) => {
    const res = await asUser('learner', 'GET', p);
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe('Teacher guides and answer keys are for teachers and school administrators.');
    expect(res.body).not.toMatch(/explanation|Expense cards/);
  });

  it('support staff who teach nothing are refused too', async () => {
    expect((await asUser('support', 'GET', KEY)).statusCode).toBe(403);
  });

  it.each(['teacher', 'schooladmin', 'admin'])('%s reads the guide: objectives, pacing, prompts, the activity', async (userName) => {
    const res = await asUser(userName, 'GET', GUIDE);
    expect(res.statusCode).toBe(200);
    const guide = res.json() as TeacherGuide;
    expect(guide).toMatchObject({
      moduleSlug: 'budgeting',
      moduleTitle: 'Budgeting Basics',
      objectives: ['Track where your money goes in a month', 'Tell needs from wants', 'Build a simple monthly budget'],
      written: true,
      discussionPrompts: ['Where did your last $20 go?', 'Is a phone a need or a want?', 'What would you cut first if your hours were cut?'],
      activity: { title: 'The Card Sort', minutes: 20 },
      worksheets: [{ kind: 'unit-price', title: 'Comparison Shopping' }],
    });
    // 20 minutes of reading + a 5-question review, 2-question tests, 3 prompts, the activity
    expect(guide.pacing.totalMinutes).toBe(2 + 25 + 15 + 20 + 2);
  });

  it.each(['teacher', 'schooladmin'])('%s reads the answer key: every question with its answer, explanation and section', async (userName) => {
    const res = await asUser(userName, 'GET', KEY);
    expect(res.statusCode).toBe(200);
    const key = res.json() as TeacherAnswerKey;
    expect(key.reviews).toHaveLength(1);
    const [review] = key.reviews;
    expect(review!.questions).toHaveLength(5);
    expect(review!.questions[1]).toMatchObject({ type: 'true-false', answer: 'False', section: { slug: 'write-the-plan' } });
    for (const q of review!.questions) expect(q.explanation).not.toBe('');
    expect(key.tests.questionCount).toBe(2);
  });

  it('a teacher downloads the student packet: a PDF of the sections and the guide’s worksheets', async () => {
    const res = await asUser('teacher', 'GET', PACKET);
    expect(res.statusCode).toBe(200);
    const file = res.json() as PacketFile;
    expect(file.fileName).toBe('student-packet-budgeting.pdf');
    const pdf = Buffer.from(file.pdfBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(3000);
    const text = pdfText(pdf);
    expect(text).toContain('Student packet');
    expect(text).toContain('Needs and Wants');
    expect(text).toContain('Worksheet: Comparison Shopping');
  });

  it('an unknown module is 404, saying which; a malformed one 400', async () => {
    const res = await asUser('teacher', 'GET', '/catalog/modules/no-such-module/guide');
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('There is no module “no-such-module” in your school’s catalog, so it has no teacher guide.');
    expect((await asUser('teacher', 'GET', '/catalog/modules/Not_A_Slug/answer-key')).statusCode).toBe(400);
  });

  it('a module imported without a guide file still has a guide, which says its prompts are not written yet', async () => {
    await importContent(t.db, FIXTURE, t.clock());
    const guide = (await asUser('teacher', 'GET', GUIDE)).json() as TeacherGuide;
    expect(guide).toMatchObject({ written: false, discussionPrompts: [], activity: null, objectives: expect.arrayContaining(['Tell needs from wants']) });
    expect(guide.pacing.parts.map((p) => p.label)).toEqual(['Pre-test', '1. Making Your First Budget', 'Post-test']);
  });
});
