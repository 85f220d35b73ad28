/** /app/activity (title Catalog): transcripts (the default) and bookmarks-budgets, as tabs. */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { ComingSoon, PageFrame } from '../../../ui/PageFrame';
import { MyBudgetsAndWorksheets } from '../../budgetWizard/components/MyBudgetsAndWorksheets';

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
      <ComingSoon>
        Your transcript will list every module and section you have finished, with dates and review scores, in a
        table you can filter by column.
      </ComingSoon>
    </PageFrame>
  );
}

export function BookmarksBudgetsPage() {
  return (
    <PageFrame title="My Activity" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Activity' }]}>
      <ActivityTabs />
      <ComingSoon>Your bookmarked sections and articles and the budgets you saved will be listed here.</ComingSoon>
      {/* Budgets & worksheets (issue #7): its own section and h2, kept apart from the bookmarks part. */}
      <MyBudgetsAndWorksheets />
    </PageFrame>
  );
}
