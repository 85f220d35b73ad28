/**
 * Exceptions for one student in real Chromium, with the demo world: a student of the file's own joins
 * Period 2 and uses both attempts its "Planning for Expenses" review allows (it is overdue too);
 * the demo `teacher` opens the student's page and gives them one more attempt and a later due day;
 * the student's review then says "Attempt 3 of 3" and asks its questions again, and Home says the
 * review is due on their own day, "(extended)". axe-core on each page at 1366×768 and at 390×844.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiWrongAnswer, known, reviewFromContent, type ReviewQ } from './support/reviews';
import { createStudent, expectAccessible, fitsThePhone, launchBrowser, newContext, oneLookCall, signInAs } from './support/browser';

jest.setTimeout(300_000);

const MODULE = 'budgeting';
const MATERIAL = 'planning-for-expenses';
const REVIEW_PATH = `/catalog/modules/${MODULE}/materials/${MATERIAL}/review`;
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let teacherContext: BrowserContext;
let studentContext: BrowserContext;
let teacher: Page;
let student: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  teacherContext = await newContext(browser);
  studentContext = await newContext(browser);
  teacher = await teacherContext.newPage();
  student = await studentContext.newPage();
  await teacher.setViewportSize(DESKTOP);
  await student.setViewportSize(DESKTOP);
});
afterAll(async () => {
  await teacherContext.close();
  await studentContext.close();
  await browser.close();
});

/** One failed attempt at the review through the API the SPA uses. */
async function failOnce(page: Page): Promise<void> {
  const review = await oneLookCall<{ serving: string; title: string; questions: ReviewQ[] }>(page, 'GET', REVIEW_PATH);
  const bank = reviewFromContent(review.title);
  const answers = Object.fromEntries(review.questions.map((q) => [String(q.id), apiWrongAnswer(known(bank, q.prompt), q)]));
  const scored = await oneLookCall<{ passed: boolean }>(page, 'POST', `${REVIEW_PATH}/attempts`, { serving: review.serving, answers });
  expect(scored.passed).toBe(false);
}

/** A day `days` from now at the school (America/New_York), as the teacher types it (mm/dd/yy). */
function schoolDayTyped(days: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: '2-digit', month: '2-digit', day: '2-digit' }).formatToParts(Date.now() + days * 86_400_000);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

describe('an exception for one student', () => {
  it('the teacher gives one more attempt and a later due day from the student’s page; the student sees "Attempt 3 of 3" and "(extended)"', async () => {
    // the student: of this file's own, in Period 2, out of attempts at an overdue review
    const userName = createStudent('Ezra', 'Exception');
    await signInAs(teacher, 'teacher');
    const classes = await oneLookCall<{ id: number; name: string; joinCode: string }[]>(teacher, 'GET', '/classes');
    const period2 = classes.find((c) => c.name === 'Personal Finance — Period 2');
    if (!period2) throw new Error('the demo world has no Period 2');
    const detail = await oneLookCall<{ assignments: { id: number; kind: string; materialSlug: string | null; title: string; maxAttempts: number | null }[] }>(teacher, 'GET', `/classes/${period2.id}`);
    const review = detail.assignments.find((a) => a.kind === 'review' && a.materialSlug === MATERIAL);
    expect(review?.maxAttempts).toBe(2);

    await signInAs(student, userName);
    await oneLookCall(student, 'POST', '/me/access-codes', { code: period2.joinCode });
    await failOnce(student);
    await failOnce(student);
    await student.goto(`/app/catalog/${MODULE}/material/${MATERIAL}/review`);
    await student.getByTestId('out-of-attempts').waitFor();
    await expectAccessible(student);

    // the teacher: the student's page, their row of the review, the dialog
    const roster = await oneLookCall<{ students: { userId: number; userName: string }[] }>(teacher, 'GET', `/classes/${period2.id}/dashboard`);
    const studentId = roster.students.find((s) => s.userName === userName)?.userId;
    expect(studentId).toEqual(expect.any(Number));
    await teacher.goto(`/app/classes/${period2.id}/students/${studentId}`);
    await teacher.getByRole('heading', { level: 1, name: 'Ezra Exception' }).waitFor();
    const table = teacher.getByRole('table', { name: 'Assignments' });
    const row = table.getByRole('row').filter({ has: teacher.getByRole('rowheader', { name: new RegExp(`^${review!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }) });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('2 of 2');
    await expectAccessible(teacher);

    await row.getByRole('button', { name: `Give an exception to Ezra Exception on ${review!.title}` }).click();
    const dialog = teacher.getByRole('dialog', { name: `Exception for Ezra Exception: ${review!.title}` });
    await dialog.waitFor();
    // nothing given: the form says what it needs
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Give extra attempts, a later due day, or both.').waitFor();
    await dialog.getByRole('textbox', { name: 'Extra attempts' }).fill('1');
    await dialog.getByText('The class has 2 attempts; Ezra Exception will have 3.').waitFor();
    const day = schoolDayTyped(7);
    await dialog.getByRole('textbox', { name: 'Due day for Ezra Exception' }).fill(day);
    await expectAccessible(teacher);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await teacher.getByText('Exception saved.').waitFor();
    await row.getByText('2 of 3 (1 extra)', { exact: true }).waitFor();
    await row.getByText(`${day} (extended)`, { exact: true }).waitFor();
    await row.getByRole('button', { name: `Change Ezra Exception’s exception on ${review!.title}` }).waitFor();
    await expectAccessible(teacher);
    await teacher.setViewportSize(PHONE);
    await expectAccessible(teacher);
    // the assignments fold their due day and attempts under the title on a phone, and fit
    await row.getByText(`Due ${day} (extended)`).waitFor();
    expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0))).toBe(true);

    // the student: the review asks its questions again, as the last attempt
    await student.goto(`/app/catalog/${MODULE}/material/${MATERIAL}/review`);
    await student.getByTestId('attempt-line').getByText('Attempt 3 of 3: your last attempt.').waitFor();
    expect(await student.getByTestId('out-of-attempts').count()).toBe(0);
    await expectAccessible(student);
    // and Home: due on their own day, said to be extended, no longer overdue
    await student.goto('/app');
    const assigned = student.getByRole('region', { name: 'Assigned to you' });
    const item = assigned.getByRole('listitem').filter({ has: student.getByRole('link', { name: review!.title }) });
    await item.getByText(`Due ${day} (extended)`).waitFor();
    await expectAccessible(student);
    await student.setViewportSize(PHONE);
    await expectAccessible(student);
    await fitsThePhone(student);
  });
});
