/**
 * /app/admin: the school's overview (its name, figures and a card for each part of school
 * administration); with the superuser's school picker it is also a staff-only administrator's Home.
 * The routes are guarded (app/guards.tsx RequirePermission); the server checks every call again.
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { countOf } from '../../../../common/plural';
import { registerArea } from '../../../app/areas';
import { useAppSelector } from '../../../app/hooks';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectAdminOverview } from '../selectors';
import { overviewOpened } from '../slice';
import { AdminFrame, LoadFailed, SchoolPicker } from './AdminFrame';

registerArea(schoolAdminArea);

export function AdminOverviewPage() {
  return (
    <AdminFrame title="School" crumbs={[]}>
      <AdminOverview />
    </AdminFrame>
  );
}

/** The overview with the superuser's school picker: a staff-only school administrator's Home. */
export function SchoolOverview() {
  return (
    <>
      <SchoolPicker />
      <AdminOverview />
    </>
  );
}

/** The school's name, its figures and a card for each part of school administration. */
function AdminOverview() {
  useOpened(overviewOpened);
  const overview = useAppSelector(selectAdminOverview);
  const o = overview.data;
  const parts: { title: string; to: string; text: string; action: string }[] = o
    ? [
        { title: 'Users', to: '/app/admin/users', text: `${o.users} users: ${o.learners} learners, ${o.staff} staff, ${o.deactivated} deactivated.`, action: 'Manage users' },
        {
          title: 'Access codes and invitations',
          to: '/app/admin/codes',
          text: `${countOf(o.accessCodes, 'working access code')} and ${countOf(o.classCodes, 'working class code')}; ${countOf(o.pendingInvitations, 'invitation')} waiting.`,
          action: 'Manage codes and invitations',
        },
        { title: 'Classes', to: '/app/admin/classes', text: `${o.classes} classes.`, action: 'Classes and teachers' },
        { title: 'Audit trail', to: '/app/admin/audit', text: `${o.auditEntries} recorded staff actions.`, action: 'Read the audit trail' },
        { title: 'Roster upload', to: '/app/admin/roster', text: 'Import the OneRoster export of your student information system, after a dry run.', action: 'Upload a roster' },
        { title: 'Settings', to: '/app/admin/settings', text: `Time zone ${o.timezone}; how long recordings and the audit trail are kept.`, action: 'Change the settings' },
        { title: 'School sign-in', to: '/app/admin/sign-in', text: 'Google, Microsoft, Clever or ClassLink accounts, and the e-mail domains the school owns.', action: 'Set up school sign-in' },
      ]
    : [];
  return (
    <>
      <LoadFailed error={overview.error} />
      {o && (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {o.school.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Time zone: {o.timezone}
          </Typography>
          <Grid container spacing={2}>
            {parts.map((part) => (
              <Grid key={part.to} size={{ xs: 12, sm: 6 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h3">
                      {part.title}
                    </Typography>
                    <Typography>{part.text}</Typography>
                  </CardContent>
                  <CardActions>
                    <Button component={RouterLink} to={part.to}>
                      {part.action}
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </>
  );
}
