/** /app/resources/budget-wizard: the learner's budgets, a new budget, and a saved one (numeric id). */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { formatCents } from '../../../../common/money';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { formatDate } from '../../../ui/format';
import { selectTimeZone } from '../../auth/timeZone';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';
import { BudgetWizard } from '../components/BudgetWizard';
import { monthLabel } from '../exports';
import { selectBudgetList, selectLastDeletedBudget } from '../selectors';
import {
  BUDGET_WIZARD_PATH,
  budgetDeleteRequested,
  budgetDuplicateRequested,
  budgetListRequested,
  budgetRestoreRequested,
  budgetUndoDismissed,
} from '../slice';
import { registerArea } from '../../../app/areas';
import { budgetsArea } from '../area';
import { worksheetsArea } from '../../worksheets/area';
import { RECORDING_BLOCK_CLASS, RECORDING_MASK_CLASS } from '../../../ui/recordingPrivacy';
import { TableFrame, blockBelowSm, cellFromSm } from '../../../ui/TableFrame';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(budgetsArea);
registerArea(worksheetsArea);

const RESOURCES: Crumb = { label: 'Resources', to: '/app/resources' };

export function BudgetListPage() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectBudgetList);
  const lastDeleted = useAppSelector(selectLastDeletedBudget);
  const timeZone = useAppSelector(selectTimeZone);
  useEffect(() => {
    dispatch(budgetListRequested());
  }, [dispatch]);

  return (
    <PageFrame title="Budget Wizard" crumbs={[RESOURCES, { label: 'Budget Wizard' }]} intro="Plan a month of income, spending and saving, one step at a time. Your work is saved as you type.">
      <Button component={RouterLink} to={`${BUDGET_WIZARD_PATH}/create`} variant="contained" sx={{ mb: 2 }}>
        Create a budget
      </Button>
      {lastDeleted && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <>
              <Button color="inherit" size="small" onClick={() => dispatch(budgetRestoreRequested({ id: lastDeleted.id }))}>
                Undo
              </Button>
              <Button color="inherit" size="small" onClick={() => dispatch(budgetUndoDismissed())}>
                Dismiss
              </Button>
            </>
          }
        >
          Deleted “<span className={RECORDING_MASK_CLASS}>{lastDeleted.label}</span>”.
        </Alert>
      )}
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        My budgets
      </Typography>
      {list.status === 'loading' && list.items.length === 0 && <PageLoading />}
      {list.status === 'failed' && <Alert severity="error">Your budgets could not be loaded: {list.error?.message}</Alert>}
      {list.status === 'succeeded' && list.items.length === 0 && <Typography>You have no budgets yet. Create one to get started.</Typography>}
      {list.items.length > 0 && (
        // the learner's own names, in text and in the buttons' labels: left out of session recordings;
        // on a phone, two columns: the figures go under the name, the actions one above another
        <TableFrame label="My budgets" className={RECORDING_BLOCK_CLASS}>
          <Table size="small" aria-label="My budgets">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={cellFromSm}>Month</TableCell>
                <TableCell align="right" sx={cellFromSm}>
                  Income
                </TableCell>
                <TableCell align="right" sx={cellFromSm}>
                  Planned
                </TableCell>
                <TableCell align="right" sx={cellFromSm}>
                  Left over
                </TableCell>
                <TableCell sx={cellFromSm}>Last edited</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.items.map((budget) => {
                const label = budget.name || 'Untitled budget';
                const month = budget.month ? monthLabel(budget.month) : '—';
                const edited = formatDate(budget.updatedAt, timeZone);
                return (
                  <TableRow key={budget.id}>
                    <TableCell component="th" scope="row">
                      <Link component={RouterLink} to={`${BUDGET_WIZARD_PATH}/${budget.id}`}>
                        {label}
                      </Link>{' '}
                      {budget.status === 'draft' && <Chip label="Draft" size="small" variant="outlined" />}
                      <Typography variant="body2" color="text.secondary" sx={blockBelowSm}>
                        {month}
                        <br />
                        Income {formatCents(budget.totals.incomeCents)}
                        <br />
                        Planned {formatCents(budget.totals.spendingCents)}
                        <br />
                        Left over {formatCents(budget.totals.balanceCents)}
                        <br />
                        Edited {edited}
                      </Typography>
                    </TableCell>
                    <TableCell sx={cellFromSm}>{month}</TableCell>
                    <TableCell align="right" sx={cellFromSm}>
                      {formatCents(budget.totals.incomeCents)}
                    </TableCell>
                    <TableCell align="right" sx={cellFromSm}>
                      {formatCents(budget.totals.spendingCents)}
                    </TableCell>
                    <TableCell align="right" sx={cellFromSm}>
                      {formatCents(budget.totals.balanceCents)}
                    </TableCell>
                    <TableCell sx={cellFromSm}>{edited}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'flex-start', gap: 0.5, flexWrap: 'wrap' }}>
                        <Button size="small" component={RouterLink} to={`${BUDGET_WIZARD_PATH}/${budget.id}`} aria-label={`Open ${label}`}>
                          Open
                        </Button>
                        <Button size="small" onClick={() => dispatch(budgetDuplicateRequested({ id: budget.id }))} aria-label={`Duplicate ${label}`}>
                          Duplicate
                        </Button>
                        <Button size="small" color="error" onClick={() => dispatch(budgetDeleteRequested({ id: budget.id, label }))} aria-label={`Delete ${label}`}>
                          Delete
                        </Button>
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableFrame>
      )}
    </PageFrame>
  );
}

export function BudgetCreatePage() {
  return <BudgetWizard id={null} />;
}

export function BudgetEditPage() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,8}$/.test(id)) return <NotFoundPage />;
  return <BudgetWizard key={id} id={Number(id)} />;
}
