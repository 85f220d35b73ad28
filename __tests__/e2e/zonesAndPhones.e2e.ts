/**
 * One time zone and the phone, in real Chromium with the demo world (Lincoln High School, in
 * America/New_York unless a file before this one changed it; the demo teacher was made there with
 * its zone and moves with a change of it, so theirs is the school's, whichever it is). A browser whose clock
 * is in another zone sees every time with the zone's name, the dashboard's "Updated …" and the audit
 * trail alike; one in the school's zone sees them plain. At 390 px the teacher's pages (a class, the
 * class list, a student's page, the "How to join" page, the school's pages for a teacher who is its
 * administrator) do not scroll sideways, and they are axe clean at desktop and phone widths.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eState, expectAccessible, launchBrowser, oneLookCall, signInAs } from './support/browser';

jest.setTimeout(300_000);

let browser: Browser;
/** Lincoln High School's zone, read from its settings (schoolAdmin.e2e.ts may have changed it on this server) */
let schoolZone: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await contextIn('UTC');
  const page = await context.newPage();
  await signInAs(page, 'schooladmin');
  schoolZone = (await oneLookCall<{ timezone: string }>(page, 'GET', '/admin/settings')).timezone;
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

/** A context whose clock is in `timezoneId`, at a desktop or a phone's width. */
function contextIn(timezoneId: string, width = 1366): Promise<BrowserContext> {
  return browser.newContext({ baseURL: e2eState().baseURL, timezoneId, viewport: { width, height: width < 600 ? 844 : 768 } });
}

/** The demo teacher's Period 2, opened from Classes in the navigation: its id. */
async function openPeriod2(page: Page): Promise<number> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classes' }).click();
  await page.waitForURL(/\/app\/classes$/);
  await page.getByRole('link', { name: 'Personal Finance — Period 2' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Personal Finance — Period 2' }).waitFor();
  return Number(/\/classes\/(\d+)/.exec(page.url())![1]);
}

/** The zone's short name now ("EST", "CDT"), as Chromium's Intl and the page write it. */
function shortName(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(Date.now()).find((part) => part.type === 'timeZoneName')!.value;
}

/** The "Updated …" line under the dashboard. */
async function updatedText(page: Page): Promise<string> {
  const line = page.getByTestId('dashboard-updated');
  await line.waitFor();
  return ((await line.textContent()) ?? '').replace(/\u202f/g, ' ');
}

/** Opens `path`, waits for it to settle, checks it with axe. */
async function openAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
}

/** The page does not scroll sideways at the phone's width. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  // the page named, so a failure says which one
  const path = new URL(page.url()).pathname;
  expect(`${path} ${width <= 390 ? 'fits' : `is ${width} px wide`}`).toBe(`${path} fits`);
}

describe('one time zone: the school’s, named when the browser’s clock is elsewhere', () => {
  it('a teacher whose browser is in Tokyo sees the dashboard’s time with its zone; the audit trail names it the same way', async () => {
    const context = await contextIn('Asia/Tokyo');
    try {
      const page = await context.newPage();
      await signInAs(page, 'teacher');
      const me = await oneLookCall<{ user: { timezone: string } }>(page, 'GET', '/me/profile');
      expect(me.user.timezone).toBe(schoolZone);
      const zone = shortName(schoolZone).replace(/[+]/g, '\\+');
      await openPeriod2(page);
      expect(await updatedText(page)).toMatch(new RegExp(`^Updated \\d{1,2}:\\d{2}:\\d{2} [AP]M ${zone}$`));
      // the assign dialog says whose day a due day is
      await page.getByRole('button', { name: /^Assign/ }).first().click();
      await page.getByText(`in the school’s time zone (${schoolZone.replace(/_/g, ' ')}, ${shortName(schoolZone)})`, { exact: false }).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Cancel' }).click();

      const adminContext = await contextIn('Asia/Tokyo');
      const admin = await adminContext.newPage();
      await signInAs(admin, 'schooladmin', '/app/admin/audit');
      // entries for the trail to show: the administrator changes a setting and changes it back
      const settings = await oneLookCall<{ retention: { recordings: { days: number | null } } }>(admin, 'GET', '/admin/settings');
      const days = settings.retention.recordings.days;
      await oneLookCall(admin, 'PUT', '/admin/settings', { recordingRetentionDays: days === 1 ? 2 : 1 });
      await oneLookCall(admin, 'PUT', '/admin/settings', { recordingRetentionDays: days });
      await admin.reload();
      await admin.getByRole('heading', { level: 1 }).waitFor();
      const when = admin.getByRole('table', { name: 'Audit trail' }).getByRole('row').nth(1).getByRole('cell').first();
      await when.waitFor();
      expect(((await when.textContent()) ?? '').replace(/\u202f/g, ' ')).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{2}, \\d{1,2}:\\d{2} [AP]M ${zone}$`));
      await expectAccessible(admin);
      await adminContext.close();
    } finally {
      await context.close();
    }
  });

  it('a teacher whose browser is in the school’s zone sees the time plain', async () => {
    const context = await contextIn(schoolZone);
    try {
      const page = await context.newPage();
      await signInAs(page, 'teacher');
      await openPeriod2(page);
      expect(await updatedText(page)).toMatch(/^Updated \d{1,2}:\d{2}:\d{2} [AP]M$/);
    } finally {
      await context.close();
    }
  });
});

describe('the teacher’s pages on a phone (390 px)', () => {
  it('the class page, the class list, a student’s page and the “How to join” page fit 390 px and are axe clean there and at desktop width', async () => {
    const desktop = await contextIn('America/New_York');
    const phone = await contextIn('America/New_York', 390);
    try {
      const wide = await desktop.newPage();
      await signInAs(wide, 'teacher');
      const classId = await openPeriod2(wide);
      const dashboard = await oneLookCall<{ students: { userId: number }[] }>(wide, 'GET', `/classes/${classId}/dashboard`);
      const pages = [`/app/classes/${classId}`, '/app/classes', `/app/classes/${classId}/students/${dashboard.students[0]!.userId}`, `/app/classes/${classId}/join`];

      const narrow = await phone.newPage();
      await signInAs(narrow, 'teacher');
      for (const path of pages) {
        for (const page of [wide, narrow]) await openAccessible(page, path);
        await noSidewaysScroll(narrow);
      }
    } finally {
      await desktop.close();
      await phone.close();
    }
  });

  it('the school pages a teacher who is also the school’s administrator opens fit 390 px and are axe clean', async () => {
    const phone = await contextIn('America/New_York', 390);
    try {
      const page = await phone.newPage();
      await signInAs(page, 'schooladmin');
      for (const path of ['/app/admin', '/app/admin/classes', '/app/admin/users', '/app/admin/codes', '/app/admin/audit', '/app/admin/settings', '/app/admin/roster']) {
        await openAccessible(page, path);
        await noSidewaysScroll(page);
      }
    } finally {
      await phone.close();
    }
  });
});
