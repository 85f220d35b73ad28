/**
 * The address the school's records list when it is not the account's: offered, never taken on the
 * school's word. "Use this address" is the profile's own e-mail change (the server mails a 6-digit
 * code to that address, the code form takes it); "Not mine" stops offering it. While the code for
 * this very address is outstanding, the code form says where it went instead.
 */
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIMEZONE } from '../../../../common/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { selectUser } from '../../auth';
import { selectProfile } from '../selectors';
import { profileSaveRequested, rosterEmailDismissRequested } from '../slice';
import { useT } from '../../../i18n/features';
import { TaggedText } from '../../../ui/TaggedText';
import { catalog } from '../messages/compiled/catalog';

export function RosterEmailNotice() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const profile = useAppSelector(selectProfile);
  const textId = useId();
  const t = useT(catalog);
  const { rosterEmail, pendingEmail } = profile;
  // after "Not mine": the server's word that it is no longer offered
  if (!rosterEmail) return <RequestAlerts error={null} message={profile.rosterEmailDismiss.message} />;
  if (!user || pendingEmail?.toLowerCase() === rosterEmail.toLowerCase()) return null;
  const busy = profile.save.status === 'pending' || profile.rosterEmailDismiss.status === 'pending';
  const chooseAddress = () =>
    dispatch(profileSaveRequested({ firstName: user.firstName, lastName: user.lastName, email: rosterEmail, timezone: user.timezone || DEFAULT_TIMEZONE }));
  return (
    <Alert severity="info" role="region" aria-label={t('profile.rosterEmail.region')} sx={{ mb: 2 }}>
      <Typography id={textId}>
        <TaggedText text={t('profile.rosterEmail.text', { email: rosterEmail })} parts={{ b: (words) => <strong>{words}</strong> }} />
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('profile.rosterEmail.how')}
      </Typography>
      <RequestAlerts error={profile.save.error ?? profile.rosterEmailDismiss.error} />
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" onClick={chooseAddress} disabled={busy} aria-describedby={textId}>
          {t('profile.rosterEmail.use')}
        </Button>
        <Button variant="outlined" size="small" onClick={() => dispatch(rosterEmailDismissRequested())} disabled={busy} aria-describedby={textId}>
          {t('profile.rosterEmail.notMine')}
        </Button>
      </Stack>
    </Alert>
  );
}
