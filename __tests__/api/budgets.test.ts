/** Budgets and worksheets through the service proxy on a real database: ownership, versions, bad payloads. */
import { BUDGET_MESSAGES, emptyBudget, type BudgetData, type BudgetRecord, type BudgetSummary } from '../../src/common/budget';
import { WORKSHEET_MESSAGES, emptyWorksheet, type WorksheetRecord, type WorksheetSummary } from '../../src/common/worksheets';
import { createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
let learner: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  learner = (await signIn(t.app, 'learner')).token;
  other = (await signIn(t.app, 'multi')).token;
});
afterAll(async () => {
  await t.close();
});

const call = (token: string | null, method: string, path: string, payload?: unknown) => serviceCall(t.app, method, path, { token, payload });

const BUDGET: BudgetData = {
  name: 'September plan',
  month: '2026-09',
  payFrequency: 'biweekly',
  incomes: [{ source: 'Paycheck', amountCents: 120_000, frequency: 'biweekly' }],
  expenses: [{ category: 'Rent', kind: 'need', variability: 'fixed', amountCents: 90_000 }],
  goals: [],
  debts: [],
};

async function createBudget(token = learner, data: BudgetData = BUDGET): Promise<BudgetRecord> {
  const response = await call(token, 'POST', '/budgets', { status: 'draft', data });
  expect(response.statusCode).toBe(201);
  return response.json() as BudgetRecord;
}

