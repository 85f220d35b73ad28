/**
 * The dashboard that triages, in real Chromium with the demo world: the demo `teacher` opens
 * Personal Finance — Period 2. The strip counts the students in each group as the dashboard's answer
 * has them; one click on a group filters the grid to those students; the summary row gives each
 * assignment's completion and average score; the header row and the name column stay in place; a
 * cell that needs help opens the student's work (attempts with their answers). At 390 px the page
 * does not scroll sideways and the dashboard is a list of students with their triage state. axe-core
 * at 1366×768 and at 390×844. The demo's attempts keep no answers; a class of the file's own shows a
 * real attempt's answers (a student of its own, so the demo classes stay as they are for other files).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Assignment, ClassDashboard, ClassDetail, ClassSummary, DashboardCell } from '../../src/common/classroom';
import { createStudent, expectAccessible, launchBrowser, newContext, oneLookCall, signInAs } from './support/browser';
import { apiAnswer, known, reviewFromContent, type ReviewQ } from './support/reviews';

jest.setTimeout(180_000);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const PERIOD_2 = 'Personal Finance — Period 2';

/** The groups as the test counts them from the dashboard's answer, apart from the page's own code. */
function expectedGroups(board: ClassDashboard): { needHelp: number[]; notStartedOverdue: number[]; done: number[] } {
  const cells = (userId: number): DashboardCell[] => {
    const s = board.students.find((x) => x.userId === userId)!;
    return board.assignments.map((a) => s.cells[a.id]!).filter(Boolean);
  };
  const ids = (test: (c: DashboardCell[]) => boolean) => board.students.filter((s) => test(cells(s.userId))).map((s) => s.userId);
  return {
    needHelp: ids((c) => c.some((x) => x.state === 'needs-help')),
    notStartedOverdue: ids((c) => c.some((x) => x.state === 'not-started' && x.due === 'overdue')),
    done: ids((c) => c.length === board.assignments.length && c.every((x) => x.state === 'done')),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

describe('the class dashboard triages (demo teacher, Period 2)', () => {
  it('strip counts, a click filters, a summary row, sticky header and names, a cell opens the work; a list of students on a phone', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAs(page, 'teacher');
    const classes = await oneLookCall<ClassSummary[]>(page, 'GET', '/classes');
    const cls = classes.find((c) => c.name === PERIOD_2)!;
    await page.goto(`/app/classes/${cls.id}`);
    await page.getByRole('heading', { level: 1, name: PERIOD_2 }).waitFor();
    const grid = page.getByRole('table', { name: 'Class progress' });
    await grid.waitFor();
    const board = await oneLookCall<ClassDashboard>(page, 'GET', `/classes/${cls.id}/dashboard`);
    const groups = expectedGroups(board);
    // the demo class has students who need help (failed reviews, out of attempts)
    expect(groups.needHelp.length).toBeGreaterThan(0);

    // the strip: "N need help · N have not started overdue work · N done"
    const strip = page.getByRole('group', { name: 'Students by state' });
    const needHelp = strip.getByRole('button', { name: plural(groups.needHelp.length, 'needs help', 'need help') });
    await needHelp.waitFor();
    await strip.getByRole('button', { name: plural(groups.notStartedOverdue.length, 'has not started overdue work', 'have not started overdue work') }).waitFor();
    await strip.getByRole('button', { name: `${groups.done.length} done` }).waitFor();
    // quick filters, not the generic match-mode controls
    await expect(page.getByRole('combobox', { name: /match/i }).count()).resolves.toBe(0);

    // the summary row: each assignment's completion and average score
    const summary = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Class summary' }) });
    for (const a of board.assignments) {
      const done = board.students.filter((s) => s.cells[a.id]?.state === 'done').length;
      await expect(summary.getByTestId(`summary-${a.id}`).textContent()).resolves.toContain(`${done} of ${board.students.length} done`);
    }
    await expectAccessible(page);

    // one click filters the grid to the students who need help, each with a "Needs help" cell
    await needHelp.click();
    await expect(needHelp.getAttribute('aria-pressed')).resolves.toBe('true');
    const studentRows = grid.getByRole('row').filter({ has: page.getByRole('rowheader') }).filter({ hasNot: page.getByRole('rowheader', { name: 'Class summary' }) });
    await expect(studentRows.count()).resolves.toBe(groups.needHelp.length);
    for (const row of await studentRows.all()) await expect(row.getByText(/Needs help: /).count()).resolves.toBeGreaterThan(0);

    // the header row and the name column stay in place when the grid scrolls
    const position = (selector: string) => grid.locator(selector).first().evaluate((el) => getComputedStyle(el).position);
    await expect(position('thead th')).resolves.toBe('sticky');
    await expect(position('tbody th')).resolves.toBe('sticky');

    // a cell that needs help opens that student's work on that assignment: attempts with answers
    const helpCell = grid.getByRole('button', { name: /work on/ }).filter({ hasText: /Needs help: (failed|out of attempts)/ }).first();
    await helpCell.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Review attempts' }).waitFor();
    await dialog.getByRole('region', { name: 'Attempt 1' }).waitFor();
    await expect(dialog.getByText(/ — \d+% \((passed|not passed)\)/).count()).resolves.toBeGreaterThan(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await strip.getByRole('button', { name: 'Show all students' }).click();
    await expect(studentRows.count()).resolves.toBe(board.students.length);

    // a phone: no sideways scrolling; the dashboard is a list of students with their state
    await page.setViewportSize({ width: 390, height: 844 });
    const list = page.getByRole('list', { name: 'Students' });
    await list.waitFor();
    await expect(grid.count()).resolves.toBe(0);
    await expect(list.getByRole('listitem').count()).resolves.toBe(board.students.length);
    const firstHelp = board.students.find((s) => s.userId === groups.needHelp[0])!;
    const item = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${firstHelp.lastName}, ${firstHelp.firstName}` }) });
    await expect(item.textContent()).resolves.toMatch(/needs? help/);
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    // the strip still filters the list
    await strip.getByRole('button', { name: plural(groups.needHelp.length, 'needs help', 'need help') }).click();
    await expect(list.getByRole('listitem').count()).resolves.toBe(groups.needHelp.length);
    await expectAccessible(page);
  });
});

describe('a cell opens the student’s work: a real attempt with its answers', () => {
  it('the teacher opens a student’s review cell and reads each answer, right or wrong, axe clean', async () => {
    const student = createStudent('Wren', 'Answers');
    const studentContext = await newContext(browser);
    const teacherContext = await newContext(browser);
    try {
      const learner = await studentContext.newPage();
      await signInAs(learner, student);
      const page = await teacherContext.newPage();
      await signInAs(page, 'teacher');
      const cls = await oneLookCall<ClassDetail>(page, 'POST', '/classes', { name: `Triage ${Date.now() % 100_000}` });
      await oneLookCall(learner, 'POST', '/me/access-codes', { code: cls.joinCode });
      const modules = await oneLookCall<{ slug: string }[]>(learner, 'GET', '/catalog');
      const detail = await oneLookCall<{ materials: { slug: string }[] }>(learner, 'GET', `/catalog/modules/${modules[0]!.slug}`);
      const ref = { moduleSlug: modules[0]!.slug, materialSlug: detail.materials[0]!.slug };
      const review = await oneLookCall<Assignment>(page, 'POST', `/classes/${cls.id}/assignments`, { kind: 'review', ...ref });
      // the student takes the review with the answers its content file gives
      const path = `/catalog/modules/${ref.moduleSlug}/materials/${ref.materialSlug}/review`;
      const served = await oneLookCall<{ serving: string; title: string; questions: ReviewQ[] }>(learner, 'GET', path);
      const bank = reviewFromContent(served.title);
      const answers = Object.fromEntries(served.questions.map((q) => [String(q.id), apiAnswer(known(bank, q.prompt), q)]));
      await oneLookCall(learner, 'POST', `${path}/attempts`, { serving: served.serving, answers });

      await page.goto(`/app/classes/${cls.id}`);
      const grid = page.getByRole('table', { name: 'Class progress' });
      const cell = grid.getByRole('button', { name: `Open Answers, Wren’s work on ${review.title}` });
      await cell.getByText(/Done, \d+%/).waitFor();
      await cell.click();
      const dialog = page.getByRole('dialog', { name: `Answers, Wren: ${review.title}` });
      const attempt = dialog.getByRole('region', { name: 'Attempt 1' });
      await attempt.waitFor();
      await expect(attempt.getByRole('listitem').count()).resolves.toBe(served.questions.length);
      await expect(attempt.getByText(/\(right\)$/).count()).resolves.toBe(served.questions.length);
      await expectAccessible(page);
    } finally {
      await studentContext.close();
      await teacherContext.close();
    }
  });
});
