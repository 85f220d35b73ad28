/** One sentence for shared computers: signing out here does not sign out of the school's Google or Microsoft account. */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SSO_SIGN_OUT_LINKS, SSO_SIGN_OUT_SENTENCE } from '../../../../common/sso';

export function SharedComputerNote() {
  return (
    <Typography variant="body2" sx={{ mt: 2 }} data-testid="shared-computer-note">
      {SSO_SIGN_OUT_SENTENCE}{' '}
      {SSO_SIGN_OUT_LINKS.map((l, i) => (
        <span key={l.href}>
          {i > 0 ? ' or ' : ''}
          <Link href={l.href} target="_blank" rel="noopener noreferrer">
            {l.name}
          </Link>
        </span>
      ))}
      .
    </Typography>
  );
}
