/**
 * The budget and worksheet user path in real Chromium: a budget built through every step (reloaded mid-way and
 * resumed), the chart, the CSV checked against the review totals, a stale tab refused, two
 * worksheets filled, the activity list — with an axe-core check of every page and step visited;
 * and the same pages on a 360 px phone, where no table makes the page or itself scroll sideways.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible, fitsThePhone as fitsThePhoneOn, openBrowser, signInAs } from './support/browser';

let context: BrowserContext;
let page: Page;
openBrowser('test', (o) => ({ context, page } = o));

/** The shared check (support/browser.ts) on this spec's page. */
const fitsThePhone = (p: Page = page) => fitsThePhoneOn(p);
const saved = (p: Page = page) => p.getByTestId('save-status').filter({ hasText: /All changes saved/ }).waitFor();
/** The wizard keeps its step in the address; step 0 may also be the bare address. */
const step = (n: number) => new RegExp(`/app/resources/budget-wizard/\\d+${n === 0 ? '(\\?step=0)?' : `\\?step=${n}`}$`);

async function next(): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
}

describe('budget wizard', () => {
  it('builds a budget through every step, resumes after a reload, shows the chart and a CSV that adds up', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard');
    await expect(page.title()).resolves.toBe('Budget Wizard - Cashwise');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Create a budget' }).click();
    await page.waitForURL('**/budget-wizard/create');
    await expect(page.title()).resolves.toBe('Create Budget - Cashwise');
    await expectAccessible(page);

    // Step 1: basics. Next refuses an empty name, with the error on the field.
    await next();
    await page.getByText('Give your budget a name.').waitFor();
    await page.locator('#f-name').fill('E2E September');
    await page.locator('#f-month').fill('2026-09');
    await page.locator('#f-payFrequency').selectOption('biweekly');
    // the first auto-save creates the budget and moves to its own address
    await page.waitForURL(step(0));
    await saved();
    await expect(page.title()).resolves.toBe('Edit Budget - Cashwise');
    // the breadcrumb names the budget, as the list does
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E September', { exact: true }).waitFor();
    await next();

    // Step 2: income; a bad amount is refused with a clear message
    await page.waitForURL(step(1));
    await page.getByRole('button', { name: 'Add income' }).click();
    await page.locator('#f-incomes-0-source').fill('Paycheck');
    await page.locator('#f-incomes-0-amount').fill('-5');
    await page.locator('#f-incomes-0-amount').blur();
    await page.getByText('The amount cannot be negative.').waitFor();
    await page.locator('#f-incomes-0-amount').fill('1,200.50');
    await page.locator('#f-incomes-0-frequency').selectOption('biweekly');
    await page.getByText('Monthly: $2,601.08').waitFor(); // 1200.50 × 26 / 12 = 2601.083…
    await expectAccessible(page);
    await next();

    // Step 3: expenses, from the suggestions; then the tab is reloaded mid-step
    await page.waitForURL(step(2));
    await page.getByRole('button', { name: 'Add Rent or housing' }).click();
    await page.locator('#f-expenses-0-amount').fill('900');
    await page.getByRole('button', { name: 'Add Groceries' }).click();
    await page.locator('#f-expenses-1-amount').fill('$250.25');
    await saved();
    await expectAccessible(page);
    await page.reload();
    await page.waitForURL(step(2));
    await expect(page.locator('#f-expenses-0-category').inputValue()).resolves.toBe('Rent or housing');
    await expect(page.locator('#f-expenses-0-amount').inputValue()).resolves.toBe('900.00');
    await expect(page.locator('#f-expenses-1-amount').inputValue()).resolves.toBe('250.25');
    await page.getByRole('navigation', { name: 'Budget steps' }).getByRole('tab', { name: 'Income' }).click(); // revisit a step
    await page.waitForURL(step(1));
    await expect(page.locator('#f-incomes-0-amount').inputValue()).resolves.toBe('1200.50');
    await page.getByRole('navigation', { name: 'Budget steps' }).getByRole('tab', { name: 'Savings & debts' }).click();

    // Step 4: savings goals and debts
    await page.waitForURL(step(3));
    await page.getByRole('button', { name: 'Add savings goal' }).click();
    await page.locator('#f-goals-0-name').fill('Emergency fund');
    await page.locator('#f-goals-0-target').fill('1000');
    await page.locator('#f-goals-0-saved').fill('250');
    await page.locator('#f-goals-0-monthly').fill('100');
    await page.getByRole('button', { name: 'Add debt payment' }).click();
    await page.locator('#f-debts-0-name').fill('Credit card');
    await page.locator('#f-debts-0-balance').fill('400');
    await page.locator('#f-debts-0-payment').fill('50');
    await expectAccessible(page);
    await next();

    // Step 5: review — totals, chart, guidance, goal progress
    await page.waitForURL(step(4));
    await page.locator('[data-testid="fifty-chart"] svg').first().waitFor();
    const total = async (key: string) => page.getByTestId(`total-${key}`).innerText();
    await expect(total('income')).resolves.toBe('$2,601.08');
    await expect(total('needs')).resolves.toBe('$1,150.25');
    await expect(total('planned-spending-and-saving')).resolves.toBe('$1,300.25');
    await expect(total('surplus')).resolves.toBe('$1,300.83');
    await page.getByText('Emergency fund: $250.00 of $1,000.00 (25%)').waitFor();
    // every line, as the CSV has them
    const lines = page.getByRole('table', { name: 'Every line of the budget' });
    await expect(lines.getByRole('row', { name: /Rent or housing/ }).innerText()).resolves.toMatch(/Need, fixed\s+\$900\.00/);
    await expect(lines.getByRole('row', { name: /Paycheck/ }).innerText()).resolves.toMatch(/\$1,200\.50 every two weeks\s+\$2,601\.08/);
    await expectAccessible(page);

    // CSV: its lines add up to the review's totals, to the cent
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('e2e-september.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8');
    const rows = csv.trim().split('\r\n').map((line) => line.split(','));
    const cents = (text: string | undefined) => Math.round(Number(text) * 100);
    const sum = (section: string) => rows.filter((r) => r[0] === section).reduce((t, r) => t + cents(r[5]), 0);
    const totalRow = (label: string) => cents(rows.find((r) => r[0] === 'Total' && r[1] === label)?.[5]);
    expect(sum('Income')).toBe(260_108);
    expect(totalRow('Income')).toBe(260_108);
    expect(sum('Expense') + sum('Savings goal') + sum('Debt payment')).toBe(totalRow('Planned spending and saving'));
    expect(totalRow('Planned spending and saving')).toBe(130_025);
    expect(totalRow('Surplus')).toBe(130_083);

    await page.getByRole('button', { name: 'Finish budget' }).click();
    await page.getByRole('status').filter({ hasText: 'This budget is finished.' }).waitFor();
    await saved();
    // the review stays, finished: the way back to the list takes the Finish button's place
    await page.getByRole('link', { name: 'Back to My budgets' }).first().waitFor();
    await expect(page.getByRole('button', { name: 'Finish budget' }).count()).resolves.toBe(0);
    await expectAccessible(page);

    // the list shows it with its totals
    await page.goto('/app/resources/budget-wizard');
    await page.getByRole('link', { name: 'E2E September', exact: true }).waitFor();
    await page.getByRole('cell', { name: '$1,300.83' }).waitFor();
    await expectAccessible(page);
  }, 180_000); // every step of the wizard, each with an axe check, on a shared 2-core machine

  it('refuses a save from a stale tab with a conflict message and a choice', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard/create');
    await page.locator('#f-name').fill('Two tabs');
    await page.waitForURL(step(0));
    await saved();
    const address = page.url();

    const stale = await context.newPage();
    await stale.goto(address);
    await stale.locator('#f-name').waitFor();

    await page.locator('#f-name').fill('Two tabs — first');
    await saved();
    await stale.locator('#f-name').fill('Two tabs — stale');
    const alert = stale.getByRole('alert').filter({ hasText: 'changed in another tab or window' });
    await alert.waitFor();
    await expectAccessible(stale);
    await stale.getByRole('button', { name: 'Load the saved version' }).click();
    // the saved version is fetched and then put into the form: wait for it, not for the click
    await stale.waitForFunction(() => document.querySelector<HTMLInputElement>('#f-name')?.value === 'Two tabs — first');
    await stale.getByRole('alert').filter({ hasText: 'changed in another tab or window' }).waitFor({ state: 'detached' });
  });

  it('keeps what was typed right before a reload or another address, without waiting for the auto-save', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard/create');
    await page.locator('#f-name').fill('Left at once');
    await page.waitForURL(step(0));
    await saved();
    const address = page.url();

    // typed, then reloaded at once: the page-hide save (a keepalive request) outlives the page
    await page.locator('#f-name').fill('Left at once — reloaded');
    await page.reload();
    await expect(page.locator('#f-name').inputValue()).resolves.toBe('Left at once — reloaded');

    // typed, then another address typed into the address bar
    await page.locator('#f-name').fill('Left at once — went away');
    await page.goto('/app');
    await page.goto(address);
    await expect(page.locator('#f-name').inputValue()).resolves.toBe('Left at once — went away');
  });

  it('a new budget typed and reloaded at once is saved once, and the learner is shown it in the list', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard/create');
    await page.locator('#f-name').fill('Reloaded at once');
    await page.reload(); // before the first auto-save's answer could move the page to the budget's address
    await page.waitForURL(/\/app\/resources\/budget-wizard$/);
    await page.getByText('What you typed was saved as a new budget').waitFor();
    await page.getByRole('link', { name: 'Reloaded at once', exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Reloaded at once', exact: true }).count()).resolves.toBe(1);
    await expectAccessible(page);
  });

  it('Back from a new budget’s second step returns to the list, not to an empty create page', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard');
    await page.getByRole('link', { name: 'Create a budget' }).click();
    await page.waitForURL('**/budget-wizard/create');
    await page.locator('#f-name').fill('Back test');
    await page.locator('#f-month').fill('2026-10');
    await page.locator('#f-payFrequency').selectOption('monthly');
    await next(); // at once: the first save (which creates the budget) is still on its way
    await page.waitForURL(step(1));
    await page.goBack();
    await page.waitForURL(/\/app\/resources\/budget-wizard$/);
    await page.getByRole('link', { name: 'Back test', exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Back test', exact: true }).count()).resolves.toBe(1);
  });

  it('tabbing past an empty field says nothing; Next shows the step\'s errors on their fields, each naming its field', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard/create');
    const name = page.getByRole('textbox', { name: 'Budget name' });
    await name.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('false');
    await expect(page.getByText('Give your budget a name.').count()).resolves.toBe(0);
    await next();
    await page.getByText('Give your budget a name.').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(name.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expectAccessible(page);

    await name.fill('Field names');
    await page.locator('#f-month').fill('2026-09');
    await page.waitForURL(step(0));
    await next();
    await page.waitForURL(step(1));
    await page.getByRole('button', { name: 'Add income' }).click();
    const source = page.locator('#f-incomes-0-source');
    const amount = page.locator('#f-incomes-0-amount');
    await source.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('[aria-invalid="true"]').count()).resolves.toBe(0);
    await expectAccessible(page);
    await next();
    await page.getByText('Enter a source for this income.').waitFor();
    await page.getByText('Enter an amount for this income.').waitFor();
    expect(page.url()).toMatch(step(1));
    await source.fill('Paycheck');
    await page.locator('#f-incomes-0-amount-helper-text').getByText('Enter an amount for Paycheck.').waitFor();
    await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
  }, 120_000); // two steps and three axe checks, on a shared 2-core machine

  it('an address naming the review of an empty budget shows the first step that needs something', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard/create?step=4');
    await page.waitForURL(/\/budget-wizard\/create\?step=0$/);
    await page.getByRole('heading', { name: 'Step 1 of 5: Basics' }).waitFor();
    await page.getByText('Give your budget a name.').waitFor();
    await expect(page.getByTestId('total-surplus').count()).resolves.toBe(0);
  });

  it('a finished budget reopens on its review, every step reachable; Finish leads to the finished review, its status never contradicts itself', async () => {
    await signInAs(page, 'learner');
    // $732.75 a month: 20 % of it is $146.55; $170 of needs is 23.20 % of it, $95 of wants 12.96 %
    const data = {
      name: 'Finished test',
      month: '2026-11',
      payFrequency: 'monthly',
      incomes: [{ source: 'Job', amountCents: 73_275, frequency: 'monthly' }],
      expenses: [
        { category: 'Phone', kind: 'need', variability: 'fixed', amountCents: 17_000 },
        { category: 'Eating out', kind: 'want', variability: 'variable', amountCents: 9_500 },
      ],
      goals: [],
      debts: [],
    };
    const created = await page.evaluate(async (payload) => {
      const session = JSON.parse(localStorage.getItem('cc:auth') ?? 'null') as { token: string };
      const res = await fetch('/api/service', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-key': localStorage.getItem('appKey') ?? 'cashwise-web', authorization: `Bearer ${session.token}` },
        body: JSON.stringify({ service: 'OneLook', method: 'POST', path: '/budgets', payload }),
      });
      return (await res.json()) as { id: number };
    }, { status: 'draft', data });
    const address = `/app/resources/budget-wizard/${created.id}`;

    // a draft opens where it starts
    await page.goto(address);
    await page.getByRole('heading', { name: 'Step 1 of 5: Basics' }).waitFor();
    await page.getByRole('navigation', { name: 'Budget steps' }).getByRole('tab', { name: 'Review' }).click();
    await page.waitForURL(step(4));

    // the 50/30/20 table: targets that are their own shares and add up; one precision for its shares
    const table = page.getByRole('table', { name: '50/30/20 comparison' });
    const row = (name: RegExp) => table.getByRole('row', { name }).innerText();
    await expect(row(/^Needs/)).resolves.toMatch(/\$366\.38\s+\$170\.00[\s\S]*23\.2%/);
    await expect(row(/^Wants/)).resolves.toMatch(/\$219\.82\s+\$95\.00[\s\S]*13\.0%/);
    await expect(row(/^Savings/)).resolves.toMatch(/\$146\.55\s+\$0\.00[\s\S]*0\.0%/);
    const shares = (await table.innerText()).match(/\d+(?:\.\d+)?%/g)?.filter((text) => !/^(50|30|20)%$/.test(text)) ?? [];
    expect(shares.length).toBeGreaterThanOrEqual(3);
    for (const share of shares) expect(share).toMatch(/^\d+\.\d%$/);
    await expectAccessible(page);

    // Finish: watched from the page itself, "finished" is never shown above "Changes not saved yet"
    await page.evaluate(() => {
      const w = window as unknown as { contradicted: boolean };
      w.contradicted = false;
      const check = () => {
        const finished = document.getElementById('budget-finished') !== null;
        const status = document.querySelector('[data-testid="save-status"]')?.textContent ?? '';
        if (finished && status.includes('not saved')) w.contradicted = true;
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Finish budget' }).click();
    await page.getByRole('status').filter({ hasText: 'This budget is finished.' }).waitFor();
    await saved();
    // a needless second save (the old bug) was reported right as the first one landed: give React two frames
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(page.evaluate(() => (window as unknown as { contradicted: boolean }).contradicted)).resolves.toBe(false);
    await expect(page.getByTestId('save-status').innerText()).resolves.toMatch(/^All changes saved/);
    await expect(page.getByRole('button', { name: 'Finish budget' }).count()).resolves.toBe(0);
    await page.getByRole('heading', { name: 'Step 5 of 5: Review' }).waitFor();
    await expectAccessible(page);

    // reopened from its plain address: its review, every step marked done and open
    await page.goto(address);
    await page.getByRole('heading', { name: 'Step 5 of 5: Review' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'This budget is finished.' }).waitFor();
    const steps = page.getByRole('navigation', { name: 'Budget steps' });
    await expect(steps.locator('.MuiStepLabel-label.Mui-completed').count()).resolves.toBe(5);
    await expectAccessible(page);
    await steps.getByRole('tab', { name: 'Expenses' }).click();
    await page.waitForURL(step(2));
    await page.getByRole('heading', { name: 'Step 3 of 5: Expenses' }).waitFor();
    await steps.getByRole('tab', { name: 'Basics' }).click();
    await page.waitForURL(step(0));
    await expectAccessible(page);
    await steps.getByRole('tab', { name: 'Review' }).click();
    await page.waitForURL(step(4));
    await page.getByRole('main').getByRole('link', { name: 'Back to My budgets' }).last().click();
    await page.waitForURL(/\/app\/resources\/budget-wizard$/);
    await page.getByRole('link', { name: 'Finished test', exact: true }).waitFor();
    await expectAccessible(page);
  }, 180_000); // three steps and a reload, each with an axe check, on a shared 2-core machine

  it('deletes a budget and undoes it', async () => {
    await signInAs(page, 'multi');
    await page.goto('/app/resources/budget-wizard/create');
    await page.locator('#f-name').fill('Delete me');
    await page.waitForURL(step(0));
    await saved();
    await page.goto('/app/resources/budget-wizard');
    await page.getByRole('button', { name: 'Delete Delete me' }).click();
    await page.getByText('Deleted “Delete me”.').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('link', { name: 'Delete me', exact: true }).waitFor();
  });
});

