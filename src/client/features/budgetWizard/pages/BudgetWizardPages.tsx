/** /app/resources/budget-wizard: list, create and edit (numeric id) pages. */
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { ComingSoon, PageFrame, type Crumb } from '../../../ui/PageFrame';

const RESOURCES: Crumb = { label: 'Resources', to: '/app/resources' };
const WIZARD: Crumb = { label: 'Budget Wizard', to: '/app/resources/budget-wizard' };
const STEPS = ['Income', 'Expenses', 'Savings', 'Review'];

export function BudgetListPage() {
  return (
    <PageFrame title="Budget Wizard" crumbs={[RESOURCES, { label: 'Budget Wizard' }]}>
      <Button component={RouterLink} to="/app/resources/budget-wizard/create" variant="contained" sx={{ mb: 2 }}>
        Create a budget
      </Button>
      <ComingSoon>The budgets you have saved will be listed here, ready to open and change.</ComingSoon>
    </PageFrame>
  );
}

export function BudgetCreatePage() {
  return (
    <PageFrame title="Create Budget" crumbs={[RESOURCES, WIZARD, { label: 'Create' }]} steps={{ labels: STEPS, active: 0 }}>
      <ComingSoon>The wizard will walk you through your income, expenses and savings goals, one step at a time.</ComingSoon>
    </PageFrame>
  );
}

export function BudgetEditPage() {
  const { id = '' } = useParams();
  return (
    <PageFrame title="Edit Budget" crumbs={[RESOURCES, WIZARD, { label: `Budget ${id}` }]} steps={{ labels: STEPS, active: 0 }}>
      <ComingSoon>Your saved budget will open here in the wizard so you can change it.</ComingSoon>
    </PageFrame>
  );
}
