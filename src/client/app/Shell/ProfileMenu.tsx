/**
 * The profile menu: who is signed in, Profile, My requests (the support tickets sent and their
 * replies), the other language (English / Español, saved in the profile) and Sign out (→ /signout). Signed out (public /app pages): a Sign in link.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LANGUAGE_NAMES, type Language } from '../../../common/language';
import { useAppDispatch, useAppSelector } from '../hooks';
import { languageChosen } from '../../features/language';
import { useLanguage, useT } from '../../i18n';
import { selectUser } from '../../features/auth';
import { MY_REQUESTS_PATH } from '../../features/support';
import { learnerLabel } from '../../ui/learnerLabel';
import { AccountIcon } from './icons';

export function ProfileMenu() {
  const user = useAppSelector(selectUser);
  const t = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user) {
    return (
      <Button component={RouterLink} to="/login" color="inherit" size="small">
        {t('account.signIn')}
      </Button>
    );
  }
  const close = () => setAnchor(null);
  const other: Language = language === 'en' ? 'es' : 'en';
  // the prerendered home page's session has no name (prerender.tsx)
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={name ? t('account.menuFor', { name }) : t('account.menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <AccountIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* who is signed in, before "Sign out": on a shared school computer the previous student may
            still be signed in (a disabled item: read out, never focused or chosen) */}
        {name && (
          <MenuItem disabled divider sx={{ '&.Mui-disabled': { opacity: 1 }, flexDirection: 'column', alignItems: 'flex-start' }}>
            <Typography variant="caption" color="text.secondary" component="span">
              {t('account.signedInAs')}
            </Typography>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {learnerLabel(user)}
            </Typography>
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/app/profile" onClick={close}>
          {t('account.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to={MY_REQUESTS_PATH} onClick={close}>
          {t('account.myRequests')}
        </MenuItem>
        {/* the other language, named in itself; the choice is saved in the profile */}
        <MenuItem
          lang={other}
          onClick={() => {
            close();
            dispatch(languageChosen(other));
          }}
        >
          {LANGUAGE_NAMES[other]}
        </MenuItem>
        <MenuItem component={RouterLink} to="/signout" onClick={close}>
          {t('account.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
