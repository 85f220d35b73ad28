/**
 * A teacher's week, end to end in real Chromium on the demo world: the demo teacher makes a class
 * and projects its "How to join" page; a new student registers with the class code and no e-mail
 * address (the school allows it); the teacher assigns a material, its review (two attempts) and a
 * worksheet; the student fails the review, follows a missed question's link to its section, runs
 * out of attempts, is granted one more from their page, reads the material and passes; the
 * teacher's open dashboard moves them from "needs help" to "done" without a reload once the
 * worksheet is turned in; the teacher scores it in the inbox; the gradebook row shows the review's
 * and the worksheet's scores. axe-core on each page, at a desktop width and at 390 px.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ClassDetail } from '../../src/common/classroom';
import { expectAccessible, fitsThePhone, launchBrowser, newContext, oneLookCall, signInAs } from './support/browser';
import { answerOnPage, apiAnswer, apiWrongAnswer, known, reviewFromContent, type ReviewQ } from './support/reviews';

jest.setTimeout(420_000);

const MODULE = 'budgeting';
const MATERIAL = 'planning-for-expenses';
const REVIEW_PATH = `/catalog/modules/${MODULE}/materials/${MATERIAL}/review`;
const REVIEW_PAGE = `/app/catalog/${MODULE}/material/${MATERIAL}/review`;
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let teacherContext: BrowserContext;
let studentContext: BrowserContext;
let adminContext: BrowserContext;
let teacher: Page;
let student: Page;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  teacherContext = await newContext(browser);
  studentContext = await newContext(browser);
  adminContext = await newContext(browser);
  teacher = await teacherContext.newPage();
  admin = await adminContext.newPage();
  student = await studentContext.newPage();
  await teacher.setViewportSize(DESKTOP);
  await student.setViewportSize(DESKTOP);
});
afterAll(async () => {
  await teacherContext.close();
  await studentContext.close();
  await adminContext.close();
  await browser.close();
});

async function accessibleAtBothWidths(page: Page): Promise<void> {
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await fitsThePhone(page);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

/** The school administrator's "Students can register without an e-mail address", through the service as its page saves it. */
async function studentsWithoutEmail(on: boolean): Promise<void> {
  if (!admin.url().includes('/app')) await signInAs(admin, 'schooladmin');
  await oneLookCall(admin, 'PUT', '/admin/settings', { studentsWithoutEmail: on });
}

/** One attempt at the review through the API the SPA uses, every answer right or every one wrong. */
async function attempt(page: Page, right: boolean): Promise<void> {
  const review = await oneLookCall<{ serving: string; title: string; questions: ReviewQ[] }>(page, 'GET', REVIEW_PATH);
  const bank = reviewFromContent(review.title);
  const answers = Object.fromEntries(review.questions.map((q) => [String(q.id), right ? apiAnswer(known(bank, q.prompt), q) : apiWrongAnswer(known(bank, q.prompt), q)]));
  const scored = await oneLookCall<{ passed: boolean }>(page, 'POST', `${REVIEW_PATH}/attempts`, { serving: review.serving, answers });
  expect(scored.passed).toBe(right);
}