describe('budgets', () => {
  it('creates a draft at version 1 and lists it with its totals', async () => {
    const created = await createBudget();
    expect(created).toMatchObject({ status: 'draft', version: 1, data: BUDGET });
    const list = (await call(learner, 'GET', '/budgets')).json() as BudgetSummary[];
    expect(list.find((b) => b.id === created.id)).toEqual({
      id: created.id,
      name: 'September plan',
      month: '2026-09',
      status: 'draft',
      version: 1,
      updatedAt: created.updatedAt,
      totals: { incomeCents: 260_000, spendingCents: 90_000, balanceCents: 170_000 },
    });
  });

  it('needs a signed-in learner', async () => {
    expect((await call(null, 'GET', '/budgets')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/budgets', { status: 'draft', data: BUDGET })).statusCode).toBe(401);
  });

  it("never shows or changes another learner's budget: 404, never data", async () => {
    const mine = await createBudget();
    for (const [method, path, payload] of [
      ['GET', `/budgets/${mine.id}`, undefined],
      ['PUT', `/budgets/${mine.id}`, { version: 1, status: 'draft', data: { ...BUDGET, name: 'hacked' } }],
      ['POST', `/budgets/${mine.id}/duplicate`, undefined],
      ['DELETE', `/budgets/${mine.id}`, undefined],
      ['POST', `/budgets/${mine.id}/restore`, undefined],
    ] as const) {
      const response = await call(other, method, path, payload);
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe(BUDGET_MESSAGES.notFound);
    }
    expect(((await call(other, 'GET', '/budgets')).json() as BudgetSummary[]).some((b) => b.id === mine.id)).toBe(false);
    expect(((await call(learner, 'GET', `/budgets/${mine.id}`)).json() as BudgetRecord).data.name).toBe('September plan');
  });

  it.each(['999999', '0', 'abc', '1.5', '-1', '12345678901'])('an id of %p is not found', async (id) => {
    const response = await call(learner, 'GET', `/budgets/${id}`);
    expect(response.statusCode).toBe(404);
  });

  it('saves with the version it was based on and refuses a stale one with 409', async () => {
    const created = await createBudget();
    const first = await call(learner, 'PUT', `/budgets/${created.id}`, { version: 1, status: 'draft', data: { ...BUDGET, name: 'Tab A' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, data: { name: 'Tab A' } });

    const stale = await call(learner, 'PUT', `/budgets/${created.id}`, { version: 1, status: 'draft', data: { ...BUDGET, name: 'Tab B' } });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(`${BUDGET_MESSAGES.conflict} (Saved version: 2.)`);
    expect(((await call(learner, 'GET', `/budgets/${created.id}`)).json() as BudgetRecord).data.name).toBe('Tab A');
  });

  it('finishes a budget only when it is complete', async () => {
    const created = await createBudget(learner, { ...emptyBudget(), name: 'Half done' });
    const refused = await call(learner, 'PUT', `/budgets/${created.id}`, { version: 1, status: 'complete', data: { ...emptyBudget(), name: 'Half done' } });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toMatch(/month|income/i);
    const done = await call(learner, 'PUT', `/budgets/${created.id}`, { version: 1, status: 'complete', data: BUDGET });
    expect(done.json()).toMatchObject({ status: 'complete', version: 2 });
    expect((await call(learner, 'POST', '/budgets', { status: 'complete', data: emptyBudget() })).statusCode).toBe(400);
  });

  it.each<[string, unknown]>([
    ['no payload', undefined],
    ['a negative amount', { status: 'draft', data: { ...BUDGET, incomes: [{ source: 'x', amountCents: -1, frequency: 'weekly' }] } }],
    ['dollars instead of cents', { status: 'draft', data: { ...BUDGET, incomes: [{ source: 'x', amountCents: 12.5, frequency: 'weekly' }] } }],
    ['an amount over $10,000,000', { status: 'draft', data: { ...BUDGET, incomes: [{ source: 'x', amountCents: 1_000_000_001, frequency: 'weekly' }] } }],
    ['a text amount', { status: 'draft', data: { ...BUDGET, incomes: [{ source: 'x', amountCents: '100', frequency: 'weekly' }] } }],
    ['an unknown status', { status: 'final', data: BUDGET }],
    ['an owner', { status: 'draft', data: BUDGET, user_id: 1 }],
    ['a string', 'budget'],
    ['deep junk', { status: 'draft', data: { ...BUDGET, expenses: [{ nested: { a: [1, 2] } }] } }],
  ])('refuses %s with 400, never 500', async (_label, payload) => {
    const response = await call(learner, 'POST', '/budgets', payload);
    expect(response.statusCode).toBe(400);
    expect(typeof messageOf(response)).toBe('string');
  });

  it('refuses an update without a version', async () => {
    const created = await createBudget();
    const response = await call(learner, 'PUT', `/budgets/${created.id}`, { status: 'draft', data: BUDGET });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('version is required.');
  });

  it('duplicates as a new draft named "Copy of …"', async () => {
    const created = await createBudget();
    const copy = await call(learner, 'POST', `/budgets/${created.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ status: 'draft', version: 1, data: { ...BUDGET, name: 'Copy of September plan' } });
    expect((copy.json() as BudgetRecord).id).not.toBe(created.id);
  });

  it('deletes softly and undoes the delete', async () => {
    const created = await createBudget();
    expect((await call(learner, 'DELETE', `/budgets/${created.id}`)).json()).toEqual({ id: created.id, deleted: true });
    expect((await call(learner, 'GET', `/budgets/${created.id}`)).statusCode).toBe(404);
    expect(((await call(learner, 'GET', '/budgets')).json() as BudgetSummary[]).some((b) => b.id === created.id)).toBe(false);
    expect((await call(learner, 'PUT', `/budgets/${created.id}`, { version: 1, status: 'draft', data: BUDGET })).statusCode).toBe(404);
    const restored = await call(learner, 'POST', `/budgets/${created.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: created.id, version: 1 });
    expect((await call(learner, 'POST', `/budgets/${created.id}/restore`)).statusCode).toBe(404);
  });
});

describe('worksheets', () => {
  async function createWorksheet(token = learner): Promise<WorksheetRecord> {
    const response = await call(token, 'POST', '/worksheets', { kind: 'paycheck', title: '', data: emptyWorksheet('paycheck') });
    expect(response.statusCode).toBe(201);
    return response.json() as WorksheetRecord;
  }

  it('creates with the kind as its default title, saves by version and lists', async () => {
    const created = await createWorksheet();
    expect(created).toMatchObject({ kind: 'paycheck', title: 'Paycheck Breakdown', version: 1 });
    const data = { ...emptyWorksheet('paycheck'), grossCents: 200_000 };
    const saved = await call(learner, 'PUT', `/worksheets/${created.id}`, { kind: 'paycheck', version: 1, title: 'My job', data });
    expect(saved.json()).toMatchObject({ version: 2, title: 'My job', data });
    const stale = await call(learner, 'PUT', `/worksheets/${created.id}`, { kind: 'paycheck', version: 1, title: 'Old', data });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(`${WORKSHEET_MESSAGES.conflict} (Saved version: 2.)`);
    const list = (await call(learner, 'GET', '/worksheets')).json() as WorksheetSummary[];
    expect(list.find((w) => w.id === created.id)).toMatchObject({ title: 'My job', version: 2 });
    expect(list.find((w) => w.id === created.id)).not.toHaveProperty('data');
  });

  it("keeps another learner's worksheets out of reach", async () => {
    const mine = await createWorksheet();
    expect((await call(other, 'GET', `/worksheets/${mine.id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/worksheets/${mine.id}`, { kind: 'paycheck', version: 1, title: '', data: emptyWorksheet('paycheck') })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/worksheets/${mine.id}`)).statusCode).toBe(404);
    expect(((await call(other, 'GET', '/worksheets')).json() as WorksheetSummary[]).some((w) => w.id === mine.id)).toBe(false);
  });

  it('refuses bad payloads and a change of kind with 400', async () => {
    const created = await createWorksheet();
    expect((await call(learner, 'POST', '/worksheets', { kind: 'lottery', title: '', data: {} })).statusCode).toBe(400);
    expect((await call(learner, 'POST', '/worksheets', { kind: 'paycheck', title: '', data: emptyWorksheet('net-worth') })).statusCode).toBe(400);
    const changed = await call(learner, 'PUT', `/worksheets/${created.id}`, { kind: 'net-worth', version: 1, title: '', data: emptyWorksheet('net-worth') });
    expect(changed.statusCode).toBe(400);
    expect(messageOf(changed)).toBe(WORKSHEET_MESSAGES.kindChanged);
  });

  it('duplicates, deletes and restores', async () => {
    const created = await createWorksheet();
    const copy = await call(learner, 'POST', `/worksheets/${created.id}/duplicate`);
    expect(copy.json()).toMatchObject({ title: 'Copy of Paycheck Breakdown', version: 1, kind: 'paycheck' });
    expect((await call(learner, 'DELETE', `/worksheets/${created.id}`)).statusCode).toBe(200);
    expect((await call(learner, 'GET', `/worksheets/${created.id}`)).statusCode).toBe(404);
    expect((await call(learner, 'POST', `/worksheets/${created.id}/restore`)).json()).toMatchObject({ id: created.id });
  });
});

describe('missing payloads', () => {
  it.each([
    ['POST', '/worksheets'],
    ['PUT', '/worksheets/1'],
    ['PUT', '/budgets/1'],
  ])('%s %s without a payload is 400', async (method, path) => {
    const response = await call(learner, method, path);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('A payload is required.');
  });
});
