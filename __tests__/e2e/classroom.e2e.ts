/**
 * The classroom in real Chromium, teacher and student side by side (two browser contexts): the
 * teacher creates a class and reads its join code; `learner` joins with it; the teacher assigns a
 * material with a due day; the learner sees it on Home and passes its review; the teacher's open
 * dashboard shows it passed with the score without a reload; the gradebook CSV has that row; ending
 * the learner's sessions sends the learner's open tab to /login. axe-core on every page visited, at
 * 1366×768 and the dashboard also at 390×844. The review's answers come from the content files the
 * server imported, as in finishing.e2e.ts.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAnswer, known, reviewFromContent, type ReviewQ } from './support/reviews';
import { e2eState, expectAccessible, launchBrowser, newContext, oneLookCall, signInAs } from './support/browser';

jest.setTimeout(300_000);

let browser: Browser;
let teacherContext: BrowserContext;
let learnerContext: BrowserContext;
let teacher: Page;
let learner: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  teacherContext = await newContext(browser);
  learnerContext = await newContext(browser);
  teacher = await teacherContext.newPage();
  learner = await learnerContext.newPage();
});
afterAll(async () => {
  await teacherContext.close();
  await learnerContext.close();
  await browser.close();
});

interface MaterialSummary {
  slug: string;
  title: string;
  review: { passed: boolean };
}

/** Passes a material's review with the answers its content file gives (support/reviews.ts: matched by prompt and choice text). */
async function passReview(page: Page, moduleSlug: string, materialSlug: string): Promise<number> {
  const path = `/catalog/modules/${moduleSlug}/materials/${materialSlug}/review`;
  const review = await oneLookCall<{ serving: string; title: string; questions: ReviewQ[] }>(page, 'GET', path);
  const bank = reviewFromContent(review.title);
  const answers = Object.fromEntries(review.questions.map((q) => [String(q.id), apiAnswer(known(bank, q.prompt), q)]));
  const scored = await oneLookCall<{ passed: boolean; score: number }>(page, 'POST', `${path}/attempts`, { serving: review.serving, answers });
  expect(scored.passed).toBe(true);
  return scored.score;
}

