/**
 * Budgets: an owned document (services/ownedDocuments: list, get, create, save by version,
 * duplicate, delete softly, restore; every query filtered by user_id; a stale save gets 409 and is
 * never written). What is a budget's own: its name and month beside the data, and a finished budget
 * must be complete.
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
import { HttpError } from '../../http/errors';
import type { ServiceRoute } from '../types';
import { ownedDocumentRoutes, parseData, type OwnedRow } from '../ownedDocuments/routes';

type BudgetRow = OwnedRow<'budgets'>;

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

/** The columns of a budget with this status and data, once a finished one is known to be complete. */
function budgetColumns(status: BudgetStatus, data: BudgetData) {
  checkComplete(status, data);
  return { name: data.name, month: data.month, status, data: JSON.stringify(data) };
}

const copyName = (name: string): string => `Copy of ${name || 'budget'}`.slice(0, 80);

export const budgetsRoutes: readonly ServiceRoute[] = ownedDocumentRoutes({
  table: 'budgets',
  path: '/budgets',
  messages: BUDGET_MESSAGES,
  createSchema: budgetCreateSchema,
  updateSchema: budgetUpdateSchema,
  toSummary: toBudgetSummary,
  toRecord: toBudgetRecord,
  created: ({ status, data }: { status: BudgetStatus; data: BudgetData }) => budgetColumns(status, data),
  saved: ({ status, data }: { version: number; status: BudgetStatus; data: BudgetData }) => budgetColumns(status, data),
  // a copy is a new draft named "Copy of …"
  copied: (source) => {
    const data: BudgetData = { ...parseData<BudgetData>(source.data) };
    data.name = copyName(data.name);
    return { name: data.name, month: data.month, status: 'draft', data: JSON.stringify(data) };
  },
});
