/** One sentence for shared computers: signing out here does not sign out of the school's Google or Microsoft account. */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SSO_SIGN_OUT_LINKS } from '../../../../common/sso';
import { useT } from '../../../i18n';

export function SharedComputerNote() {
  const t = useT();
  return (
    <Typography variant="body2" sx={{ mt: 2 }} data-testid="shared-computer-note">
      {t('login.sharedComputer')}{' '}
      {SSO_SIGN_OUT_LINKS.map((l, i) => (
        <span key={l.href}>
          {i > 0 ? ` ${t('login.sharedComputer.or')} ` : ''}
          <Link href={l.href} target="_blank" rel="noopener noreferrer">
            {l.name}
          </Link>
        </span>
      ))}
      .
    </Typography>
  );
}
