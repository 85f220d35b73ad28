/**
 * The profile's school sign-in (docs/sso.md): each provider the user's schools turned on, linked or
 * not, with Link (a sign-in at the provider, which comes back here) or Unlink. Hidden when no school
 * of the user offers one.
 */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { SSO_MESSAGES } from '../../../../common/sso';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectProfile } from '../selectors';
import { ssoChangeRequested, ssoLinksRequested } from '../slice';
import { useT } from '../../../i18n/features';
import { catalog } from '../messages/compiled/catalog';

export function SchoolSignInLinks() {
  const dispatch = useAppDispatch();
  const { sso } = useAppSelector(selectProfile);
  const [searchParams] = useSearchParams();
  const t = useT(catalog);
  useEffect(() => {
    dispatch(ssoLinksRequested());
  }, [dispatch]);
  // linking continues at the provider: a page of its own, not the app's
  useEffect(() => {
    if (sso.linkUrl) window.location.assign(sso.linkUrl);
  }, [sso.linkUrl]);
  if (sso.available.length === 0 && sso.links.length === 0) return null;
  const busy = sso.change.status === 'pending';
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        {t('profile.sso.heading')}
      </Typography>
      {searchParams.get('linked') && <Alert severity="success">{SSO_MESSAGES.linked}</Alert>}
      {sso.change.message && <Alert severity="success">{sso.change.message}</Alert>}
      {sso.change.error && (
        <Alert severity="error" role="alert">
          {sso.change.error.message}
        </Alert>
      )}
      <List dense aria-label={t('profile.sso.heading')}>
        {sso.available.map((p) => {
          const link = sso.links.find((l) => l.provider === p.id);
          return (
            <ListItem key={p.id} secondaryAction={
              <Button size="small" variant="outlined" disabled={busy} onClick={() => dispatch(ssoChangeRequested({ provider: p.id, link: !link }))} aria-label={t(link ? 'profile.sso.unlinkProvider' : 'profile.sso.linkProvider', { provider: p.name })}>
                {link ? t('profile.sso.unlink') : t('profile.sso.link')}
              </Button>
            }>
              <ListItemText primary={p.name} secondary={link ? (link.email ? t('profile.sso.linkedAs', { email: link.email }) : t('profile.sso.linked')) : t('profile.sso.notLinked')} />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
