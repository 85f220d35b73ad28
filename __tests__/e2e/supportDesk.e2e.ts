/**
 * The support desk in real Chromium: a learner sends a ticket through Get Help with a recording
 * during which an error is logged; `support` signs in and lands on the queue (Home, /app: a
 * staff-only user's Home is their workspace), opens the ticket and its replay (scaled to
 * the window, scrubbed with the keyboard and a mark, the error's mark reached by Tab and announced),
 * adds an internal note and replies; the learner reads the reply under "My requests" (never the
 * note), answers back, and finds the reply in the dev mailbox. axe on every staff page at 1366×768
 * and 390×844.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, newContext, openBrowser, signInAs } from './support/browser';

// a slow shared machine: rrweb loads, records, uploads and replays
jest.setTimeout(180_000);

let browser: Browser;
const contexts: BrowserContext[] = [];
// declared before openBrowser: the users' contexts close before the browser does
afterAll(async () => {
  for (const context of contexts) await context.close();
});
openBrowser('file', (o) => ({ browser } = o));

/** A user of their own: each in a context of their own (own storage), signed in on the login page. */
async function signedInAs(username: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInAs(page, username);
  return page;
}

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/** axe at a laptop's and a phone's size, and nothing wider than the window on either. */
async function accessibleAtBothSizes(page: Page, options: { exclude?: string } = {}): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAccessible(page, options);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect({ size, overflow }).toEqual({ size, overflow: 0 });
  }
  await page.setViewportSize(SIZES[0]);
}

const TOAST = /Support ticket #(HELP-\d+) has been created\. We'll be in touch shortly\./;
const NOTE = 'Staff only: the quiz bank was empty for this module';
const REPLY = 'We refilled the quiz. Please try again and tell us if it works.';
const ANSWER = 'It works now, thank you!';
const LOGGED_ERROR = 'The quiz bank is empty';

