/**
 * The budgets part of /app/activity/bookmarks-budgets: the learner's budgets and worksheets with
 * links. Self-contained (loads both lists itself) so the activity page only renders it.
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BudgetSummary } from '../../../../common/budget';
import { formatCents } from '../../../../common/money';
import { WORKSHEET_INFO, type WorksheetSummary } from '../../../../common/worksheets';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTimeZone } from '../../auth';
import {
  selectWorksheetList,
  WORKSHEETS_PATH,
  worksheetListRequested,
  worksheetName,
  worksheetPath,
} from '../../worksheets';
import { monthLabel } from '../exports';
import { selectBudgetList } from '../selectors';
import { BUDGET_WIZARD_PATH, budgetListRequested, budgetName, budgetPath } from '../slice';
import { DocumentLinks, ListLoadFailed } from '../../documents';

const budgetDetails = (budget: BudgetSummary) =>
  `${budget.month ? monthLabel(budget.month) : 'no month'}, income ${formatCents(budget.totals.incomeCents)}, left over ${formatCents(budget.totals.balanceCents)}${budget.status === 'draft' ? ' (draft)' : ''}`;
const worksheetDetails = (sheet: WorksheetSummary) => WORKSHEET_INFO[sheet.kind]?.title ?? sheet.kind;

export function MyBudgetsAndWorksheets({ headingId = 'my-budgets-heading' }: { headingId?: string }) {
  const dispatch = useAppDispatch();
  const budgets = useAppSelector(selectBudgetList);
  const worksheets = useAppSelector(selectWorksheetList);
  const timeZone = useAppSelector(selectTimeZone);
  useEffect(() => {
    dispatch(budgetListRequested());
    dispatch(worksheetListRequested());
  }, [dispatch]);

  // the lists of the learner's own names are left out of session recordings (DocumentLinks, ui/recordingPrivacy.ts)
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        Budgets & worksheets
      </Typography>
      <Typography variant="h6" component="h3">
        Budgets
      </Typography>
      {budgets.status === 'failed' && <ListLoadFailed what="budgets" error={budgets.error} />}
      {budgets.status === 'succeeded' && budgets.items.length === 0 && (
        <Typography sx={{ mb: 2 }}>
          No budgets yet. <Link component={RouterLink} to={`${BUDGET_WIZARD_PATH}/create`}>Create a budget</Link>
        </Typography>
      )}
      {budgets.items.length > 0 && (
        <DocumentLinks label="My budgets" items={budgets.items} timeZone={timeZone} nameOf={budgetName} hrefOf={budgetPath} details={budgetDetails} />
      )}
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        Worksheets
      </Typography>
      {worksheets.status === 'failed' && <ListLoadFailed what="worksheets" error={worksheets.error} />}
      {worksheets.status === 'succeeded' && worksheets.items.length === 0 && (
        <Typography>
          No worksheets yet. <Link component={RouterLink} to={WORKSHEETS_PATH}>Browse worksheets</Link>
        </Typography>
      )}
      {worksheets.items.length > 0 && (
        <DocumentLinks label="My worksheets" items={worksheets.items} timeZone={timeZone} nameOf={worksheetName} hrefOf={worksheetPath} details={worksheetDetails} />
      )}
    </Box>
  );
}
