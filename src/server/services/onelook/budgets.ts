/**
 * Budgets (issue #7): list, get, create, update (versioned), duplicate, delete (soft) and restore.
 * Every row carries user_id and every query filters by it. Saves carry the version they were based
 * on; a stale one gets 409 and is never written.
 */
import {
  BUDGET_MESSAGES,
  budgetCompleteSchema,
  budgetCreateSchema,
  budgetTotals,
  budgetUpdateSchema,
  type BudgetData,
  type BudgetRecord,
  type BudgetStatus,
  type BudgetSummary,
} from '../../../common/budget';
import { ValidationError } from 'yup';
import type { Selectable } from 'kysely';
import type { BudgetsTable } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { conflict, documentId, ownerId, parseData } from './documents';

type BudgetRow = Selectable<BudgetsTable>;

export function toBudgetRecord(row: BudgetRow): BudgetRecord {
  return {
    id: row.id,
    status: row.status as BudgetStatus,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    data: parseData<BudgetData>(row.data),
  };
}

export function toBudgetSummary(row: BudgetRow): BudgetSummary {
  const totals = budgetTotals(parseData<BudgetData>(row.data));
  return {
    id: row.id,
    name: row.name,
    month: row.month,
    status: row.status as BudgetStatus,
    version: row.version,
    updatedAt: row.updated_at,
    totals: { incomeCents: totals.incomeCents, spendingCents: totals.spendingCents, balanceCents: totals.balanceCents },
  };
}

async function findOwned(ctx: ServiceContext, deleted = false): Promise<BudgetRow> {
  const row = await ctx.db
    .selectFrom('budgets')
    .selectAll()
    .where('id', '=', documentId(ctx, BUDGET_MESSAGES.notFound))
    .where('user_id', '=', ownerId(ctx))
    .where('deleted_at', deleted ? 'is not' : 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, BUDGET_MESSAGES.notFound);
  return row;
}

/** A finished budget must be complete; a draft only well-formed (the route's schema checked that). */
function checkComplete(status: BudgetStatus, data: BudgetData): void {
  if (status !== 'complete') return;
  try {
    budgetCompleteSchema.validateSync(data, { abortEarly: true });
  } catch (error) {
    if (error instanceof ValidationError) throw new HttpError(400, `${error.path ? `${error.path}: ` : ''}${error.message}`);
    throw error;
  }
}

const copyName = (name: string): string => `Copy of ${name || 'budget'}`.slice(0, 80);

export const budgetsRoutes: readonly ServiceRoute[] = [
  {
    method: 'GET',
    path: '/budgets',
    access: 'user',
    handler: async (ctx) => {
      const rows = await ctx.db
        .selectFrom('budgets')
        .selectAll()
        .where('user_id', '=', ownerId(ctx))
        .where('deleted_at', 'is', null)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toBudgetSummary);
    },
  },
  {
    method: 'GET',
    path: '/budgets/:id',
    access: 'user',
    handler: async (ctx) => toBudgetRecord(await findOwned(ctx)),
  },
  {
    method: 'POST',
    path: '/budgets',
    access: 'user',
    payloadSchema: budgetCreateSchema,
    handler: async (ctx) => {
      const { status, data } = ctx.payload as { status: BudgetStatus; data: BudgetData };
      checkComplete(status, data);
      const now = ctx.clock();
      const row = await ctx.db
        .insertInto('budgets')
        .values({ user_id: ownerId(ctx), name: data.name, month: data.month, status, data: JSON.stringify(data), version: 1, created_at: now, updated_at: now, deleted_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return new Result(201, toBudgetRecord(row));
    },
  },
  {
    method: 'PUT',
    path: '/budgets/:id',
    access: 'user',
    payloadSchema: budgetUpdateSchema,
    handler: async (ctx) => {
      const { version, status, data } = ctx.payload as { version: number; status: BudgetStatus; data: BudgetData };
      const id = documentId(ctx, BUDGET_MESSAGES.notFound);
      const userId = ownerId(ctx);
      try {
        checkComplete(status, data);
      } catch (error) {
        // a budget that is not there is a 404 before the payload is judged
        await findOwned(ctx);
        throw error;
      }
      // one statement in the common case (issue #9): the version guard in the WHERE, the saved row back
      const saved = await ctx.db
        .updateTable('budgets')
        .set({ name: data.name, month: data.month, status, data: JSON.stringify(data), version: version + 1, updated_at: ctx.clock() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (saved) return toBudgetRecord(saved);
      // nothing saved: not this learner's (or deleted) → 404; another version saved meanwhile → 409
      throw conflict(BUDGET_MESSAGES.conflict, (await findOwned(ctx)).version);
    },
  },
  {
    method: 'POST',
    path: '/budgets/:id/duplicate',
    access: 'user',
    handler: async (ctx) => {
      const source = await findOwned(ctx);
      const data: BudgetData = { ...parseData<BudgetData>(source.data) };
      data.name = copyName(data.name);
      const now = ctx.clock();
      const row = await ctx.db
        .insertInto('budgets')
        .values({ user_id: source.user_id, name: data.name, month: data.month, status: 'draft', data: JSON.stringify(data), version: 1, created_at: now, updated_at: now, deleted_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return new Result(201, toBudgetRecord(row));
    },
  },
  {
    method: 'DELETE',
    path: '/budgets/:id',
    access: 'user',
    handler: async (ctx) => {
      const row = await findOwned(ctx);
      await ctx.db.updateTable('budgets').set({ deleted_at: ctx.clock() }).where('id', '=', row.id).where('user_id', '=', row.user_id).execute();
      return { id: row.id, deleted: true };
    },
  },
  {
    method: 'POST',
    path: '/budgets/:id/restore',
    access: 'user',
    handler: async (ctx) => {
      const row = await findOwned(ctx, true);
      await ctx.db.updateTable('budgets').set({ deleted_at: null }).where('id', '=', row.id).where('user_id', '=', row.user_id).execute();
      return toBudgetRecord(await findOwned(ctx));
    },
  },
];