describe('the support desk', () => {
  let issuekey = '';
  let learner: Page;

  it('a learner sends a ticket with a recording through Get Help', async () => {
    learner = await signedInAs('learner');
    await learner.getByRole('button', { name: 'Get Help' }).click();
    const panel = learner.getByRole('dialog', { name: 'Get Help' });
    await panel.waitFor();
    await panel.getByRole('checkbox', { name: 'Attach a recording of my screen' }).check();
    await learner.waitForTimeout(500); // the recorder's first snapshot
    // an error the app logs while recording is marked in the recording (its message and route only)
    await learner.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, LOGGED_ERROR);
    await panel.getByLabel('Subject').click();
    await panel.getByLabel('Subject').fill('The quiz is empty');
    await panel.getByLabel('Comments').click();
    await panel.getByLabel('Comments').fill('I open the review and there are no questions.');
    await learner.waitForTimeout(600);
    await panel.getByRole('button', { name: 'Submit' }).click();
    const toast = learner.getByText(TOAST);
    await toast.waitFor();
    issuekey = TOAST.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    expect(issuekey).toMatch(/^HELP-\d+$/);
  });

  it('[S2.15] support signs in and lands on the queue at /app, opens the ticket and its replay, scrubs it, adds a note and replies', async () => {
    expect(issuekey).not.toBe('');
    // no redirect: sign-in goes to /app, Home, and Home is the ticket queue
    const page = await signedInAs('support');
    await page.setViewportSize(SIZES[0]);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Priya!' }).waitFor();
    const queue = page.getByRole('table', { name: 'Support tickets' });
    await queue.getByRole('link', { name: issuekey }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app');
    await expect(page.title()).resolves.toBe('Home - Cashwise');
    expect(await page.getByRole('main').getByRole('heading', { name: 'Where would you like to go?' }).count()).toBe(0);
    await page.getByTestId('median-first-reply').waitFor();
    // the state and assignee filters sit with the others behind the one Filters button
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('State').selectOption('new');
    await page.getByLabel('Assigned to').selectOption('none');
    await page.getByRole('button', { name: 'Filters (2 active)' }).waitFor();
    await page.getByRole('link', { name: issuekey }).waitFor();
    await accessibleAtBothSizes(page);

    await page.getByRole('link', { name: issuekey }).click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${issuekey}` }).waitFor();
    await expect(page.getByTestId('ticket-state').innerText()).resolves.toBe('New');
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByText('Priya Patel', { exact: true }).first().waitFor();
    await accessibleAtBothSizes(page);

    // the replay: fits the window at a laptop's and a phone's width, keyboard and a mark move it
    await page.getByRole('link', { name: 'Replay the session recording' }).click();
    await page.getByRole('heading', { level: 1, name: 'Session Recording' }).waitFor();
    const play = page.getByRole('button', { name: 'Play' });
    // enabled once the recording has loaded into the player (a trial click waits for that)
    await play.click({ trial: true });
    await expect(play.isEnabled()).resolves.toBe(true);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      const frame = await page.getByTestId('replay').locator('iframe').boundingBox();
      expect(frame).not.toBeNull();
      // scaled, the whole recorded screen is on the page: nothing cut off at the right
      const shown = await page.getByTestId('replay').evaluate((el) => el.parentElement!.getBoundingClientRect().right);
      expect(shown).toBeLessThanOrEqual(size.width);
      await expectAccessible(page, { exclude: '[data-testid="replay"] iframe' });
    }
    await page.setViewportSize(SIZES[0]);
    const slider = page.getByRole('slider', { name: 'Position in the recording' });
    const clock = page.getByTestId('replay-clock');
    const duration = ((await clock.innerText()).split(' / ')[1] ?? '').trim();
    await slider.focus();
    // the clock shows the new position once the player has moved there (waited for, not read at once)
    const clockAt = (text: string) => clock.filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*$`) }).waitFor();
    await page.keyboard.press('End');
    await clockAt(`${duration} / ${duration}`);
    await page.keyboard.press('Home');
    await clockAt(`0:00 / ${duration}`);
    const mark = page.getByRole('list', { name: 'Moments in the recording' }).getByRole('button').first();
    await mark.click();
    await page.getByRole('status').filter({ hasText: /Jumped to/ }).waitFor();
    // the logged error has its mark: reached with Tab from the position, Enter jumps there, announced
    const errorMarkName = new RegExp(`^Error on /app: ${LOGGED_ERROR} at \\d+:\\d\\d$`);
    await page.getByRole('button', { name: errorMarkName }).waitFor();
    await slider.focus();
    let focused = '';
    for (let presses = 0; presses < 40 && !errorMarkName.test(focused); presses += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toMatch(errorMarkName);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `Jumped to error on /app: ${LOGGED_ERROR.toLowerCase()} at` }).waitFor();
    await page.getByRole('button', { name: '2×' }).click();
    await expect(page.getByRole('button', { name: '2×' }).getAttribute('aria-pressed')).resolves.toBe('true');

    // back to the ticket: an internal note, then a reply
    await page.getByRole('link', { name: issuekey }).click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${issuekey}` }).waitFor();
    await page.getByLabel('Note for staff').fill(NOTE);
    await page.getByRole('button', { name: 'Add note' }).click();
    // the stored note in the thread (the note box's own text would match a bare getByText)
    await page.getByRole('listitem').filter({ hasText: NOTE }).waitFor();
    await expect(page.getByTestId('ticket-state').innerText()).resolves.toBe('New');
    await page.getByLabel('Your reply').fill(REPLY);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByRole('listitem').filter({ hasText: REPLY }).waitFor();
    await page.getByTestId('ticket-state').filter({ hasText: /^Waiting on student$/ }).waitFor();
    await expect(page.getByTestId('ticket-state').innerText()).resolves.toBe('Waiting on student');
    await accessibleAtBothSizes(page);
  });

  it('the learner reads the reply under "My requests" (never the note), answers, and has the reply by e-mail', async () => {
    await learner.goto('/app/support');
    await learner.getByRole('heading', { level: 2, name: 'My requests' }).waitFor();
    const item = learner.getByRole('listitem').filter({ hasText: issuekey });
    await item.getByText('Answered, waiting for you').waitFor();
    await item.getByRole('button', { name: 'Read and answer' }).click();
    await item.getByText(REPLY).first().waitFor();
    await expect(learner.getByText(NOTE).count()).resolves.toBe(0);
    await expectAccessible(learner);

    // the support form's rule: an empty answer says so and sends nothing
    await item.getByRole('button', { name: 'Send answer' }).click();
    await item.getByText('Value is required').waitFor();
    await item.getByLabel('Your answer').fill(ANSWER);
    await item.getByRole('button', { name: 'Send answer' }).click();
    await item.getByRole('listitem').filter({ hasText: ANSWER }).waitFor();
    await item.getByText('We are looking at your answer').waitFor();
    await expectAccessible(learner);

    await learner.goto('/dev/mailbox');
    const mailbox = await learner.locator('body').innerText();
    expect(mailbox).toContain(`support replied to your request ${issuekey}`);
    expect(mailbox).toContain(REPLY);
    expect(mailbox).not.toContain(NOTE);
  });
});
