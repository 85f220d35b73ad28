/**
 * Recording privacy: canary strings typed into password fields (sign-in, change
 * password), budget fields and a support ticket's fields never appear in any request the browser
 * sends (URL or body) except the requests that legitimately submit that field:
 *   - a password: the sign-in POST that uses it, the change-password PUT that sets or confirms it;
 *   - a budget field: the budget saves (POST/PUT of /budgets… through the proxy — auto-save);
 *   - a ticket field: the POST /whichway/support that creates the ticket.
 * In particular the rrweb recording uploaded with the ticket (README "Session recording": every input
 * value and password masked) carries none of them. Every request is captured with page.on('request').
 *
 * All in ONE document (client-side navigation only), so the recording covers the typing: the learner
 * ticks "Attach a recording of my screen" in Get Help first (recording is opt-in), closes the panel,
 * and sends the ticket at the end. Its own in-process server (fresh SQLite) because the learner's
 * password is changed.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DEMO_PASSWORD, expectAccessible, signIn } from './support/browser';
import { openClockedBrowser } from './support/clockServer';

// two sign-ins, two password changes, a budget and a ticket with its recording: three minutes on a loaded shared machine
jest.setTimeout(180_000);

let context: BrowserContext;
openClockedBrowser((o) => ({ context } = o));

const PASSWORD_1 = 'Qz7-canaryPW-ribbon-walnut';
const PASSWORD_2 = 'Vx4-canaryPW-lantern-pebble';
const BUDGET_NAME = 'CanaryBudgetName5830';
const INCOME_SOURCE = 'CanaryIncomeSource4417';
const INCOME_AMOUNT = '86420.13';
const TICKET = {
  name: 'Canaryname Quill',
  email: 'canary.mail.9931@example.edu',
  subject: 'CanarySubject2291',
  description: 'CanaryComment7734 the page froze',
};

interface Captured {
  method: string;
  url: string;
  body: string;
  /** for /api/service calls: the proxy request's method and path */
  proxy: { method: string; path: string } | null;
}

/**
 * Chromium does not hand Blob/FormData bodies (the recording upload) to page.on('request'): an init
 * script reads every body the page gives XMLHttpRequest, fetch or sendBeacon — FormData and Blob parts
 * included — and reports it with the URL, so nothing the page sends is out of sight.
 */
const BODY_PROBE = () => {
  const report = (window as unknown as { __privacyBody: (url: string, body: string) => Promise<void> }).__privacyBody;
  const serialise = async (body: unknown): Promise<string> => {
    if (body === undefined || body === null) return '';
    if (typeof body === 'string') return body;
    if (body instanceof Blob) return body.text();
    if (body instanceof FormData) {
      const parts: string[] = [];
      for (const [name, value] of body.entries()) parts.push(`name="${name}"\r\n\r\n${typeof value === 'string' ? value : await value.text()}\r\n`);
      return parts.join('');
    }
    if (body instanceof URLSearchParams) return body.toString();
    if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return new TextDecoder().decode(body as ArrayBuffer);
    return String(body);
  };
  const absolute = (url: string | URL) => new URL(String(url), location.href).href;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, method: string, url: string | URL, ...rest: unknown[]) {
    this.__url = absolute(url);
    return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body?: Document | XMLHttpRequestBodyInit | null) {
    void serialise(body).then((text) => report(this.__url ?? '', text));
    return send.call(this, body);
  };
  const originalFetch = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : absolute(input);
    void serialise(init?.body).then((text) => report(url, text));
    return originalFetch(input, init);
  };
  const beacon = navigator.sendBeacon?.bind(navigator);
  if (beacon) {
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      void serialise(data).then((text) => report(absolute(url), text));
      return beacon(url, data);
    };
  }
};

function capture(request: Request, pageBodies: Map<string, string[]>): Captured {
  const buffer = request.postDataBuffer();
  // the page-side copy of the body when Chromium does not show it (FormData with a Blob)
  const body = buffer ? buffer.toString('utf8') : (pageBodies.get(request.url())?.shift() ?? '');
  let proxy: Captured['proxy'] = null;
  if (request.url().includes('/api/service')) {
    try {
      const parsed = JSON.parse(body) as { method?: string; path?: string };
      proxy = { method: (parsed.method ?? 'GET').toUpperCase(), path: parsed.path ?? '' };
    } catch {
      // multipart: the proxy request is one of the form's fields
      const match = /name="request"\r\n\r\n(\{.*?\})\r\n/s.exec(body);
      if (match) {
        const parsed = JSON.parse(match[1]!) as { method?: string; path?: string };
        proxy = { method: (parsed.method ?? 'GET').toUpperCase(), path: parsed.path ?? '' };
      }
    }
  }
  return { method: request.method(), url: request.url(), body, proxy };
}