describe('a teacher’s week', () => {
  it('students in, who needs help, an exception, review and reteach, scored work, a gradebook that shows it', async () => {
    // Monday: a new class, its "How to join" page on the projector
    const className = `Week ${Date.now().toString(36)}`;
    await signInAs(teacher, 'teacher', '/app/classes');
    const cls = await oneLookCall<ClassDetail>(teacher, 'POST', '/classes', { name: className });
    await teacher.goto(`/app/classes/${cls.id}`);
    await teacher.getByRole('link', { name: 'How to join' }).click();
    await teacher.waitForURL(`**/app/classes/${cls.id}/join`);
    await teacher.getByRole('heading', { level: 1, name: 'How to Join' }).waitFor();
    const code = cls.joinCode!;
    await expect(teacher.getByTestId('class-code').textContent()).resolves.toContain(code.replace(/-/g, '').slice(0, 4));
    await accessibleAtBothWidths(teacher);

    // the student registers with the class code and no e-mail address
    await studentsWithoutEmail(true);
    const userName = `wk.${Date.now().toString(36)}`;
    try {
      await student.goto('/register');
      await student.getByRole('textbox', { name: /Class code/ }).fill(code);
      await student.getByRole('button', { name: 'Continue' }).click();
      await student.getByText(new RegExp(`^${className} — `)).waitFor();
      await student.getByRole('button', { name: 'Yes, continue' }).click();
      await student.waitForURL(/\/record\/\d+\/name$/);
      await student.getByLabel(/First name/).fill('Wren');
      await student.getByLabel(/Last name/).fill('Weekly');
      await student.getByRole('button', { name: 'Next' }).click();
      await student.waitForURL(/\/terms$/);
      await student.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
      await student.getByRole('button', { name: 'Next' }).click();
      await student.waitForURL(/\/verify$/);
      await student.getByRole('button', { name: 'Continue without e-mail' }).click();
      await student.waitForURL(/\/username$/);
      await student.getByRole('textbox', { name: 'User name' }).fill(userName);
      await student.getByText(/is available/i).first().waitFor();
      await student.getByRole('button', { name: 'Next' }).click();
      await student.waitForURL(/\/password$/);
      await student.locator('#password').fill('river stones under snow');
      await student.locator('#confirm').fill('river stones under snow');
      await student.getByRole('button', { name: 'Create my account' }).click();
      await student.waitForURL(/\/app$/);
    } finally {
      await studentsWithoutEmail(false);
    }
    await teacher.goto(`/app/classes/${cls.id}`);

    // the teacher assigns the material, its review (two attempts) and a worksheet
    await oneLookCall(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'material', moduleSlug: MODULE, materialSlug: MATERIAL });
    await oneLookCall(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'review', moduleSlug: MODULE, materialSlug: MATERIAL, maxAttempts: 2 });
    await oneLookCall(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'worksheet', worksheetKind: 'savings-goal' });
    await teacher.reload();
    const strip = teacher.getByRole('group', { name: 'Students by state' });
    await strip.waitFor();

    // the student fails the review on its page and follows a missed question's link to the section it tests
    await student.goto(REVIEW_PAGE);
    await student.getByTestId('attempt-line').getByText(/Attempt 1 of 2/).waitFor();
    const heading = student.getByRole('heading', { level: 1, name: /^Review: / });
    const bank = reviewFromContent((await heading.textContent()) ?? '');
    const questions = student.getByRole('form', { name: 'Review questions' }).locator('fieldset:has(> legend[id^="question-"])');
    await questions.first().waitFor();
    for (let i = 0; i < (await questions.count()); i += 1) {
      await answerOnPage(questions.nth(i), known(bank, (await questions.nth(i).locator('legend[id^="question-"]').textContent()) ?? ''), false);
    }
    await student.getByRole('button', { name: 'Submit answers' }).click();
    await student.getByText(/Not passed yet/).waitFor();
    await accessibleAtBothWidths(student);
    const link = student.locator('section[data-question]').first().getByRole('link', { name: /^Review: / });
    const sectionTitle = ((await link.textContent()) ?? '').replace(/^Review: /, '');
    await link.click();
    await student.waitForURL(new RegExp(`/material/${MATERIAL}/section/[a-z0-9-]+$`));
    await student.getByRole('heading', { level: 1, name: sectionTitle }).waitFor();

    // a second failed attempt: out of attempts, said before any answering
    await student.goto(REVIEW_PAGE);
    await student.getByTestId('attempt-line').getByText(/Attempt 2 of 2/).waitFor();
    await attempt(student, false);
    await student.goto(REVIEW_PAGE);
    await student.getByTestId('out-of-attempts').waitFor();
    await accessibleAtBothWidths(student);

    // the teacher's open dashboard: "needs help", without a reload
    await strip.getByRole('button', { name: '1 needs help' }).waitFor({ timeout: 30_000 });
    await accessibleAtBothWidths(teacher);

    // one more attempt, granted from the student's page
    const dashboard = await oneLookCall<{ students: { userId: number; userName: string }[]; assignments: { id: number; kind: string; title: string }[] }>(teacher, 'GET', `/classes/${cls.id}/dashboard`);
    const studentId = dashboard.students.find((s) => s.userName === userName)!.userId;
    const review = dashboard.assignments.find((a) => a.kind === 'review')!;
    await teacher.goto(`/app/classes/${cls.id}/students/${studentId}`);
    await teacher.getByRole('button', { name: `Give an exception to Wren Weekly on ${review.title}` }).click();
    const dialog = teacher.getByRole('dialog', { name: `Exception for Wren Weekly: ${review.title}` });
    await dialog.getByRole('textbox', { name: 'Extra attempts' }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await teacher.getByText('Exception saved.').waitFor();
    await accessibleAtBothWidths(teacher);
    await teacher.goto(`/app/classes/${cls.id}`);
    await strip.getByRole('button', { name: '1 needs help' }).waitFor();

    // the student reads the material (the missed question's link leads to one of its sections) and passes
    await student.goto(REVIEW_PAGE);
    await student.getByTestId('attempt-line').getByText(/Attempt 3 of 3/).waitFor();
    const material = await oneLookCall<{ sections: { slug: string }[] }>(student, 'GET', `/catalog/modules/${MODULE}/materials/${MATERIAL}`);
    for (const section of material.sections) await oneLookCall(student, 'POST', `/catalog/modules/${MODULE}/materials/${MATERIAL}/sections/${section.slug}/complete`);
    await attempt(student, true);

    // and turns in the savings-goal worksheet
    const sheet = await oneLookCall<{ id: number }>(student, 'POST', '/worksheets', {
      kind: 'savings-goal',
      title: '',
      data: { goalName: 'Bike', targetCents: 60_000, currentCents: 10_000, monthlyCents: 5_000, aprBasisPoints: 400 },
    });
    await student.goto(`/app/resources/worksheets/savings-goal/${sheet.id}`);
    await student.getByRole('button', { name: 'Turn in', exact: true }).click();
    await student.getByRole('dialog').getByRole('button', { name: 'Turn in', exact: true }).click();
    await student.getByText(new RegExp(`Turned in to ${className} on`)).waitFor();

    // the open dashboard: from "needs help" to "done", without a reload
    await strip.getByRole('button', { name: '1 done' }).waitFor({ timeout: 30_000 });
    expect(await strip.getByRole('button', { name: '1 needs help' }).count()).toBe(0);
    await accessibleAtBothWidths(teacher);

    // the teacher scores the worksheet in the class inbox
    await teacher.getByRole('link', { name: 'Inbox of turned-in work' }).click();
    await teacher.waitForURL(new RegExp(`/app/classes/${cls.id}/inbox`));
    // the work as the student saw it, loaded before the score goes on it
    const entry = teacher.getByRole('region', { name: 'Savings Goal Timeline: Wren Weekly' });
    await entry.getByRole('table', { name: 'Numbers entered' }).waitFor();
    await teacher.getByText('1 of 1', { exact: true }).waitFor();
    await teacher.getByRole('radio', { name: /Points/ }).check();
    await teacher.getByRole('textbox', { name: 'Points' }).fill('90');
    await teacher.getByRole('textbox', { name: 'Comment to the student' }).fill('Clear plan.');
    await teacher.getByRole('button', { name: 'Save and return to student' }).click();
    await teacher.getByText(/· Returned · 90 \/ 100 points/).waitFor();
    await accessibleAtBothWidths(teacher);

    // the gradebook row shows the review's best score and the worksheet's
    await teacher.goto(`/app/classes/${cls.id}`);
    const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.getByRole('button', { name: 'Download gradebook (CSV)' }).click()]);
    const [, , ...rows] = parse(readFileSync((await download.path())!, 'utf8'), { bom: true }) as string[][];
    const cells = rows.find((r) => r[2] === userName)!;
    expect(cells.slice(0, 4)).toEqual(['Weekly', 'Wren', userName, '']);
    // material read (100), review passed at 100 %, worksheet scored 90
    expect(cells.slice(-3)).toEqual(['100', '100', '90']);
  });
});
