/**
 * The classroom in real Chromium, teacher and student side by side (two browser contexts): the
 * teacher creates a class and reads its class code; `learner` joins with it; the teacher assigns a
 * material with a due day; the learner sees it on Home, passes its review and reads its sections;
 * the teacher's open dashboard shows it done without a reload; the gradebook CSV has that row; ending
 * the learner's sessions sends the learner's open tab to /login. axe-core on every page visited, at
 * 1366×768 and the dashboard (a list of students there) also at 390×844. The review's answers come from the content files the
 * server imported, as in finishing.e2e.ts. A student who chooses Spanish is marked "ES" on the open dashboard.
 */
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { answerOnPage, apiAnswer, known, reviewFromContent, type ReviewQ } from './support/reviews';
import { createStudent, e2eState, expectAccessible, launchBrowser, newContext, oneLookCall, signInAs } from './support/browser';

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
  sections: { slug: string }[];
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

/** A signed-in teacher makes a class from Classes in the navigation and reads its class code. */
async function createClass(teacher: Page, className: string): Promise<{ classLink: Locator; joinCode: string }> {
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
  return { classLink, joinCode };
}

/** A signed-in student joins with the code at /app/profile/code and is told which class. */
async function joinClass(page: Page, joinCode: string, className: string): Promise<void> {
  await page.goto(`${e2eState().baseURL}/app/profile/code`);
  await page.getByRole('textbox', { name: /class code/i }).fill(joinCode);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.getByText(new RegExp(`^You joined ${className} — `)).waitFor();
  await expectAccessible(page);
}

