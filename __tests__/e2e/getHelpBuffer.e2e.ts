/**
 * Get Help's minute before a request, in real Chromium: a signed-in student's tab keeps the last
 * minute of the page in memory (docs/privacy.md). A student whose catalog fails (the service answers
 * 502: the page shows its error) opens Get Help, minimizes it to the bar and back, ticks the box and
 * sends; the support desk's replay opens where they opened Get Help, the failure visible before it
 * (its error marked on the timeline), and no typed value readable. Without the tick, no recording
 * request leaves the tab (watched on the network). axe on the minimized bar, the desk and the replay.
 */
import type { Page, Request } from 'playwright-core';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { RECORDING_NOTICE_WITH_BUFFER } from '../../src/common/support';
import { expectAccessible, openBrowser, signInAs } from './support/browser';
import { sendUnticked, TICKET_TOAST } from './support/getHelp';

// a slow shared machine: rrweb loads at sign-in, the ticket goes with its recording, the desk replays it
jest.setTimeout(150_000);

let page: Page;
openBrowser('test', (o) => ({ page } = o));

const SECRET = 'my bus pass number is 99812';
const TOAST = TICKET_TOAST;
const RECORDER_CHUNK_PROBE = () => performance.getEntriesByType('resource').some((r) => /\/recorder\.[^/]*\.js$/.test(r.name));

/** The catalog's service call answers 502, as a failing upstream does: the page shows the proxy's message. */
async function failTheCatalog(p: Page): Promise<void> {
  await p.route('**/api/service', async (route) => {
    const body = route.request().postData() ?? '';
    if (/"path":"\/catalog"/.test(body)) {
      await route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: API_MESSAGES.upstreamFailed }) });
      return;
    }
    await route.continue();
  });
}

/** Signed in, on the catalog that fails (a visible error), then Get Help opened from the app bar. */
async function studentMeetsAnError(p: Page) {
  await failTheCatalog(p);
  await signInAs(p, 'learner');
  // buffering begins at the student's first input (then an idle moment), long before any box is ticked
  await p.mouse.move(300, 300);
  await p.mouse.wheel(0, 100);
  await p.waitForFunction(RECORDER_CHUNK_PROBE);
  await p.waitForTimeout(2000);
  await p.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Catalog', exact: true }).click();
  await p.waitForURL('**/app/catalog');
  await p.getByRole('alert').filter({ hasText: API_MESSAGES.upstreamFailed }).waitFor();
  await p.waitForTimeout(1500);
  await p.getByRole('button', { name: 'Get Help' }).click();
  const panel = p.getByRole('dialog', { name: 'Get Help' });
  await panel.waitFor();
  await expect(panel.getByText(RECORDING_NOTICE_WITH_BUFFER).isVisible()).resolves.toBe(true);
  await panel.getByLabel('Subject').fill('The catalog will not load');
  await panel.getByLabel('Comments').fill(SECRET);
  return panel;
}

