/** The footer of every page: version (SPEC §1, S1.04), About / Terms / Privacy, and the env badge in development. */
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME, VERSION } from '../../../common/constants';
import { useAppSelector } from '../hooks';
import { selectEnvInfo, selectIsDevelopment } from '../../features/env';

/** The environment badge shows only in development environments: its Chip is not in every page's first download. */
const Chip = lazy(() => import(/* webpackChunkName: "env-badge" */ '@mui/material/Chip'));

export interface FooterProps {
  /** Inside the signed-in shell the /app aliases are used, elsewhere the public addresses. */
  variant: 'app' | 'public';
}

export function Footer({ variant }: FooterProps) {
  const isDevelopment = useAppSelector(selectIsDevelopment);
  const env = useAppSelector(selectEnvInfo);
  const links =
    variant === 'app'
      ? [
          { to: '/app/about', label: 'About' },
          { to: '/app/terms', label: 'Terms of Use' },
          { to: '/app/privacy', label: 'Privacy Policy' },
        ]
      : [
          { to: '/about-us', label: 'About' },
          { to: '/terms-of-use', label: 'Terms of Use' },
          { to: '/privacy-policy', label: 'Privacy Policy' },
        ];
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
      }}
    >
      {/* as high as the small environment Chip, so the footer keeps its height when the badge loads */}
      <Typography variant="body2" color="text.secondary" sx={{ lineHeight: '24px' }}>
        {PRODUCT_NAME} <span data-testid="app-version">{VERSION}</span>
      </Typography>
      {isDevelopment && env?.appbadge && (
        <Suspense fallback={null}>
          <Chip size="small" color="secondary" label={env.appbadge} aria-label={`Environment: ${env.appbadge}`} />
        </Suspense>
      )}
      <Box component="nav" aria-label="Legal" sx={{ display: 'flex', gap: 2, ml: { sm: 'auto' } }}>
        {links.map((l) => (
          <Link key={l.to} component={RouterLink} to={l.to} variant="body2" color="text.secondary">
            {l.label}
          </Link>
        ))}
      </Box>
    </Box>
  );
}