describe('the classroom, teacher and student', () => {
  it('class, class code, assignment, live dashboard, gradebook and ending a student’s sessions', async () => {
    const className = `Money Matters ${Date.now() % 100_000}`;

    // the teacher: Classes in the navigation, a new class and its class code
    await signInAs(teacher, 'teacher');
    const { classLink, joinCode } = await createClass(teacher, className);

    // the learner joins with it at /app/profile/code and is told which class
    await signInAs(learner, 'learner');
    await joinClass(learner, joinCode, className);

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

    // … and passes its review: the material is its reading, so its cell does not copy the review
    await passReview(learner, target.module.slug, target.material.slug);
    const cell = learnerRow.getByRole('button', { name: /work on/ });
    // then reads its sections; the teacher's open dashboard shows it done, without a reload
    for (const section of target.material.sections) {
      await oneLookCall(learner, 'POST', `/catalog/modules/${target.module.slug}/materials/${target.material.slug}/sections/${section.slug}/complete`);
    }
    await cell.getByText(/\bDone$/).waitFor({ timeout: 20_000 });
    expect(teacher.url()).toBe(classUrl);

    // the gradebook has that row
    const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.getByRole('button', { name: 'Download gradebook (CSV)' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, points, ...students] = parse(csv, { bom: true }) as string[][];
    expect(header!.slice(0, 4)).toEqual(['Last name', 'First name', 'User name', 'Email address']);
    expect(points![0]).toBe('Points possible');
    const row = students.find((r) => r[2] === 'learner');
    expect(row!.slice(0, 4)).toEqual(['Johnson', 'Maya', 'learner', 'maya.johnson@example.edu']);
    // the class's one assignment, a material, is read: its 100 points (a review's column would hold its best score)
    expect(row!.slice(4)).toEqual(['100']);
    expect(download.suggestedFilename()).toMatch(/gradebook.*\.csv$/);

    // the dashboard on a phone: a list of students with their state, nothing wider than the screen
    await teacher.setViewportSize({ width: 390, height: 844 });
    await teacher.getByRole('list', { name: 'Students' }).getByText('1 of 1 done').waitFor();
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

  it('the demo teacher opens Period 2’s "How to join": the class code and the address in large type, axe clean', async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await signInAs(page, 'teacher');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classes' }).click();
      await page.getByRole('link', { name: 'Personal Finance — Period 2' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Personal Finance — Period 2' }).waitFor();
      await page.getByRole('link', { name: 'How to join' }).click();
      await page.waitForURL(/\/app\/classes\/\d+\/join$/);
      await page.getByRole('heading', { level: 1, name: 'How to Join' }).waitFor();
      const classId = Number(/\/classes\/(\d+)\/join/.exec(page.url())![1]);
      const cls = await oneLookCall<{ joinCode: string; signInUrl: string }>(page, 'GET', `/classes/${classId}`);
      const code = page.getByTestId('class-code');
      await expect(code.textContent()).resolves.toBe(cls.joinCode);
      await expect(page.getByTestId('join-address').textContent()).resolves.toBe(cls.signInUrl.replace(/^https?:\/\//, ''));
      // large enough to read from the back of a classroom when projected
      const size = await code.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(64);
      await page.getByRole('button', { name: 'Print' }).waitFor();
      await expectAccessible(page);
      // printed: one page, the sheet without the app bar or the navigation
      const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner').isVisible()).resolves.toBe(false);
      await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
      await expect(code.isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a review limited to one attempt: "Attempt 1 of 1", failed, then the teacher to ask and no questions; the student reads in Spanish, marked on the dashboard', async () => {
    const className = `One Try ${Date.now() % 100_000}`;
    // the demo teacher (James Whitaker) and a student with no history, in contexts of their own
    const staffContext = await newContext(browser);
    const studentContext = await newContext(browser);
    try {
      const whitaker = await staffContext.newPage();
      await signInAs(whitaker, 'teacher');
      const { classLink, joinCode } = await createClass(whitaker, className);
      const student = await studentContext.newPage();
      await signInAs(student, createStudent('Riley', 'Park'));
      await joinClass(student, joinCode, className);
      const [module] = await oneLookCall<{ slug: string; title: string }[]>(student, 'GET', '/catalog');
      const { materials } = await oneLookCall<{ materials: MaterialSummary[] }>(student, 'GET', `/catalog/modules/${module!.slug}`);
      const material = materials[0]!;

      // the teacher assigns that material's review with one attempt
      await classLink.click();
      await whitaker.getByRole('heading', { level: 1, name: className }).waitFor();
      await whitaker.getByRole('button', { name: 'Assign' }).click();
      await choose(whitaker, 'What to assign', 'A material’s review');
      await choose(whitaker, 'Module', module!.title);
      await choose(whitaker, 'Material', material.title);
      await whitaker.getByLabel('Attempt limit (optional)').fill('1');
      await whitaker.getByRole('dialog').getByRole('button', { name: 'Assign' }).click();
      await whitaker.getByRole('dialog').waitFor({ state: 'detached' });

      // the student opens the review: which attempt it is, before the first question; fails it
      await student.goto(`${e2eState().baseURL}/app/catalog/${module!.slug}/material/${material.slug}/review`);
      const line = student.getByText(/^Attempt 1 of 1/);
      await line.waitFor();
      const form = student.getByRole('form', { name: 'Review questions' });
      const fieldsets = form.locator('fieldset:has(> legend[id^="question-"])');
      await fieldsets.first().waitFor();
      const lineBox = (await line.boundingBox())!;
      expect(lineBox.y).toBeLessThan((await fieldsets.first().boundingBox())!.y);
      await expectAccessible(student);
      const bank = reviewFromContent(((await student.getByRole('heading', { level: 1 }).textContent()) ?? '').trim());
      const count = await fieldsets.count();
      for (let i = 0; i < count; i += 1) {
        await answerOnPage(fieldsets.nth(i), known(bank, (await fieldsets.nth(i).locator('legend[id^="question-"]').textContent()) ?? ''), false);
      }
      await student.getByRole('button', { name: 'Submit answers' }).click();
      await student.getByText(/^Your score: 0%/).waitFor();
      await expect(student.getByRole('button', { name: 'Retake the review' }).count()).resolves.toBe(0);
      await expectAccessible(student);

      // opened again: no attempt left, said before any answering, with the teacher who can grant one
      await student.reload();
      const notice = student.getByTestId('out-of-attempts');
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toContain(
        `You have used the 1 attempt your teacher set for this review (${className}). Ask James Whitaker for another attempt.`,
      );
      await expect(student.getByRole('form', { name: 'Review questions' }).count()).resolves.toBe(0);
      await expect(student.locator('legend[id^="question-"]').count()).resolves.toBe(0);
      await expectAccessible(student);

      // the student chooses Spanish: the teacher's open dashboard marks them on its next poll; the
      // teacher's own page stays in English
      const grid = whitaker.getByRole('table', { name: 'Class progress' });
      const rileyRow = grid.getByRole('row').filter({ has: whitaker.getByRole('rowheader', { name: /Park, Riley/ }) });
      await rileyRow.waitFor();
      await expect(rileyRow.getByRole('img', { name: 'Reads in Spanish' }).count()).resolves.toBe(0);
      await oneLookCall(student, 'PUT', '/me/language', { language: 'es' });
      const mark = rileyRow.getByRole('img', { name: 'Reads in Spanish' });
      await mark.waitFor({ timeout: 20_000 });
      await expect(mark.textContent()).resolves.toBe('ES');
      await expect(whitaker.locator('html').getAttribute('lang')).resolves.toBe('en');
      await expectAccessible(whitaker);
    } finally {
      await staffContext.close();
      await studentContext.close();
    }
  });
});