describe('worksheets', () => {
  it('fills the paycheck and compound-interest worksheets, live and saved, and lists them in activity', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/worksheets');
    await expect(page.title()).resolves.toBe('Worksheets - Cashwise');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Start Paycheck Breakdown' }).click();
    await page.waitForURL('**/worksheets/paycheck');
    await expect(page.title()).resolves.toBe('Worksheet - Cashwise');
    await page.getByLabel('Gross pay per paycheck').fill('2000');
    // more pre-tax deductions than pay: said under the field (and in the results), no negative pay
    await page.getByLabel('Pre-tax deductions').fill('3000');
    await page.getByLabel('Pre-tax deductions').blur();
    await page.getByText('Pre-tax deductions cannot be more than the gross pay.').first().waitFor();
    await page.getByLabel('Pre-tax deductions').fill('100');
    await page.getByLabel('Federal income tax estimate').fill('10');
    await page.getByLabel('State income tax rate').fill('5');
    const net = page.getByRole('row', { name: /Net \(take-home\) pay/ });
    await expect(net.innerText()).resolves.toMatch(/\$1,462\.00/);
    await page.waitForURL(/\/worksheets\/paycheck\/\d+$/);
    await saved();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByLabel('Gross pay per paycheck').inputValue()).resolves.toBe('2000.00');

    await page.goto('/app/resources/worksheets/compound-interest');
    await page.getByLabel('Starting amount').fill('1000');
    await page.getByLabel('Interest rate (APY)').fill('12');
    await page.getByLabel('Years', { exact: true }).fill('1');
    // an APY: a year at 12% adds 12%, compounding included
    await expect(page.getByRole('row', { name: /Final balance/ }).innerText()).resolves.toMatch(/\$1,120\.00/);
    await page.waitForURL(/\/worksheets\/compound-interest\/\d+$/);
    await saved();
    await expectAccessible(page);

    await page.goto('/app/activity/bookmarks-budgets');
    await page.getByRole('heading', { name: 'Budgets & worksheets' }).waitFor();
    await page.getByRole('link', { name: 'Paycheck Breakdown' }).waitFor();
    await page.getByRole('link', { name: 'Compound Interest' }).waitFor();
    await expectAccessible(page);
  }, 120_000); // four pages and a reload, each with an axe check, on a shared 2-core machine
});