/** A native select, found by its label: pick the option by its text. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

/** A day a week from now as the teacher types it (mm/dd/yy). */
function dueInAWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCFullYear()).slice(2)}`;
}

describe('the classroom, teacher and student', () => {
  it('class, join code, assignment, live dashboard, gradebook and ending a student’s sessions', async () => {
    const className = `Money Matters ${Date.now() % 100_000}`;

    // the teacher: Classes in the navigation, a new class and its join code
    await signInAs(teacher, 'teacher');
    await teacher.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classes' }).click();
    await teacher.waitForURL(/\/app\/classes$/);
    await teacher.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await expectAccessible(teacher);
    await teacher.getByRole('button', { name: 'Create a class' }).click();
    await teacher.getByLabel('Class name').fill(className);
    await teacher.getByRole('button', { name: 'Create', exact: true }).click();
    const classLink = teacher.getByRole('link', { name: className });
    await classLink.waitFor();
    const row = teacher.getByRole('row').filter({ has: classLink });
    const joinCode = ((await row.locator('code').textContent()) ?? '').trim();
    expect(joinCode).toMatch(/\S{4,}/);
    await expectAccessible(teacher);

    // the learner joins with it at /app/profile/code and is told which class
    await signInAs(learner, 'learner');
    await learner.goto(`${e2eState().baseURL}/app/profile/code`);
    await learner.getByRole('textbox', { name: /access code/i }).fill(joinCode);
    await learner.getByRole('button', { name: 'Add code' }).click();
    await learner.getByText(`You joined the class “${className}”.`).waitFor();
    await expectAccessible(learner);

    // a material whose review the learner has not passed yet
    const modules = await oneLookCall<{ slug: string; title: string }[]>(learner, 'GET', '/catalog');
    let target: { module: { slug: string; title: string }; material: MaterialSummary } | null = null;
    for (const m of modules) {
      const detail = await oneLookCall<{ materials: MaterialSummary[] }>(learner, 'GET', `/catalog/modules/${m.slug}`);
      const material = detail.materials.find((mat) => !mat.review.passed);
      if (material) {
        target = { module: m, material };
        break;
      }
    }
    if (!target) throw new Error('the demo learner has passed every review: no material left to assign');

    // the teacher assigns it with a due day, from the class's dashboard
    await classLink.click();
    await teacher.waitForURL(/\/app\/classes\/\d+$/);
    const classUrl = teacher.url();
    await teacher.getByRole('heading', { level: 1, name: className }).waitFor();
    await teacher.getByRole('button', { name: 'Assign' }).click();
    await choose(teacher, 'What to assign', 'A material');
    await choose(teacher, 'Module', target.module.title);
    await choose(teacher, 'Material', target.material.title);
    await teacher.getByLabel('Due day (optional)').fill(dueInAWeek());
    await teacher.getByRole('dialog').getByRole('button', { name: 'Assign' }).click();
    await teacher.getByRole('dialog').waitFor({ state: 'detached' });
    const grid = teacher.getByRole('table', { name: 'Class progress' });
    const learnerRow = grid.getByRole('row').filter({ has: teacher.getByRole('rowheader', { name: /Johnson, Maya/ }) });
    await learnerRow.waitFor();
    await expectAccessible(teacher);

    // the learner sees it on Home, with its class and due day, and opens it; the list is there
    // when Home first shows, so nothing on Home moves when it arrives (layout shifts, as CLS counts them)
    await learner.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await learner.goto(`${e2eState().baseURL}/app`);
    const assigned = learner.getByRole('region', { name: 'Assigned to you' });
    const item = assigned.getByRole('listitem').filter({ hasText: className });
    await item.waitFor();
    await expect(item.textContent()).resolves.toMatch(/Due \d\d\/\d\d\/\d\d/);
    await learner.getByRole('region', { name: /^(Continue where you left off|Start here|Up next)$/ }).waitFor();
    const shifts = await learner.evaluate(() => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts);
    expect({ total: shifts.reduce((sum, s) => sum + s.value, 0) < 0.05, shifts }).toEqual({ total: true, shifts });
    await expectAccessible(learner);
    await item.getByRole('link').click();
    await learner.waitForURL(new RegExp(`/catalog/${target.module.slug}/material/${target.material.slug}`));
    await learner.getByTestId('assigned-notice').waitFor();
    await expectAccessible(learner);

    // … and passes its review; the teacher's open dashboard shows it, without a reload
    const score = await passReview(learner, target.module.slug, target.material.slug);
    await learnerRow.getByText(`Passed, ${Math.round(score)}%`).waitFor({ timeout: 20_000 });
    expect(teacher.url()).toBe(classUrl);

    // the gradebook has that row
    const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.getByRole('button', { name: 'Download gradebook (CSV)' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const line = csv.split(/\r?\n/).find((l) => l.includes('Johnson, Maya'));
    expect(line).toBeDefined();
    expect(line).toContain('learner');
    expect(line).toContain(String(Math.round(score)));
    expect(download.suggestedFilename()).toMatch(/gradebook.*\.csv$/);

    // the dashboard on a phone: it scrolls sideways in its frame, the student column in view
    await teacher.setViewportSize({ width: 390, height: 844 });
    await teacher.getByRole('table', { name: 'Class progress' }).waitFor();
    const pageOverflow = await teacher.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await expectAccessible(teacher);
    await teacher.setViewportSize({ width: 1366, height: 768 });

    // ending the learner's sessions sends the learner's open tab to /login
    await learnerRow.getByRole('link', { name: /Johnson, Maya/ }).click();
    await teacher.waitForURL(/\/app\/classes\/\d+\/students\/\d+$/);
    await teacher.getByRole('heading', { level: 1, name: 'Maya Johnson' }).waitFor();
    await expectAccessible(teacher);
    await teacher.getByRole('button', { name: 'End all sessions' }).click();
    await teacher.getByRole('dialog').getByRole('button', { name: 'End all sessions' }).click();
    await teacher.getByRole('dialog').waitFor({ state: 'detached' });
    // within one 30-second session check (the probe asks the server), plus slack
    await learner.waitForURL(/\/login/, { timeout: 35_000 });
    await expectAccessible(learner);
  });
});
