/**
 * /app (Home) and /intro (Intro): the learner's way in.
 *
 * /app is prerendered (app.html): the build renders it with a session that has no name
 * and no school (prerender.tsx), so the copy says "Welcome!" and holds the school's line's place with
 * an invisible line; the app then renders the learner's own page over it, in the same place.
 *
 * A staff-only user's Home (app/access.ts homeKind) is their first workspace's working view, in
 * place of the learner's parts, with the other workspaces as cards below; each view loads on demand
 * with its area's chunk, so a learner's Home carries none of it.
 *
 * A student with class work: Home leads with one next step (classroom's AssignedToYou, rule in
 * nextStep.ts), then the rest of the open work and the Done list; the Continue card follows with its
 * button outlined, so the page has one prominent button. With no open assignment Continue leads.
 *
 * Each of those lazily loaded parts fails alone (PartBoundary): its code not arriving, or the part
 * throwing, puts "This part of Home could not load." and "Try again" in its place, and the rest of
 * Home keeps working.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../../common/constants';
import { LinkCardGrid } from '../../ui/LinkCardGrid';
import { TitleFrame } from '../../ui/TitleFrame';
import { useAppSelector } from '../hooks';
import { PartBoundary } from '../PartBoundary';
import { retryableLazy, type RetryableLazy } from '../../lib/retryableLazy';
import { PRERENDERING } from '../../renderAhead/prerendering';
import { selectCurrentSchool, selectPermissions, selectUser } from '../../features/auth';
import { homeKind, workspacesFor, type Workspace, type WorkspaceKey } from '../access';
import { ContinueCardSkeleton, selectLearnerStarted } from '../../features/catalog';
import { AssignedToYou, ClassList, selectHasAssignedNextStep } from '../../features/classroom';
import { SchoolOverview } from '../../features/schoolAdmin';
import { TicketQueue } from '../../features/support';

/** "Continue where you left off", loaded on its own so the home page stays light. */
const ContinueCard = retryableLazy(() =>
  import(/* webpackChunkName: "catalog" */ '../../features/catalog/components/ContinueCard').then((m) => ({ default: m.ContinueCard })),
);

/** Loads the progress summary (nothing shown): staff Home waits for it to know who is a learner. */
const LearnerProgressCheck = retryableLazy(() =>
  import(/* webpackChunkName: "catalog" */ '../../features/catalog/components/ContinueCard').then((m) => ({ default: m.LearnerProgressCheck })),
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
  { to: '/app/profile', title: 'Profile', text: 'Check your account details, the codes you have added and your password.' },
] as const;

/** What each staff workspace is for, on Home's cards. */
const WORKSPACE_TEXT: Record<WorkspaceKey, string> = {
  school: 'Your school’s users, access codes, class codes and invitations, and its audit trail.',
  support: 'Students’ help requests: read, assign, reply and resolve.',
  classes: 'Your classes: assignments, progress and the gradebook.',
};

/** A staff-only user's Home: each workspace's working view, its heading (null: the view has its own) and width. */
const WORKSPACE_VIEWS: Record<WorkspaceKey, { View: RetryableLazy<object>; heading: string | null; maxWidth: number | string }> = {
  // the overview opens with the school's name as its heading
  school: { View: SchoolOverview, heading: null, maxWidth: 1100 },
  support: { View: TicketQueue, heading: 'Support tickets', maxWidth: '100%' },
  classes: { View: ClassList, heading: 'Your classes', maxWidth: '100%' },
};

function WorkspaceCards({ heading, workspaces }: { heading: string; workspaces: readonly Workspace[] }) {
  if (workspaces.length === 0) return null;
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <Box sx={{ mb: 4 }}>
        <LinkCardGrid cards={workspaces.map((w) => ({ to: w.to, title: w.label, text: WORKSPACE_TEXT[w.key] }))} perRow={3} headingComponent="h3" />
      </Box>
    </>
  );
}