/** What the replay frame shows now (it runs no scripts, so it is read from the page). */
const replayed = (p: Page) =>
  p.evaluate(() => {
    const doc = document.querySelector<HTMLIFrameElement>('[data-testid="replay"] iframe')?.contentDocument;
    if (!doc?.body) return null;
    const fields = Array.from(doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'));
    return { values: fields.map((f) => f.value), html: doc.documentElement.outerHTML, text: doc.body.textContent ?? '' };
  });

/** Waits until the replay frame's text passes `test`; fails with what it showed. */
async function replayShows(p: Page, test: (text: string) => boolean): Promise<{ values: string[]; html: string; text: string }> {
  let seen = await replayed(p);
  for (let i = 0; i < 60 && !(seen && test(seen.text)); i += 1) {
    await p.waitForTimeout(250);
    seen = await replayed(p);
  }
  expect(seen).not.toBeNull();
  // on failure, says what the replay showed
  expect(test(seen!.text) ? 'as expected' : seen!.text.slice(0, 600)).toBe('as expected');
  return seen!;
}

const clockSeconds = (clock: string) => {
  const [m, s] = clock.split(':').map(Number);
  return m! * 60 + s!;
};

describe('Get Help with the minute before', () => {
  let issuekey = '';

  it('opted in: the ticket carries the minute before Get Help opened; the desk replays it from the opening, the error before it, nothing typed readable', async () => {
    const panel = await studentMeetsAnError(page);
    // minimized to the bar and back: what is held stays held (axe on the bar)
    await page.getByRole('button', { name: 'Minimize Get Help' }).click();
    const bar = page.getByRole('region', { name: 'Get Help, minimized' });
    await bar.waitFor();
    await expectAccessible(page);
    await bar.getByRole('button', { name: 'Reopen' }).click();
    await panel.getByRole('checkbox', { name: 'Attach a recording of my screen' }).check();
    await bar.waitFor({ state: 'hidden' });
    const upload = page.waitForRequest((r) => r.url().endsWith('/api/service/multipart'));
    await panel.getByRole('button', { name: 'Submit' }).click();
    await upload;
    const toast = page.getByText(TOAST);
    await toast.waitFor();
    issuekey = TOAST.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    expect(issuekey).toMatch(/^HELP-\d+$/);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('/signout');
    await page.waitForURL('**/login**');
    await signInAs(page, 'support');
    await page.goto('/app/support/tickets');
    await page.getByRole('link', { name: issuekey }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: issuekey }).click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${issuekey}` }).waitFor();
    await page.getByRole('link', { name: 'Replay the session recording' }).click();
    await page.getByRole('heading', { level: 1, name: 'Session Recording' }).waitFor();

    // it opens paused where the student opened Get Help, with seconds of the page before it
    const opened = page.getByRole('button', { name: /^Get Help opened at \d+:\d\d$/ }).last();
    await opened.waitFor();
    const openedAt = clockSeconds(/at (\d+:\d\d)$/.exec((await opened.getAttribute('aria-label')) ?? '')![1]!);
    expect(openedAt).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('replay-clock').textContent()).resolves.toMatch(new RegExp(`^${Math.floor(openedAt / 60)}:${String(openedAt % 60).padStart(2, '0')} /`));
    await page.getByText(/when the student opened Get Help; the part before it is what their tab kept/).waitFor();
    // the catalog's failure is marked before the opening, and the page then shows it
    const error = page.getByRole('button', { name: /^Error on \/app\/catalog.* at \d+:\d\d$/ }).first();
    await error.waitFor();
    const errorAt = clockSeconds(/at (\d+:\d\d)$/.exec((await error.getAttribute('aria-label')) ?? '')![1]!);
    expect(errorAt).toBeLessThanOrEqual(openedAt);
    await replayShows(page, (text) => text.includes(API_MESSAGES.upstreamFailed));
    // half a second in (the first snapshot, on Home): the page before the failure. (At 0:00 itself
    // rrweb's player applies nothing yet and keeps what it showed.)
    const slider = page.getByRole('slider', { name: 'Position in the recording' });
    await slider.fill('500');
    await replayShows(page, (text) => text.includes('Skip to main content') && !text.includes(API_MESSAGES.upstreamFailed));
    // the end: the form, every typed value masked
    await slider.focus();
    await page.keyboard.press('End');
    const end = await replayShows(page, (text) => text.includes('Get Help'));
    expect(end.values.join(' ')).not.toContain('bus pass');
    expect(end.html).not.toContain(SECRET);
    expect(end.values.some((v) => /^\*+$/.test(v))).toBe(true);
    await expectAccessible(page, { exclude: '[data-testid="replay"] iframe' });
  });

  it('not opted in: nothing of the recording leaves the tab, though the tab kept its minute', async () => {
    const recordingRequests: string[] = [];
    // the upload (multipart) or anything naming a recording's address; the ticket's own text says "Session recording: (not attached)"
    const isRecording = (r: Request) => r.url().endsWith('/api/service/multipart') || /\/recording/.test(r.postData() ?? '');
    page.on('request', (r) => {
      if (isRecording(r)) recordingRequests.push(`${r.method()} ${r.url()} ${(r.postData() ?? '').slice(0, 120)}`);
    });
    await sendUnticked(page, await studentMeetsAnError(page));
    // a while later, and after signing out, still nothing
    await page.waitForTimeout(1000);
    await page.goto('/signout');
    await page.waitForURL('**/login**');
    expect(recordingRequests).toEqual([]);
  });

  it('the desk triages: the school and its time, a recording mark and filter, the student’s tickets of the hour in one row, saved replies', async () => {
    expect(issuekey).not.toBe('');
    await signInAs(page, 'support');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/app/support/tickets');
    const queue = page.getByRole('table', { name: 'Support tickets' });
    await queue.getByRole('link', { name: issuekey }).waitFor();
    await expect(queue.getByRole('columnheader').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['School', 'Class', 'Created']));
    // the learner's requests of the hour are one row: a later one leads, the first is listed in it
    // (other files' learner tickets may join it when they run alongside)
    const show = page.getByRole('button', { name: /^Show \d+ more from this student within the hour$/ });
    const group = queue.getByRole('row').filter({ has: show }).filter({ has: page.getByRole('link', { name: issuekey, exact: true }) });
    await expect(group.innerText()).resolves.toContain('Lincoln High School');
    await group.getByRole('button', { name: /^Show \d+ more/ }).click();
    const opted = queue.getByRole('row').filter({ has: page.getByRole('link', { name: issuekey, exact: true }) });
    await expect(opted.getByText('Recording', { exact: true }).count()).resolves.toBe(1);
    // the day and the time of day, in the school's zone (Lincoln: New York)
    await expect(opted.innerText()).resolves.toMatch(/\d{1,2}:\d\d [AP]M/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Has a recording').check();
    await page.getByLabel('From school').selectOption('Lincoln High School');
    await page.getByRole('button', { name: 'Filters (2 active)' }).waitFor();
    await queue.getByRole('link', { name: issuekey }).waitFor();
    // the same subject twice, only the one with a recording is left
    await expect(queue.getByRole('row').filter({ hasText: 'The catalog will not load' }).count()).resolves.toBe(1);
    await expectAccessible(page);

    // a saved reply for the team, changed, then put into the ticket's reply
    const added = page.getByRole('form', { name: 'New saved reply' });
    await added.getByLabel('Title').fill('Catalog down');
    await added.getByLabel('Reply text').fill('The catalog had an outage; it works again.');
    await added.getByRole('button', { name: 'Add saved reply' }).click();
    await page.getByRole('button', { name: 'Edit the saved reply Catalog down' }).click();
    await page.getByRole('form', { name: 'Change the saved reply Catalog down' }).getByLabel('Reply text').fill('The catalog had an outage this morning; it works again.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The catalog had an outage this morning; it works again.').waitFor();
    await expectAccessible(page);
    await queue.getByRole('link', { name: issuekey }).click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${issuekey}` }).waitFor();
    await page.getByLabel('Start from a saved reply').selectOption({ label: 'Catalog down' });
    await expect(page.getByLabel('Your reply').inputValue()).resolves.toBe('The catalog had an outage this morning; it works again.');
    await expectAccessible(page);
  });
});
