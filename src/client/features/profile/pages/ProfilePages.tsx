/** /app/profile: account, access codes, edit, password, external id and add access code. */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentSchool, selectUser } from '../../auth/selectors';
import { ComingSoon, PageFrame } from '../../../ui/PageFrame';

const TABS = [
  { value: '', label: 'Account' },
  { value: 'edit', label: 'Edit Profile' },
  { value: 'password', label: 'Password' },
  { value: 'access-codes', label: 'Access Codes' },
] as const;

function ProfileFrame({ title, children }: { title: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const rest = pathname.replace(/^\/(app\/)?profile\/?/, '').split('/')[0] ?? '';
  const value = TABS.some((t) => t.value === rest) ? rest : false;
  return (
    <PageFrame title={title} crumbs={[{ label: 'Home', to: '/app' }, { label: 'Profile' }]}>
      <Tabs value={value} aria-label="Profile sections" variant="scrollable" sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} component={RouterLink} to={`/app/profile${t.value ? `/${t.value}` : ''}`} />
        ))}
      </Tabs>
      {children}
    </PageFrame>
  );
}

export function AccountPage() {
  const user = useAppSelector(selectUser);
  const school = useAppSelector(selectCurrentSchool);
  return (
    <ProfileFrame title="Profile">
      {user && (
        <dl>
          <Typography component="dt" variant="subtitle2">Name</Typography>
          <Typography component="dd" sx={{ ml: 0, mb: 1 }}>{`${user.firstName} ${user.lastName}`}</Typography>
          <Typography component="dt" variant="subtitle2">User name</Typography>
          <Typography component="dd" sx={{ ml: 0, mb: 1 }}>{user.userName}</Typography>
          <Typography component="dt" variant="subtitle2">E-mail</Typography>
          <Typography component="dd" sx={{ ml: 0, mb: 1 }}>{user.userEmail}</Typography>
          {school && (
            <>
              <Typography component="dt" variant="subtitle2">School</Typography>
              <Typography component="dd" sx={{ ml: 0, mb: 1 }}>{school.clientName}</Typography>
            </>
          )}
        </dl>
      )}
    </ProfileFrame>
  );
}

export function AccessCodesPage() {
  return (
    <ProfileFrame title="Access Codes">
      <ComingSoon>The access codes on your account, and the courses they unlock, will be listed here.</ComingSoon>
    </ProfileFrame>
  );
}

export function EditProfilePage() {
  return (
    <ProfileFrame title="Edit Profile">
      <ComingSoon>A form to change your name, e-mail and time zone will be here.</ComingSoon>
    </ProfileFrame>
  );
}

export function ChangePasswordPage() {
  return (
    <ProfileFrame title="Change Password">
      <ComingSoon>A form to change your password, with a strength meter, will be here.</ComingSoon>
    </ProfileFrame>
  );
}

export function ExternalIdPage() {
  const { productid = '' } = useParams();
  return (
    <ProfileFrame title="External ID">
      <ComingSoon>{`The external id you use for product ${productid} will be shown and editable here.`}</ComingSoon>
    </ProfileFrame>
  );
}

export function AddAccessCodePage() {
  return (
    <ProfileFrame title="Add Access Code">
      <ComingSoon>A form to add a new access code from your teacher will be here.</ComingSoon>
    </ProfileFrame>
  );
}
