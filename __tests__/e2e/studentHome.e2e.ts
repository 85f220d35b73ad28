/**
 * A student's Home in real Chromium with the demo world: a demo student of Period 2 with both
 * finished and open work (picked from the teacher's dashboard) opens Home. It leads with one next
 * step, the one nextStep.ts's rule picks from the student's own open list, its button above the
 * fold at 1280×720 and at 390×844, and the button opens that assignment's page; the Done list,
 * collapsed, opens to show the finished work with best scores. axe-core at both widths.
 */
import type { Page } from 'playwright-core';
import type { Assignment, ClassDashboard, ClassSummary, MyAssignment } from '../../src/common/classroom';
import { chooseNextStep } from '../../src/client/features/classroom/nextStep';
import { e2eState, expectAccessible, fitsThePhone, oneLookCall, openBrowser, signInAs } from './support/browser';

jest.setTimeout(240_000);

let page: Page;
openBrowser('file', (o) => ({ page } = o));

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Student {
  userName: string;
  firstName: string;
  done: Assignment[];
  scores: Map<number, number | null>;
}

/** From the demo teacher's Period 2 dashboard: a demo student with finished work and open work. */
async function demoStudentWithDoneWork(): Promise<Student> {
  await signInAs(page, 'teacher');
  const classes = await oneLookCall<ClassSummary[]>(page, 'GET', '/classes');
  const period2 = classes.find((c) => c.name === 'Personal Finance — Period 2');
  if (!period2) throw new Error('the demo world has no Period 2');
  const dashboard = await oneLookCall<ClassDashboard>(page, 'GET', `/classes/${period2.id}/dashboard`);
  const finished = (status: string) => status === 'passed' || status === 'completed';
  const student = dashboard.students.find((s) => {
    // not the ones other files change: `learner` is everyone's, and schoolAdmin.e2e.ts gives
    // tariq.baker a temporary password, after which the demo password no longer signs him in
    if (s.userName === 'learner' || s.userName === 'tariq.baker') return false;
    const statuses = dashboard.assignments.map((a) => s.cells[a.id]?.status ?? 'not-started');
    return statuses.some(finished) && statuses.some((st) => !finished(st));
  });
  if (!student) throw new Error('no demo student in Period 2 has both finished and open work');
  const done = dashboard.assignments.filter((a) => finished(student.cells[a.id]?.status ?? ''));
  await page.goto('/signout');
  await page.waitForURL(/\/login/);
  return { userName: student.userName, firstName: student.firstName, done, scores: new Map(done.map((a) => [a.id, student.cells[a.id]?.bestScore ?? null])) };
}

/** The part of `locator`'s box below the viewport's bottom edge (0: all of it is above the fold). */
async function belowTheFold(selector: ReturnType<Page['getByRole']>): Promise<number> {
  const box = await selector.boundingBox();
  if (!box) throw new Error('not on screen');
  const height = page.viewportSize()!.height;
  return Math.max(0, box.y + box.height - height);
}

describe('a student’s Home: one next step, the open work, the Done list', () => {
  let student: Student;
  let expected: MyAssignment;

  beforeAll(async () => {
    student = await demoStudentWithDoneWork();
    await signInAs(page, student.userName);
    const open = await oneLookCall<MyAssignment[]>(page, 'GET', '/me/assignments');
    const next = chooseNextStep(open);
    if (!next) throw new Error(`${student.userName} has no open work`);
    expected = next;
  });

  for (const size of WIDTHS) {
    it(`${size.name} (${size.width}×${size.height}): the next step leads, its button above the fold, axe clean`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${e2eState().baseURL}/app`);
      await page.getByRole('heading', { level: 1, name: `Welcome back, ${student.firstName}!` }).waitFor();
      const next = page.getByTestId('next-step');
      await next.waitFor();
      await expect(next.getByRole('heading', { level: 2 }).textContent()).resolves.toMatch(new RegExp(`^Next: ${escape(expected.title)}( — (due|was due) .+)?$`));
      const button = next.getByRole('link');
      await expect(button.getAttribute('href')).resolves.toBe(expected.href);
      expect(await belowTheFold(button)).toBe(0);
      // one prominent button on the page: the next step's
      await expect(page.locator('main .MuiButton-contained').count()).resolves.toBe(1);
      if (size.name === 'phone') await fitsThePhone(page);
      await expectAccessible(page);
    });
  }

  it('the Done list opens to show the finished work with best scores, axe clean at both widths', async () => {
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${e2eState().baseURL}/app`);
      const done = page.getByRole('region', { name: 'Done' });
      await done.waitFor();
      const summary = done.getByText(/^Show \d+ finished assignments?$/);
      await summary.click();
      const items = done.getByRole('listitem');
      await expect(items.count()).resolves.toBe(student.done.length);
      for (const a of student.done) {
        const item = items.filter({ has: page.getByRole('link', { name: a.title, exact: true }) });
        await item.waitFor();
        const score = student.scores.get(a.id);
        if (a.kind === 'review' && score !== null && score !== undefined) await expect(item.textContent()).resolves.toContain(`Passed, ${Math.round(score)}%`);
      }
      if (size.name === 'phone') await fitsThePhone(page);
      await expectAccessible(page);
    }
  });

  it('the next step’s button opens its page', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${e2eState().baseURL}/app`);
    await page.getByTestId('next-step').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === expected.href);
    await page.locator('#root > :not([data-prerendered]) h1').first().waitFor();
    await expectAccessible(page);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
