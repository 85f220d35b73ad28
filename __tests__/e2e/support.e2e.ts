/**
 * The support user path in real Chromium: a learner opens Get Help from the app bar, sees the
 * messages, clicks outside (the panel stays), submits and reads the ticket number in the toast; the
 * `support` user opens the ticket, replays the recording and sees that typed values are masked.
 * A learner is refused the console; /help works signed out. axe on every page and with the panel open.
 */
import type { Browser, Page } from 'playwright-core';
import { RECORDING_NOTICE_WITH_BUFFER } from '../../src/common/support';
import { expectAccessible, fitsThePhone, newContext, openBrowser, signInAs } from './support/browser';
import { sendUnticked } from './support/getHelp';

// a slow shared machine: the panel's path loads rrweb after the tick and sends a ticket with its recording
jest.setTimeout(120_000);

let browser: Browser;
let page: Page;
openBrowser('test', (o) => ({ browser, page } = o));

const SECRET = 'my locker code is 4321';

/** The session recorder's chunk (rrweb) has been fetched by the page. */
const RECORDER_CHUNK_PROBE = () => performance.getEntriesByType('resource').some((r) => /\/recorder\.[^/]*\.js$/.test(r.name));
const TOAST = /Support ticket #(HELP-\d+) has been created\. We'll be in touch shortly\./;