describe('worksheet fields', () => {
  it('tabbing past an empty field says nothing; a changed one says what is wrong once left', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/worksheets/savings-goal');
    const goal = page.getByLabel('Goal amount');
    await goal.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('[aria-invalid="true"]').count()).resolves.toBe(0);
    await goal.fill('-5');
    await goal.blur();
    await page.getByText('The amount cannot be negative.').waitFor();
    await expect(goal.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
  });
});

describe('worksheet wording', () => {
  it('an empty Debt Payoff says what to enter; durations follow plural rules; savings ask for the APY', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/worksheets/debt-payoff');
    const results = page.getByRole('region', { name: 'What to enter' });
    await results.getByText('Enter each debt’s balance, interest rate (APR) and minimum payment to see when you will be debt-free.').waitFor();
    await expect(page.getByText(/debt-free in 0 months/).count()).resolves.toBe(0);
    await expectAccessible(page);

    // $1,000 at 0% paying $60 a month: paid off in the 17th month
    await page.locator('#f-fields-debts-0-name').fill('Phone plan');
    await page.locator('#f-fields-debts-0-balanceCents').fill('1000');
    await page.locator('#f-fields-debts-0-aprBasisPoints').fill('0');
    await page.locator('#f-fields-debts-0-minimumCents').fill('60');
    await page.getByRole('heading', { name: 'Snowball: debt-free in 1 year, 5 months' }).waitFor();
    await expect(page.getByRole('row', { name: /Snowball: debt-free in/ }).innerText()).resolves.toMatch(/17 months \(1 year, 5 months\)/);
    await expect(page.getByText(/\b1 (years|months)\b/).count()).resolves.toBe(0);
    await page.waitForURL(/\/worksheets\/debt-payoff\/\d+$/);
    await saved();
    await expectAccessible(page);

    await page.goto('/app/resources/worksheets/savings-goal');
    await page.getByRole('region', { name: 'What to enter' }).waitFor();
    await expect(page.getByLabel('Interest rate (APY)').count()).resolves.toBe(1);
    await expect(page.getByLabel(/APR/).count()).resolves.toBe(0);
    await page.getByLabel('Goal amount').fill('1300');
    await page.getByLabel('Deposit each month').fill('100');
    await expect(page.getByRole('row', { name: /Time to reach the goal/ }).innerText()).resolves.toMatch(/13 months \(1 year, 1 month\)/);
    await expectAccessible(page);
  }, 120_000);
});

