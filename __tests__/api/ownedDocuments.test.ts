/**
 * The owned-document lifecycle (services/ownedDocuments/) through both of its kinds,
 * budgets and worksheets, on a real database: which answer wins when several would apply (404
 * before a refused payload, 400 for a kind change before 409), that a refused save writes nothing,
 * the list's order and the soft delete.
 */
import { BUDGET_MESSAGES, emptyBudget, type BudgetData } from '../../src/common/budget';
import { WORKSHEET_MESSAGES, emptyWorksheet } from '../../src/common/worksheets';
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

const call = (token: string, method: string, path: string, payload?: unknown) => serviceCall(t.app, method, path, { token, payload });

const BUDGET: BudgetData = {
  name: 'October plan',
  month: '2026-10',
  payFrequency: 'monthly',
  incomes: [{ source: 'Job', amountCents: 100_000, frequency: 'monthly' }],
  expenses: [{ category: 'Food', kind: 'need', variability: 'variable', amountCents: 30_000 }],
  goals: [],
  debts: [],
};

interface Kind {
  path: string;
  messages: { notFound: string; conflict: string };
  create: unknown;
  /** a save based on `version` */
  save(version: number, label: string): unknown;
  /** a save the kind refuses whatever the stored row holds (a budget finished while incomplete) */
  refusedPayload?(version: number): unknown;
  /** what a saved document's answer says of `label` */
  labelOf(body: unknown): string;
}

const KINDS: Record<'budgets' | 'worksheets', Kind> = {
  budgets: {
    path: '/budgets',
    messages: BUDGET_MESSAGES,
    create: { status: 'draft', data: BUDGET },
    save: (version, label) => ({ version, status: 'draft', data: { ...BUDGET, name: label } }),
    refusedPayload: (version) => ({ version, status: 'complete', data: { ...emptyBudget(), name: 'Half done' } }),
    labelOf: (body) => (body as { data: BudgetData }).data.name,
  },
  worksheets: {
    path: '/worksheets',
    messages: WORKSHEET_MESSAGES,
    create: { kind: 'paycheck', title: 'Mine', data: emptyWorksheet('paycheck') },
    save: (version, label) => ({ kind: 'paycheck', version, title: label, data: emptyWorksheet('paycheck') }),
    labelOf: (body) => (body as { title: string }).title,
  },
};

async function create(kind: Kind, token = learner): Promise<{ id: number; version: number }> {
  const response = await call(token, 'POST', kind.path, kind.create);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number };
}