/** Every spelling of the value that could travel: as typed, URL-encoded, and as a page would format a number. */
function spellings(value: string): string[] {
  const forms = new Set([value, encodeURIComponent(value), value.replace(/ /g, '+')]);
  if (/^\d+\.\d\d$/.test(value)) {
    forms.add(Number(value).toLocaleString('en-US', { minimumFractionDigits: 2 })); // as a page shows it
    forms.add(String(Math.round(Number(value) * 100))); // as the budget stores it: integer cents
  }
  return [...forms];
}
const contains = (request: Captured, value: string) => {
  const haystack = `${request.url}\n${decodeURIComponent(request.url)}\n${request.body}`;
  return spellings(value).some((s) => haystack.includes(s));
};

const isSignIn = (r: Captured) => r.method === 'POST' && new URL(r.url).pathname === '/api/auth';
const isPasswordChange = (r: Captured) => r.proxy?.method === 'PUT' && r.proxy.path === '/me/password';
const isBudgetSave = (r: Captured) => r.proxy !== null && /^(POST|PUT|PATCH)$/.test(r.proxy.method) && /^\/budgets(\/|$)/.test(r.proxy.path);
const isTicket = (r: Captured) => r.proxy?.method === 'POST' && r.proxy.path === '/whichway/support';
const isRecordingUpload = (r: Captured) => r.proxy?.method === 'POST' && /^\/support\/tickets\/[^/]+\/recording$/.test(r.proxy.path);

async function openAccountMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await openAccountMenu(page, 'Profile');
  await page.waitForURL('**/app/profile');
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.waitForURL('**/app/profile/password');
  await page.locator('#currentPassword').fill(current);
  await page.locator('#newPassword').fill(next);
  await page.locator('#confirm').fill(next);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/service') && r.request().postData()?.includes('/me/password') === true);
  await page.getByRole('button', { name: 'Change password' }).click();
  expect((await answered).status()).toBe(200);
}

