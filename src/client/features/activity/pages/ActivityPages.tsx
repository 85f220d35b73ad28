/** /app/activity (title Catalog): transcripts (the default) and bookmarks-budgets, as tabs. */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../ui/PageFrame';
import { BookmarkList, TranscriptTable } from '../../catalog';
import { MyBudgetsAndWorksheets, budgetsArea } from '../../budgetWizard';
import { registerArea } from '../../../app/areas';
import { catalogArea } from '../../catalog';
import { worksheetsArea } from '../../worksheets';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(catalogArea);
registerArea(budgetsArea);
registerArea(worksheetsArea);

function ActivityTabs() {
  const { pathname } = useLocation();
  const value = pathname.includes('bookmarks-budgets') ? 'bookmarks-budgets' : 'transcripts';
  return (
    <Tabs value={value} aria-label="Activity sections" sx={{ mb: 2 }}>
      <Tab value="transcripts" label="Transcripts" component={RouterLink} to="/app/activity/transcripts" />
      <Tab value="bookmarks-budgets" label="Bookmarks & Budgets" component={RouterLink} to="/app/activity/bookmarks-budgets" />
    </Tabs>
  );
}

export function TranscriptsPage() {
  return (
    <PageFrame title="My Activity" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Activity' }]}>
      <ActivityTabs />
      <TranscriptTable />
    </PageFrame>
  );
}

export function BookmarksBudgetsPage() {
  return (
    <PageFrame title="My Activity" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Activity' }]}>
      <ActivityTabs />
      <section aria-labelledby="bookmarks-heading">
        <Typography id="bookmarks-heading" variant="h5" component="h2" gutterBottom>
          Bookmarks
        </Typography>
        <BookmarkList />
      </section>
      {/* Budgets & worksheets: its own section and h2, kept apart from the bookmarks part. */}
      <MyBudgetsAndWorksheets />
    </PageFrame>
  );
}