describe.each(Object.entries(KINDS))('%s', (_name, kind) => {
  it('answers a save with the row as stored, at the next version', async () => {
    const { id } = await create(kind);
    t.clock.advance(1_000);
    const saved = await call(learner, 'PUT', `${kind.path}/${id}`, kind.save(1, 'Saved once'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id, version: 2, updatedAt: t.clock() });
    expect(kind.labelOf(saved.json())).toBe('Saved once');
    expect((await call(learner, 'GET', `${kind.path}/${id}`)).json()).toEqual(saved.json());
  });

  it('refuses a stale save with 409 naming the saved version, and writes nothing', async () => {
    const { id } = await create(kind);
    await call(learner, 'PUT', `${kind.path}/${id}`, kind.save(1, 'Second'));
    await call(learner, 'PUT', `${kind.path}/${id}`, kind.save(2, 'Third'));
    const stale = await call(learner, 'PUT', `${kind.path}/${id}`, kind.save(2, 'Stale'));
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(`${kind.messages.conflict} (Saved version: 3.)`);
    const stored = (await call(learner, 'GET', `${kind.path}/${id}`)).json() as { version: number };
    expect(stored.version).toBe(3);
    expect(kind.labelOf(stored)).toBe('Third');
  });

  it("is 404 for another learner's, a deleted or a missing document, whatever the save's version", async () => {
    const { id } = await create(kind);
    const deleted = await create(kind);
    expect((await call(learner, 'DELETE', `${kind.path}/${deleted.id}`)).statusCode).toBe(200);
    for (const [token, target, version] of [
      [other, id, 1],
      [other, id, 7],
      [learner, deleted.id, 1],
      [learner, 999_999_999, 1],
    ] as const) {
      const response = await call(token, 'PUT', `${kind.path}/${target}`, kind.save(version, 'Nope'));
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe(kind.messages.notFound);
    }
    const stored = (await call(learner, 'GET', `${kind.path}/${id}`)).json() as { version: number };
    expect(stored.version).toBe(1);
  });

  it('lists the most recently saved first and leaves deleted ones out until restored', async () => {
    const first = await create(kind);
    t.clock.advance(1_000);
    const second = await create(kind);
    t.clock.advance(1_000);
    await call(learner, 'PUT', `${kind.path}/${first.id}`, kind.save(1, 'Touched'));
    const ids = () => call(learner, 'GET', kind.path).then((r) => (r.json() as { id: number }[]).map((d) => d.id));
    const listed = await ids();
    expect(listed.indexOf(first.id)).toBeLessThan(listed.indexOf(second.id));

    expect((await call(learner, 'DELETE', `${kind.path}/${second.id}`)).json()).toEqual({ id: second.id, deleted: true });
    expect(await ids()).not.toContain(second.id);
    expect((await call(learner, 'DELETE', `${kind.path}/${second.id}`)).statusCode).toBe(404);
    expect((await call(learner, 'POST', `${kind.path}/${first.id}/restore`)).statusCode).toBe(404);
    const restored = await call(learner, 'POST', `${kind.path}/${second.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: second.id, version: 1 });
    expect(await ids()).toContain(second.id);
  });

  it('duplicates as a new document at version 1, owned by the same learner only', async () => {
    const { id } = await create(kind);
    const copy = await call(learner, 'POST', `${kind.path}/${id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    const body = copy.json() as { id: number; version: number };
    expect(body.id).not.toBe(id);
    expect(body.version).toBe(1);
    expect(kind.labelOf(body)).toMatch(/^Copy of /);
    expect((await call(other, 'GET', `${kind.path}/${body.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `${kind.path}/${id}/duplicate`)).statusCode).toBe(404);
  });
});

describe('a save the kind refuses', () => {
  it("budgets: a finished budget that is incomplete is 400, but 404 first when the budget is not the learner's", async () => {
    const kind = KINDS.budgets;
    const { id } = await create(kind);
    const refused = await call(learner, 'PUT', `${kind.path}/${id}`, kind.refusedPayload?.(1));
    expect(refused.statusCode).toBe(400);
    const hidden = await call(other, 'PUT', `${kind.path}/${id}`, kind.refusedPayload?.(1));
    expect(hidden.statusCode).toBe(404);
    expect(messageOf(hidden)).toBe(BUDGET_MESSAGES.notFound);
    expect(((await call(learner, 'GET', `${kind.path}/${id}`)).json() as { version: number }).version).toBe(1);
  });

  it.each([
    // [what the save is based on, the stored version, the save's version]
    ['the stored version', 1, 1],
    ['a stale version (400 before 409)', 2, 1],
  ])('worksheets: a change of kind based on %s is 400 and writes nothing', async (_label, storedVersion, version) => {
    const kind = KINDS.worksheets;
    const { id } = await create(kind);
    if (storedVersion === 2) await call(learner, 'PUT', `${kind.path}/${id}`, kind.save(1, 'Now at 2'));
    const changed = await call(learner, 'PUT', `${kind.path}/${id}`, { kind: 'net-worth', version, title: '', data: emptyWorksheet('net-worth') });
    expect(changed.statusCode).toBe(400);
    expect(messageOf(changed)).toBe(WORKSHEET_MESSAGES.kindChanged);
    const stored = (await call(learner, 'GET', `${kind.path}/${id}`)).json() as { kind: string; version: number };
    expect(stored).toMatchObject({ kind: 'paycheck', version: storedVersion });
    // and 404 before the kind is judged
    const hidden = await call(other, 'PUT', `${kind.path}/${id}`, { kind: 'net-worth', version: 1, title: '', data: emptyWorksheet('net-worth') });
    expect(hidden.statusCode).toBe(404);
  });
});