describe('recording privacy', () => {
  it('[S7.12] [S7.09] password, budget and ticket canaries leave the browser only in the request that submits them; the uploaded recording holds none', async () => {
    const page = await context.newPage();
    const requests: Captured[] = [];
    const pageBodies = new Map<string, string[]>();
    const pending: Request[] = [];
    await page.exposeFunction('__privacyBody', (url: string, body: string) => {
      if (body) pageBodies.set(url, [...(pageBodies.get(url) ?? []), body]);
    });
    await page.addInitScript(BODY_PROBE);
    page.on('request', (request) => {
      if (request.postDataBuffer() === null && request.method() !== 'GET') pending.push(request); // body read at the end
      else requests.push(capture(request, pageBodies));
    });

    // sign in, then change the password to canary 1 (typed key by key, as a student would)
    await page.goto('/login?redirect=%2Fapp');
    await page.getByLabel(/user ?name/i).fill('learner');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/app');
    await changePassword(page, DEMO_PASSWORD, PASSWORD_1);
    await expectAccessible(page);

    // sign out and back in with canary 1, then change it again to canary 2 (canary 1 typed as current)
    await openAccountMenu(page, 'Sign out');
    await page.waitForURL('**/login**');
    await signIn(page, 'learner', PASSWORD_1);
    await page.waitForURL('**/app');
    // the recording box ticked now, the panel closed: what follows is recorded for the ticket
    await page.getByRole('button', { name: 'Get Help' }).click();
    const panel = page.getByRole('dialog', { name: 'Get Help' });
    await panel.getByRole('checkbox', { name: 'Attach a recording of my screen' }).check();
    await panel.getByRole('button', { name: 'Close Get Help' }).click();
    await panel.waitFor({ state: 'hidden' });
    await changePassword(page, PASSWORD_1, PASSWORD_2);

    // a budget with canaries in a text field, an income source and an amount (auto-saved)
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Resources', exact: true }).click();
    await page.getByRole('link', { name: /Budget Wizard/ }).click();
    await page.getByRole('link', { name: 'Create a budget' }).click();
    await page.waitForURL('**/budget-wizard/create');
    await page.locator('#f-name').fill(BUDGET_NAME);
    await page.locator('#f-month').fill('2026-09');
    await page.waitForURL(/\/budget-wizard\/\d+/);
    await page.getByTestId('save-status').filter({ hasText: /All changes saved/ }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Add income' }).click();
    await page.locator('#f-incomes-0-source').fill(INCOME_SOURCE);
    await page.locator('#f-incomes-0-amount').fill(INCOME_AMOUNT);
    await page.locator('#f-incomes-0-amount').blur();
    await page.getByTestId('save-status').filter({ hasText: /All changes saved/ }).waitFor();
    // the breadcrumb names the budget (masked in the recording), and so does the list (left out of it)
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(BUDGET_NAME, { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Budget Wizard' }).click();
    await page.getByRole('link', { name: BUDGET_NAME, exact: true }).waitFor();

    // a support ticket with canaries in every field, the recording box still ticked
    await page.getByRole('button', { name: 'Get Help' }).click();
    await expect(panel.getByRole('checkbox', { name: 'Attach a recording of my screen' }).isChecked()).resolves.toBe(true);
    for (const [label, value] of [
      ['Your Name', TICKET.name],
      ['Your Email', TICKET.email],
      ['Subject', TICKET.subject],
      ['Comments', TICKET.description],
    ] as const) {
      await panel.getByLabel(label).fill('');
      await panel.getByLabel(label).fill(value);
    }
    await expectAccessible(page);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/service/multipart'));
    await panel.getByRole('button', { name: 'Submit' }).click();
    expect((await uploaded).status()).toBeLessThan(300);
    await page.getByText(/Support ticket #\S+ has been created/).waitFor();

    for (const request of pending) requests.push(capture(request, pageBodies));

    // the checks are not vacuous: each legitimate request was seen, with its canary
    const recording = requests.filter(isRecordingUpload);
    expect(recording).toHaveLength(1);
    expect(recording[0]!.body.length).toBeGreaterThan(1000);
    expect(recording[0]!.body).toContain('"type":2'); // an rrweb full snapshot
    // the recording did see the typing (masked: one * per character) and shows page text as is,
    // so a canary rendered as text would have been found
    for (const value of [BUDGET_NAME, INCOME_SOURCE, TICKET.subject, TICKET.description]) expect(recording[0]!.body).toContain(`"${'*'.repeat(value.length)}"`);
    expect(recording[0]!.body).toContain('Budget Wizard');
    expect(requests.filter((r) => isSignIn(r) && contains(r, PASSWORD_1))).toHaveLength(1);
    expect(requests.filter((r) => isPasswordChange(r) && contains(r, PASSWORD_1))).toHaveLength(2);
    expect(requests.filter((r) => isPasswordChange(r) && contains(r, PASSWORD_2))).toHaveLength(1);
    const budgetSaves = requests.filter(isBudgetSave);
    for (const value of [BUDGET_NAME, INCOME_SOURCE, INCOME_AMOUNT]) expect([value, budgetSaves.some((r) => contains(r, value))]).toEqual([value, true]);
    for (const value of Object.values(TICKET)) expect(requests.filter((r) => isTicket(r) && contains(r, value))).toHaveLength(1);

    // …and nowhere else
    const allowed: [string, (r: Captured) => boolean][] = [
      [DEMO_PASSWORD, (r) => isSignIn(r) || isPasswordChange(r)],
      [PASSWORD_1, (r) => isSignIn(r) || isPasswordChange(r)],
      [PASSWORD_2, isPasswordChange],
      [BUDGET_NAME, isBudgetSave],
      [INCOME_SOURCE, isBudgetSave],
      [INCOME_AMOUNT, isBudgetSave],
      ...Object.values(TICKET).map((value): [string, (r: Captured) => boolean] => [value, isTicket]),
    ];
    const leaks = allowed.flatMap(([value, ok]) =>
      requests.filter((r) => contains(r, value) && !ok(r)).map((r) => `${value} in ${r.method} ${r.url} ${r.proxy ? `${r.proxy.method} ${r.proxy.path}` : ''}`),
    );
    expect(leaks).toEqual([]);
  });
});
