/**
 * Missed questions, both halves of the loop, in real Chromium: a student of the file's own fails
 * "Review: Planning for Expenses" on the page and follows a missed question's "Review: <section>"
 * link to that section; a second student passes it; the demo teacher opens "What the class got
 * wrong" from the class page, sees the most-missed question first with the section it tests, and
 * with one click re-teaches that section, with a re-review, to the student who missed it. The
 * answers come from the content files (each question of that bank names its section). axe-core on
 * every page, at 1366×768 and at 390×844.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ClassDetail, MyAssignment } from '../../src/common/classroom';
import { createStudent, expectAccessible, fitsThePhone, newContext, oneLookCall, openBrowser, signInAs } from './support/browser';
import { answerOnPage, apiAnswer, known, reviewFromContent, type KnownQuestion, type ReviewQ } from './support/reviews';

jest.setTimeout(300_000);

const MODULE = 'budgeting';
const MATERIAL = 'planning-for-expenses';
const REVIEW_PAGE = `/app/catalog/${MODULE}/material/${MATERIAL}/review`;
const REVIEW_API = `/catalog/modules/${MODULE}/materials/${MATERIAL}/review`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

let browser: Browser;
let student: Page;
let teacherContext: BrowserContext;
let teacher: Page;
let other: Page;
let otherContext: BrowserContext;
openBrowser('file', (o) => ({ browser, page: student } = o));
// the teacher and the second student each in a context of their own (their own sign-in)
beforeAll(async () => {
  teacherContext = await newContext(browser);
  teacher = await teacherContext.newPage();
  otherContext = await newContext(browser);
  other = await otherContext.newPage();
});
afterAll(async () => {
  await teacherContext?.close();
  await otherContext?.close();
});

// students with no history: a first failed attempt shows no answers, and no class limits their attempts
const missName = { first: 'Rosa', last: 'Quill' };
const passName = { first: 'Theo', last: 'Marsh' };
let classId = 0;

const questions = () => student.getByRole('form', { name: 'Review questions' }).locator('fieldset:has(> legend[id^="question-"])');

describe('missed questions: the student’s link to the section, the teacher’s re-teach', () => {
  beforeAll(async () => {
    const missUser = createStudent(missName.first, missName.last);
    const passUser = createStudent(passName.first, passName.last);
    await signInAs(teacher, 'teacher');
    const cls = await oneLookCall<ClassDetail>(teacher, 'POST', '/classes', { name: `Re-teach ${Date.now() % 100_000}` });
    classId = cls.id;
    await oneLookCall(teacher, 'POST', `/classes/${classId}/assignments`, { kind: 'review', moduleSlug: MODULE, materialSlug: MATERIAL });
    await signInAs(student, missUser);
    await oneLookCall(student, 'POST', '/me/access-codes', { code: cls.joinCode });
    await signInAs(other, passUser);
    await oneLookCall(other, 'POST', '/me/access-codes', { code: cls.joinCode });
  });

  it('a failed review links each missed question to the section it tests, and the link opens that section', async () => {
    await student.goto(REVIEW_PAGE);
    const heading = student.getByRole('heading', { level: 1, name: /^Review: / });
    await heading.waitFor();
    const bank = reviewFromContent((await heading.textContent()) ?? '');
    await questions().first().waitFor();
    const shown: KnownQuestion[] = [];
    for (let i = 0; i < (await questions().count()); i += 1) shown.push(known(bank, (await questions().nth(i).locator('legend[id^="question-"]').textContent()) ?? ''));
    for (let i = 0; i < shown.length; i += 1) await answerOnPage(questions().nth(i), shown[i]!, false);
    await student.getByRole('button', { name: 'Submit answers' }).click();
    await student.getByText(/Not passed yet/).waitFor();

    // every question was missed: each names its section as a link, none says the old "read this part again"
    const results = student.locator('section[data-question]');
    expect(await results.count()).toBe(shown.length);
    for (let i = 0; i < shown.length; i += 1) {
      const link = results.nth(i).getByRole('link', { name: /^Review: / });
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^/app/catalog/${MODULE}/material/${MATERIAL}/section/[a-z0-9-]+$`));
    }
    expect(await student.getByText('Read this part of the material again', { exact: false }).count()).toBe(0);
    await expectAccessible(student);
    await student.setViewportSize(PHONE);
    await fitsThePhone(student);
    await expectAccessible(student);
    await student.setViewportSize(DESKTOP);

    const link = results.first().getByRole('link', { name: /^Review: / });
    const title = ((await link.textContent()) ?? '').replace(/^Review: /, '');
    await link.click();
    await student.waitForURL(new RegExp(`/material/${MATERIAL}/section/[a-z0-9-]+$`));
    await student.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectAccessible(student);
  });

  it('the teacher sees the most-missed question first and re-teaches its section to the student who missed it', async () => {
    // the second student passes with the content's answers
    const review = await oneLookCall<{ serving: string; title: string; questions: ReviewQ[] }>(other, 'GET', REVIEW_API);
    const bank = reviewFromContent(review.title);
    const answers = Object.fromEntries(review.questions.map((q) => [String(q.id), apiAnswer(known(bank, q.prompt), q)]));
    expect((await oneLookCall<{ passed: boolean }>(other, 'POST', `${REVIEW_API}/attempts`, { serving: review.serving, answers })).passed).toBe(true);

    // from the class page's assignment list
    await teacher.goto(`/app/classes/${classId}`);
    await teacher.getByRole('link', { name: /^What the class got wrong/ }).click();
    await teacher.waitForURL(/\/app\/classes\/\d+\/reviews\/\d+\/questions$/);
    await teacher.getByRole('heading', { level: 1, name: 'What the class got wrong: Review: Planning for Expenses' }).waitFor();
    const list = teacher.getByRole('list', { name: 'Questions, most-missed first' });
    const items = list.getByRole('listitem');
    await items.first().waitFor();
    await teacher.getByText('2 of 2 students have taken this review', { exact: false }).waitFor();

    // most-missed first: the share right never falls down the list, the unanswered come last
    const shares = await items.evaluateAll((lis) => lis.map((li) => li.querySelector('[data-testid="share-right"]')?.textContent ?? ''));
    const percents = shares.map((s) => (/^(\d+)% right/.exec(s) ? Number(/^(\d+)% right/.exec(s)![1]) : 101));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents[0]).toBe(0);
    const first = items.first();
    await first.getByText(`Missed by: ${missName.first} ${missName.last}`).waitFor();
    const sectionLink = first.getByRole('link');
    expect(await sectionLink.getAttribute('href')).toMatch(new RegExp(`/material/${MATERIAL}/section/[a-z0-9-]+$`));
    const section = (await sectionLink.textContent()) ?? '';
    await expectAccessible(teacher);
    await teacher.setViewportSize(PHONE);
    await fitsThePhone(teacher);
    await expectAccessible(teacher);
    await teacher.setViewportSize(DESKTOP);

    // one click: the section and a re-review, to the student who missed it
    await first.getByRole('button', { name: `Re-teach “${section}” to the student who missed it` }).click();
    await first.getByText(`Re-taught to ${missName.first} ${missName.last}.`).waitFor();
    await teacher.getByText(`Assigned “${section}” and a re-review to the student who missed it.`).waitFor();
    await expectAccessible(teacher);

    // the student who missed it has both, the section first; the one who passed has neither
    const mine = (await oneLookCall<MyAssignment[]>(student, 'GET', '/me/assignments')).filter((a) => a.studentIds);
    expect(mine.map((a) => a.kind)).toEqual(['material', 'review']);
    expect(mine[0]!.href).toBe(await sectionLink.getAttribute('href'));
    expect((await oneLookCall<MyAssignment[]>(other, 'GET', '/me/assignments')).filter((a) => a.studentIds)).toEqual([]);
    await student.goto('/app');
    const assigned = student.getByRole('region', { name: 'Assigned to you' });
    await assigned.getByRole('link', { name: new RegExp(`^${section} \\(Planning for Expenses\\)$`) }).waitFor();
    await expectAccessible(student);
  });
});