/** Home's way to the class code form; the same in the prerendered copy, so nothing moves. */
function JoinAClass() {
  return (
    <Box sx={{ mb: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Typography>Have a class code from a teacher?</Typography>
      <Button component={RouterLink} to="/app/profile/code" variant="outlined" size="small">
        Join a class
      </Button>
    </Box>
  );
}

const loading = <CircularProgress aria-label="Loading your workspace" sx={{ display: 'block', my: 2 }} />;

const PART_FAILED = 'This part of Home could not load.';

export function HomePage() {
  const user = useAppSelector(selectUser);
  const school = useAppSelector(selectCurrentSchool);
  const started = useAppSelector(selectLearnerStarted);
  // "back" only for a learner who has done something: a new account's first screen says "Welcome, …"
  const returning = started === true;
  const permissions = useAppSelector(selectPermissions);
  // an assignment leads a student's Home: the Continue card's button then steps back
  const assignedLeads = useAppSelector(selectHasAssignedNextStep);
  // the progress check's own code did not arrive: decided as when the summary cannot be read
  const [checkFailed, setCheckFailed] = useState(false);
  // staff sign in to /app like everyone (SPEC S2.15): Home is where they land
  const kind = homeKind(permissions, checkFailed ? (started ?? false) : started);
  const workspaces = workspacesFor(permissions);
  const greeting = user?.firstName ? `Welcome${returning ? ' back' : ''}, ${user.firstName}!` : 'Welcome!';
  if (kind === 'deciding') {
    return (
      <TitleFrame title={greeting}>
        <PartBoundary message={PART_FAILED} onFailed={() => setCheckFailed(true)}>
          <LearnerProgressCheck />
        </PartBoundary>
        {loading}
      </TitleFrame>
    );
  }
  const [first, ...others] = workspaces;
  if (kind === 'staff-only' && first) {
    const { View, heading, maxWidth } = WORKSPACE_VIEWS[first.key];
    return (
      <TitleFrame title={greeting} maxWidth={maxWidth}>
        {school && (
          <Typography sx={{ mb: 3 }} color="text.secondary">
            You're working at <strong>{school.clientName}</strong>.
          </Typography>
        )}
        <Box component="section" aria-label={heading ?? first.label} sx={{ mb: 4 }}>
          {heading && (
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {heading}
            </Typography>
          )}
          <PartBoundary message={PART_FAILED} retry={View.retry} fallback={loading}>
            <View />
          </PartBoundary>
        </Box>
        <WorkspaceCards heading="Your other workspaces" workspaces={others} />
      </TitleFrame>
    );
  }
  return (
    <TitleFrame title={greeting}>
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
      {/* another class's code from a teacher: one click from Home (the profile's "Add Access Code") */}
      <JoinAClass />
      {/* staff who are also learners: their workspaces first */}
      <WorkspaceCards heading="Your workspaces" workspaces={workspaces} />
      {/* a student's class work first (its next step, the open work, the done work); nothing for a
          student in no class (and not in the prerendered copy) */}
      {!PRERENDERING && (
        <PartBoundary message={PART_FAILED} retry={AssignedToYou.retry}>
          <AssignedToYou />
        </PartBoundary>
      )}
      <PartBoundary message={PART_FAILED} retry={ContinueCard.retry} fallback={<ContinueCardSkeleton />}>
        <ContinueCard lead={!assignedLeads} />
      </PartBoundary>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Where would you like to go?
      </Typography>
      <LinkCardGrid cards={AREAS} perRow={2} headingComponent="h3" />
    </TitleFrame>
  );
}

export function IntroPage() {
  const user = useAppSelector(selectUser);
  return (
    <TitleFrame title={`Welcome to ${PRODUCT_NAME}${user?.firstName ? `, ${user.firstName}` : ''}`} maxWidth={720}>
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
    </TitleFrame>
  );
}