/** At a phone's width the page never scrolls sideways, and no table needs to: each fits the box it is in (fitsThePhone). */
describe('on a 360 px phone', () => {
  beforeEach(async () => {
    await page.setViewportSize({ width: 360, height: 740 });
  });

  it('the budget list and the review fit the screen: the columns fold together, nothing scrolls sideways', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/budget-wizard/create');
    await page.locator('#f-name').fill('Phone budget for my first apartment');
    await page.locator('#f-month').fill('2026-11');
    await page.locator('#f-payFrequency').selectOption('biweekly');
    await page.waitForURL(step(0));
    await saved();
    await next();
    await page.waitForURL(step(1));
    await page.getByRole('button', { name: 'Add income' }).click();
    await page.locator('#f-incomes-0-source').fill('Paycheck from the grocery store');
    await page.locator('#f-incomes-0-amount').fill('1,200.50');
    await page.locator('#f-incomes-0-frequency').selectOption('biweekly');
    await next();
    await page.waitForURL(step(2));
    await page.getByRole('button', { name: 'Add Rent or housing' }).click();
    await page.locator('#f-expenses-0-amount').fill('900');
    await next();
    await page.waitForURL(step(3));
    await page.getByRole('button', { name: 'Add savings goal' }).click();
    await page.locator('#f-goals-0-name').fill('Emergency fund');
    await page.locator('#f-goals-0-target').fill('1000');
    await page.locator('#f-goals-0-saved').fill('250');
    await page.locator('#f-goals-0-monthly').fill('100');
    await next();

    await page.waitForURL(step(4));
    await page.locator('[data-testid="fifty-chart"] svg').first().waitFor();
    // the section and details are under the item's name; the share of income under the plan's amount
    const lines = page.getByRole('table', { name: 'Every line of the budget' });
    await expect(lines.getByRole('columnheader').allInnerTexts()).resolves.toEqual(['Item', 'Monthly']);
    await expect(lines.getByRole('row', { name: /Emergency fund/ }).innerText()).resolves.toMatch(/Savings goal · Saved \$250\.00 of \$1,000\.00\s+\$100\.00/);
    const fifty = page.getByRole('table', { name: '50/30/20 comparison' });
    await expect(fifty.getByRole('row', { name: /Needs/ }).innerText()).resolves.toMatch(/\$1,300\.54\s+\$900\.00\s+34\.6%/);
    await fitsThePhone();
    await expectAccessible(page);

    await page.goto('/app/resources/budget-wizard');
    const row = page.getByRole('table', { name: 'My budgets' }).getByRole('row', { name: /Phone budget for my first apartment/ });
    await expect(row.innerText()).resolves.toMatch(/November 2026\s+Income \$2,601\.08\s+Planned \$1,000\.00\s+Left over \$1,601\.08/);
    await row.getByRole('button', { name: 'Delete Phone budget for my first apartment' }).waitFor();
    await fitsThePhone();
    await expectAccessible(page);
  }, 120_000);

  it('the worksheets fit too; a long schedule scrolls in its own frame, with a cue, reached by keyboard', async () => {
    await signInAs(page, 'learner');
    await page.goto('/app/resources/worksheets/paycheck');
    await page.getByLabel('Gross pay per paycheck').fill('2000');
    await page.getByLabel('Federal income tax estimate').fill('10');
    await page.waitForURL(/\/worksheets\/paycheck\/\d+$/);
    await saved();
    await fitsThePhone();
    await expectAccessible(page);

    await page.goto('/app/resources/worksheets/debt-payoff');
    await page.getByLabel('Extra each month').fill('10');
    await page.getByLabel('Debt', { exact: true }).fill('Store card');
    await page.getByLabel('Balance', { exact: true }).fill('1500');
    await page.getByLabel('Interest rate (APR)').fill('24');
    await page.getByLabel('Minimum payment').fill('40');
    await page.waitForURL(/\/worksheets\/debt-payoff\/\d+$/);
    await saved();
    // a schedule of more than 14 months: a region of its own with a shadow below, scrolled by keyboard
    const schedule = page.getByRole('region', { name: 'Snowball: month by month (scrollable)' });
    const frame = page.locator('[data-scroll-cues]').filter({ has: schedule });
    await expect(frame.getAttribute('data-scroll-cues')).resolves.toBe('bottom');
    await schedule.focus();
    await page.keyboard.press('PageDown');
    await page.locator('[data-scroll-cues="top bottom"]').filter({ has: schedule }).waitFor();
    await fitsThePhone();
    await expectAccessible(page);

    await page.goto('/app/resources/worksheets');
    await page.getByRole('table', { name: 'My worksheets' }).getByRole('row', { name: /Debt Payoff/ }).first().waitFor();
    await fitsThePhone();
    await expectAccessible(page);
  }, 120_000);
});
