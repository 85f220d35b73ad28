/** The layout of public pages (/login, /help, /about-us, /register …): a plain header, main, footer. */
import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink, Outlet } from 'react-router';
import { PRODUCT_NAME } from '../../../common/constants';
import { Footer } from './Footer';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="static" color="primary" elevation={0} component="header">
        <Toolbar variant="dense">
          <Link component={RouterLink} to="/app" color="inherit" underline="none" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
            {PRODUCT_NAME}
          </Link>
        </Toolbar>
      </AppBar>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} maxWidth="lg" sx={{ py: 3, flex: 1, outline: 'none' }}>
        {children ?? <Outlet />}
      </Container>
      <Footer variant="public" />
    </Box>
  );
}
