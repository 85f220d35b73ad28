/**
 * /app (Home) and /intro (Intro): the learner's way in.
 *
 * /app is prerendered (app.html): the build renders it with a session that has no name
 * and no school (prerender.tsx), so the copy says "Welcome!" and holds the school's line's place with
 * an invisible line; the app then renders the learner's own page over it, in the same place.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../../common/constants';
import { LinkCardGrid } from '../../ui/LinkCardGrid';
import { PageFrame } from '../../ui/PageFrame';
import { useAppSelector } from '../hooks';
import { PRERENDERING } from '../../renderAhead/prerendering';
import { selectCurrentSchool, selectPermissions, selectUser } from '../../features/auth';
import { workspacesFor, type WorkspaceKey } from '../access';
import { ContinueCardSkeleton, selectLearnerStarted } from '../../features/catalog';
import { AssignedToYou } from '../../features/classroom';

/** "Continue where you left off", loaded on its own so the home page stays light. */
const ContinueCard = lazy(() =>
  import(/* webpackChunkName: "catalog" */ '../../features/catalog/components/ContinueCard').then((m) => ({ default: m.ContinueCard })),
);

const AREAS = [
  {
    to: '/app/catalog',
    title: 'Catalog',
    text: 'Work through modules on budgeting, saving, credit and more, one short section at a time.',
  },
  {
    to: '/app/resources',
    title: 'Resources',
    text: 'Look things up in the knowledge base, plan a budget with the budget wizard, and use worksheets.',
  },
  {
    to: '/app/activity',
    title: 'Activity',
    text: 'See your transcript of finished work, your bookmarks and the budgets you saved.',
  },
  { to: '/app/profile', title: 'Profile', text: 'Check your account details, access codes and password.' },
] as const;

/** What each staff workspace is for, on Home's cards. */
const WORKSPACE_TEXT: Record<WorkspaceKey, string> = {
  school: 'Your school’s users, access codes and invitations, and its audit trail.',
  support: 'Students’ help requests: read, assign, reply and resolve.',
  classes: 'Your classes: assignments, progress and the gradebook.',
};

export function HomePage() {
  const user = useAppSelector(selectUser);
  const school = useAppSelector(selectCurrentSchool);
  // "back" only for a learner who has done something: a new account's first screen says "Welcome, …"
  const returning = useAppSelector(selectLearnerStarted) === true;
  // staff sign in to /app like everyone (SPEC S2.15); their workspaces come first here
  const workspaces = workspacesFor(useAppSelector(selectPermissions));
  return (
    <PageFrame title={user?.firstName ? `Welcome${returning ? ' back' : ''}, ${user.firstName}!` : 'Welcome!'}>
      {school ? (
        <Typography sx={{ mb: 3 }} color="text.secondary">
          You're learning with <strong>{school.clientName}</strong>.
        </Typography>
      ) : (
        PRERENDERING && (
          // the prerendered copy (app.html) knows no school: an invisible line of the same height
          // holds the place of the one the app shows, so nothing below it moves
          <Typography sx={{ mb: 3, visibility: 'hidden' }} color="text.secondary" data-testid="school-line-placeholder">
            You're learning with your school.
          </Typography>
        )
      )}
      {workspaces.length > 0 && (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Your workspaces
          </Typography>
          <Box sx={{ mb: 4 }}>
            <LinkCardGrid cards={workspaces.map((w) => ({ to: w.to, title: w.label, text: WORKSPACE_TEXT[w.key] }))} perRow={3} headingComponent="h3" />
          </Box>
        </>
      )}
      {/* a student's class work, first; nothing for a student in no class (and not in the prerendered copy) */}
      {!PRERENDERING && (
        <Suspense fallback={null}>
          <AssignedToYou />
        </Suspense>
      )}
      <Suspense fallback={<ContinueCardSkeleton />}>
        <ContinueCard />
      </Suspense>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Where would you like to go?
      </Typography>
      <LinkCardGrid cards={AREAS} perRow={2} headingComponent="h3" />
    </PageFrame>
  );
}

export function IntroPage() {
  const user = useAppSelector(selectUser);
  return (
    <PageFrame title={`Welcome to ${PRODUCT_NAME}${user?.firstName ? `, ${user.firstName}` : ''}`} maxWidth={720}>
      <Typography sx={{ mb: 2 }}>
        {PRODUCT_NAME} helps you build money skills you will use for the rest of your life: making a budget,
        saving for something that matters to you, understanding credit, and avoiding costly mistakes.
      </Typography>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        How it works
      </Typography>
      <Typography component="ol" sx={{ mb: 3, pl: 3 }}>
        <li>Pick a module in the catalog. Each one is split into short sections with a quick review at the end.</li>
        <li>Use the resources whenever you need them: the knowledge base, the budget wizard and worksheets.</li>
        <li>Your activity page keeps your transcript, bookmarks and saved budgets in one place.</li>
      </Typography>
      <Typography sx={{ mb: 3 }}>
        You're on a shared computer? Always use <strong>Sign out</strong> in the profile menu when you finish.
      </Typography>
      <Button component={RouterLink} to="/app" variant="contained" size="large">
        Get started
      </Button>
    </PageFrame>
  );
}
