/** /app/resources/budget-wizard: the learner's budgets, a new budget, and a saved one (numeric id). */
import { Suspense } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { BudgetSummary } from '../../../../common/budget';
import { formatCents } from '../../../../common/money';
import { useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { documentIdOf, useDocumentList, DocumentTable, ListLoadFailed, UndoDeleteAlert, type DocumentColumn } from '../../documents';
import { selectTimeZone } from '../../auth';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';
import { BudgetWizard } from '../components/BudgetWizard';
import { TurnInPanel } from '../../classroom';
import { monthLabel } from '../exports';
import { BUDGET_WIZARD_PATH, budgetName, budgetPath, budgets } from '../slice';
import { registerArea } from '../../../app/areas';
import { budgetsArea } from '../area';
import { worksheetsArea } from '../../worksheets';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(budgetsArea);
registerArea(worksheetsArea);

const RESOURCES: Crumb = { label: 'Resources', to: '/app/resources' };

const BUDGET_COLUMNS: ReadonlyArray<DocumentColumn<BudgetSummary>> = [
  { header: 'Month', value: (budget) => (budget.month ? monthLabel(budget.month) : '—') },
  { header: 'Income', numeric: true, phoneLabel: 'Income', value: (budget) => formatCents(budget.totals.incomeCents) },
  { header: 'Planned', numeric: true, phoneLabel: 'Planned', value: (budget) => formatCents(budget.totals.spendingCents) },
  { header: 'Left over', numeric: true, phoneLabel: 'Left over', value: (budget) => formatCents(budget.totals.balanceCents) },
];

const draftChip = (budget: BudgetSummary) => (
  <>
    {' '}
    {budget.status === 'draft' && <Chip label="Draft" size="small" variant="outlined" />}
  </>
);

export function BudgetListPage() {
  const { list, lastDeleted, undo, dismissUndo, duplicate, remove } = useDocumentList(budgets);
  const timeZone = useAppSelector(selectTimeZone);

  return (
    <PageFrame title="Budget Wizard" crumbs={[RESOURCES, { label: 'Budget Wizard' }]} intro="Plan a month of income, spending and saving, one step at a time. Your work is saved as you type.">
      <Button component={RouterLink} to={`${BUDGET_WIZARD_PATH}/create`} variant="contained" sx={{ mb: 2 }}>
        Create a budget
      </Button>
      <UndoDeleteAlert deleted={lastDeleted} onUndo={undo} onDismiss={dismissUndo} />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        My budgets
      </Typography>
      {list.status === 'loading' && list.items.length === 0 && <PageLoading />}
      {list.status === 'failed' && <ListLoadFailed what="budgets" error={list.error} />}
      {list.status === 'succeeded' && list.items.length === 0 && <Typography>You have no budgets yet. Create one to get started.</Typography>}
      {list.items.length > 0 && (
        // on a phone the month and figures go under the name
        <DocumentTable
          label="My budgets"
          items={list.items}
          timeZone={timeZone}
          nameOf={budgetName}
          hrefOf={budgetPath}
          afterName={draftChip}
          columns={BUDGET_COLUMNS}
          withOpen
          onDuplicate={duplicate}
          onDelete={remove}
        />
      )}
    </PageFrame>
  );
}

export function BudgetCreatePage() {
  return <BudgetWizard id={null} />;
}

export function BudgetEditPage() {
  const id = documentIdOf(useParams().id ?? '');
  if (id === null) return <NotFoundPage />;
  return (
    <>
      <BudgetWizard key={id} id={id} />
      {/* a student in a class can turn the saved budget in (nothing otherwise) */}
      <Suspense fallback={null}>
        <TurnInPanel kind="budget" documentId={id} />
      </Suspense>
    </>
  );
}
