/**
 * Turned-in work in real Chromium, teacher and student side by side: a new student of the demo
 * teacher's new class turns in a Savings Goal Timeline from its page; the teacher opens the class's
 * inbox from the class page and reads it as the student saw it, in dollars and percent (never
 * "cents" or "basis points"); scores it with a comment and returns it; the student sees the score
 * and comment on Home and under the worksheet. axe-core on each page, at 1366×768 and at 390×844.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createStudent, expectAccessible, fitsThePhone, launchBrowser, newContext, oneLookCall, signInAs } from './support/browser';

jest.setTimeout(300_000);

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
  await teacher.setViewportSize({ width: 1366, height: 768 });
  await student.setViewportSize({ width: 1366, height: 768 });
});
afterAll(async () => {
  await teacherContext.close();
  await studentContext.close();
  await browser.close();
});

const COMMENT = 'Good plan. Could a bigger deposit get you there sooner?';

/** Checks axe at the desktop width, then at a phone's (the page fitting it), and back. */
async function accessibleAtBothWidths(page: Page): Promise<void> {
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsThePhone(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('turned-in work: the class inbox', () => {
  it('the student turns a worksheet in; the teacher reads it in dollars and percent, scores, comments and returns it; the student sees both on Home', async () => {
    const className = `Savers ${Date.now() % 100_000}`;
    await signInAs(teacher, 'teacher');
    const cls = await oneLookCall<{ id: number; joinCode: string }>(teacher, 'POST', '/classes', { name: className });
    await oneLookCall(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'worksheet', worksheetKind: 'savings-goal' });

    // the student: in the class, with a saved savings goal, turned in from its own page
    const userName = createStudent('Rosa', 'Diaz');
    await signInAs(student, userName);
    await oneLookCall(student, 'POST', '/me/access-codes', { code: cls.joinCode });
    const sheet = await oneLookCall<{ id: number }>(student, 'POST', '/worksheets', {
      kind: 'savings-goal',
      title: '',
      data: { goalName: 'Used car', targetCents: 300_000, currentCents: 20_000, monthlyCents: 25_000, aprBasisPoints: 450 },
    });
    await student.goto(`/app/resources/worksheets/savings-goal/${sheet.id}`);
    await student.getByRole('heading', { name: 'Turn in to your teacher' }).waitFor();
    await student.getByRole('button', { name: 'Turn in', exact: true }).click();
    await student.getByRole('dialog').getByRole('button', { name: 'Turn in', exact: true }).click();
    await student.getByText(new RegExp(`Turned in to ${className} on`)).waitFor();

    // the teacher: the class page's inbox link, the work as the student saw it
    await teacher.goto(`/app/classes/${cls.id}`);
    await teacher.getByRole('link', { name: 'Inbox of turned-in work' }).click();
    await teacher.waitForURL(new RegExp(`/app/classes/${cls.id}/inbox`));
    await teacher.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const entry = teacher.getByRole('region', { name: 'Savings Goal Timeline: Rosa Diaz' });
    await entry.getByRole('table', { name: 'Numbers entered' }).waitFor();
    const entered = entry.getByRole('table', { name: 'Numbers entered' });
    await expect(entered.getByRole('row', { name: /Goal amount/ }).textContent()).resolves.toContain('$3,000.00');
    await expect(entered.getByRole('row', { name: /Saved so far/ }).textContent()).resolves.toContain('$200.00');
    await expect(entered.getByRole('row', { name: /Interest rate \(APY\)/ }).textContent()).resolves.toContain('4.5%');
    await expect(entry.getByRole('table', { name: 'Timeline' }).getByRole('row', { name: /You deposit/ }).textContent()).resolves.toMatch(/\$[\d,]+\.\d\d/);
    const shown = (await entry.textContent()) ?? '';
    expect(shown).not.toMatch(/cents|basis points|300000|20000/i);
    await teacher.getByText('1 of 1', { exact: true }).waitFor();
    expect(await teacher.getByRole('button', { name: 'Next turned-in work' }).or(teacher.getByRole('link', { name: 'Next turned-in work' })).getAttribute('aria-disabled')).toBe('true');
    await accessibleAtBothWidths(teacher);

    // scored with a comment and returned in one step
    await teacher.getByRole('radio', { name: /Points/ }).check();
    await teacher.getByRole('textbox', { name: 'Points' }).fill('85');
    await teacher.getByRole('textbox', { name: 'Comment to the student' }).fill(COMMENT);
    await teacher.getByRole('button', { name: 'Save and return to student' }).click();
    await teacher.getByText('Returned: the student sees the score and comment, and can turn the work in again.').waitFor();
    await teacher.getByText(/· Returned · 85 \/ 100 points/).waitFor();
    await accessibleAtBothWidths(teacher);

    // the student: Home's "Returned to you" with the score and comment, and the same under the worksheet
    await student.goto('/app');
    const returned = student.getByRole('region', { name: 'Returned to you' });
    await returned.waitFor();
    await returned.getByText('Score: 85 / 100 points').waitFor();
    await returned.getByText(COMMENT).waitFor();
    await accessibleAtBothWidths(student);
    await returned.getByRole('link', { name: 'Savings Goal Timeline' }).click();
    await student.waitForURL(new RegExp(`/worksheets/savings-goal/${sheet.id}$`));
    await student.getByTestId('turn-in-review').getByText('Score: 85 / 100 points').waitFor();
    await student.getByTestId('turn-in-review').getByText(COMMENT).waitFor();
  });
});