describe('Get Help', () => {
  let issuekey = '';

  it('[S2.18] [S2.19] [S4.18] [S5.05] [S8.05] a learner opens the panel from the app bar, sees the messages, clicks outside, submits and reads the ticket number', async () => {
    await signInAs(page, 'learner');
    await page.getByRole('link', { name: 'Catalog' }).first().click();
    await page.waitForURL('**/app/catalog');
    await page.mouse.wheel(0, 200);
    await page.getByRole('button', { name: 'Get Help' }).click();
    const panel = page.getByRole('dialog', { name: 'Get Help' });
    await panel.waitFor();
    await expect(panel.getByLabel('Your Name').inputValue()).resolves.toBe('Maya Johnson');
    await expect(panel.getByLabel('Your Email').inputValue()).resolves.toMatch(/@/);
    await expect(panel.getByText('Please provide as much detail as possible.').isVisible()).resolves.toBe(true);
    await expect(panel.getByText(/Monday through Friday, 8 a\.m\. to 6 p\.m\. ET/).isVisible()).resolves.toBe(true);
    await expect(panel.getByText('Value is required').count()).resolves.toBe(0);
    await expectAccessible(page);

    // the recording is opt-in: unticked, with one line saying what the tab keeps (its last minute,
    // in memory) and that nothing leaves it unticked (getHelpBuffer.e2e.ts watches the network)
    const recordingBox = panel.getByRole('checkbox', { name: 'Attach a recording of my screen' });
    await expect(recordingBox.isChecked()).resolves.toBe(false);
    await expect(panel.getByText(RECORDING_NOTICE_WITH_BUFFER).isVisible()).resolves.toBe(true);
    await page.waitForFunction(RECORDER_CHUNK_PROBE);
    await recordingBox.check();

    // the messages, once a field is dirty
    await panel.getByLabel('Subject').fill('x');
    await panel.getByLabel('Subject').fill('');
    await panel.getByText('Value is required').waitFor();
    await panel.getByLabel('Your Email').fill('maya.example.edu');
    await panel.getByText('Email is not valid').waitFor();
    await panel.getByLabel('Your Name').fill('M');
    await panel.getByText('Your name must be at least 2 characters').waitFor();
    await expectAccessible(page);

    // a click outside the panel (on the backdrop, left of it) does not close it
    await page.mouse.click(100, 300);
    await expect(panel.isVisible()).resolves.toBe(true);

    await panel.getByLabel('Your Name').fill('Maya Johnson');
    await panel.getByLabel('Your Email').fill('maya@example.edu');
    await panel.getByLabel('Subject').fill('The module list will not open');
    await panel.getByLabel('Comments').fill(SECRET);
    await panel.getByRole('button', { name: 'Submit' }).click();

    const toast = page.getByText(TOAST);
    await toast.waitFor();
    issuekey = TOAST.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    expect(issuekey).toMatch(/^HELP-\d+$/);
    await panel.waitFor({ state: 'hidden' });
    // the toast sits bottom-centre
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThan(300);
    expect(Math.abs(box!.x + box!.width / 2 - 512)).toBeLessThan(120);
    await expectAccessible(page);

    // reopened: subject and comments cleared, no errors, name kept
    await page.getByRole('button', { name: 'Get Help' }).click();
    await panel.waitFor();
    await expect(panel.getByLabel('Subject').inputValue()).resolves.toBe('');
    await expect(panel.getByLabel('Comments').inputValue()).resolves.toBe('');
    await expect(panel.getByText('Value is required').count()).resolves.toBe(0);
    // the recording went with that ticket: the next one starts unticked again
    await expect(recordingBox.isChecked()).resolves.toBe(false);
  });

  it('the learner finds the request under My requests from the account menu and from the help page', async () => {
    await signInAs(page, 'learner');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My requests' }).click();
    await page.waitForURL('**/app/support#my-requests');
    const heading = page.getByRole('heading', { level: 2, name: 'My requests' });
    await page.getByText(issuekey, { exact: false }).first().waitFor();
    await expect(heading.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expectAccessible(page);
    await page.goto('/help');
    await page.getByRole('link', { name: 'My requests' }).click();
    await page.waitForURL('**/app/support#my-requests');
    await page.getByText(issuekey, { exact: false }).first().waitFor();
  });

  it('a draft survives a reload and a typed address, minimizes to a bar, and is gone after sign-out: the next student starts empty', async () => {
    await signInAs(page, 'learner');
    await page.getByRole('button', { name: 'Get Help' }).click();
    let panel = page.getByRole('dialog', { name: 'Get Help' });
    await panel.getByLabel('Subject').fill('The budget wizard lost my numbers');
    await panel.getByLabel('Comments').fill('Step 3 went blank');
    await page.reload();
    await page.getByRole('button', { name: 'Get Help' }).click();
    panel = page.getByRole('dialog', { name: 'Get Help' });
    await expect(panel.getByLabel('Subject').inputValue()).resolves.toBe('The budget wizard lost my numbers');
    await page.goto('/app/catalog');
    await page.getByRole('button', { name: 'Get Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Get Help' }).getByLabel('Comments').inputValue()).resolves.toBe('Step 3 went blank');
    await page.getByRole('button', { name: 'Minimize Get Help' }).click();
    const bar = page.getByRole('region', { name: 'Get Help, minimized' });
    await bar.waitFor();
    await expectAccessible(page);
    await bar.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByRole('dialog', { name: 'Get Help' }).getByLabel('Subject').inputValue()).resolves.toBe('The budget wizard lost my numbers');

    await page.goto('/signout');
    await page.waitForURL('**/login**');
    await expect(page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('cw:tab:')))).resolves.toEqual([]);
    await signInAs(page, 'multi');
    await page.getByRole('button', { name: 'Get Help' }).click();
    panel = page.getByRole('dialog', { name: 'Get Help' });
    await expect(panel.getByLabel('Subject').inputValue()).resolves.toBe('');
    await expect(panel.getByLabel('Comments').inputValue()).resolves.toBe('');
  });

  it('left unticked, a ticket goes without a recording: nothing is uploaded', async () => {
    await signInAs(page, 'learner');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/service/multipart')) uploads.push(request.url());
    });
    await page.getByRole('link', { name: 'Catalog' }).first().click();
    await page.waitForURL('**/app/catalog');
    await page.mouse.wheel(0, 200);
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Get Help' }).click();
    const panel = page.getByRole('dialog', { name: 'Get Help' });
    await panel.getByLabel('Subject').fill('Left unticked');
    await panel.getByLabel('Comments').fill('No recording, please.');
    await sendUnticked(page, panel);
    expect(uploads).toEqual([]);
    await expectAccessible(page);

    // the privacy page says the same
    await page.goto('/app/privacy');
    await page.getByText(/sends no recording unless you ask it to/).waitFor();
    await expectAccessible(page);
  });

  it('the support user opens the ticket and replays the recording: typed values are masked', async () => {
    expect(issuekey).not.toBe('');
    await signInAs(page, 'support');
    await page.goto('/app/support/tickets');
    await page.getByRole('heading', { level: 1, name: 'Support Tickets' }).waitFor();
    await page.getByRole('link', { name: issuekey }).waitFor();
    await expect(page.title()).resolves.toBe('Support Tickets - Cashwise');
    await expectAccessible(page);

    // [S9.09] on a 1366 px laptop too, the ticket filters fold behind one "Filters" button
    await page.setViewportSize({ width: 1366, height: 768 });
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByLabel('Subject value').isVisible()).resolves.toBe(false);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByLabel('Subject match').click();
    await page.getByRole('option', { name: 'Contains', exact: true }).click();
    await page.getByLabel('Subject value').fill('will not open');
    await page.getByRole('button', { name: 'Filters (1 active)' }).click();
    await expect(page.getByLabel('Subject value').isVisible()).resolves.toBe(false);
    await page.getByRole('link', { name: issuekey }).waitFor();
    await expect(page.getByRole('table', { name: 'Support tickets' }).getByText('The module list will not open').count()).resolves.toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Filters (1 active)' }).click();
    await page.getByLabel('Subject value').fill('no ticket says this');
    await page.getByText('No tickets match the filters.').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Subject value').fill('');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();

    // a tablet held upright (or half a laptop's screen): the list folds under the ticket's key
    // instead of scrolling, and the sort is a choice above it
    await page.setViewportSize({ width: 768, height: 900 });
    const tickets = page.getByRole('table', { name: 'Support tickets' });
    await expect(tickets.getByRole('columnheader').allInnerTexts()).resolves.toEqual(['Ticket', 'Status']);
    // the learner's tickets within the hour are one row: a later one leads it, this one is inside
    const group = tickets.getByRole('row').filter({ hasText: issuekey }).filter({ has: page.getByRole('button', { name: /^Show \d+ more from this student/ }) });
    if ((await group.count()) > 0) await group.getByRole('button', { name: /^Show \d+ more from this student/ }).click();
    await expect(tickets.getByRole('row').filter({ hasText: issuekey }).innerText()).resolves.toContain('The module list will not open');
    await page.getByLabel('Sort by').waitFor();
    await fitsThePhone(page);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1024, height: 600 });

    await page.getByRole('link', { name: issuekey }).click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${issuekey}` }).waitFor();
    await page.getByText(SECRET).waitFor(); // the description itself is the student's own words
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Replay the session recording' }).click();
    await page.getByRole('heading', { level: 1, name: 'Session Recording' }).waitFor();
    // the replay frame runs no scripts (sandbox without allow-scripts), so it is read from the page
    const replayed = () =>
      page.evaluate(() => {
        const doc = document.querySelector<HTMLIFrameElement>('[data-testid="replay"] iframe')?.contentDocument;
        if (!doc) return null;
        const fields = Array.from(doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'));
        return { values: fields.map((f) => f.value), html: doc.documentElement.outerHTML };
      });
    // it opens where the student opened Get Help; the form as they sent it is at the end
    await page.getByRole('button', { name: 'Play' }).click({ trial: true });
    await page.getByRole('slider', { name: 'Position in the recording' }).focus();
    await page.keyboard.press('End');
    let seen = await replayed();
    for (let i = 0; i < 60 && !seen?.values.some((v) => /^\*+$/.test(v)); i += 1) {
      await page.waitForTimeout(250);
      seen = await replayed();
    }
    expect(seen).not.toBeNull();
    expect(seen!.values.join(' ')).not.toContain('locker');
    expect(seen!.values.some((v) => /^\*+$/.test(v))).toBe(true);
    expect(seen!.html).not.toContain(SECRET);
    // axe checks the replay page itself; the replay frame holds the student's recorded screen (checked
    // where it was live) and runs no scripts, so axe cannot be injected into it
    // (the same settled-page check as every other page: transitions end before axe measures)
    await expectAccessible(page, { exclude: '[data-testid="replay"] iframe' });
  });

  it('a learner is refused the console; /help works signed out with the honeypot hidden', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/support/tickets');
    await page.getByText('You do not have permission to see support tickets.').waitFor();
    await expectAccessible(page);
    await page.goto('/app/support');
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    await expectAccessible(page);

    const anonymous = await newContext(browser);
    const help = await anonymous.newPage();
    await help.goto('/help');
    await help.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    await expect(help.getByRole('main').getByLabel('Your Name').inputValue()).resolves.toBe('');
    await expect(help.getByRole('textbox', { name: 'Leave this box empty' }).count()).resolves.toBe(0);
    await expectAccessible(help);
    await anonymous.close();
  });
});
