/**
 * The signed-in layout around the /app pages (a pathless layout route: /app itself has no layout
 * wrapper, SPEC §2). App bar with the areas, the current school (a switcher for multi-tenant users),
 * Get Help and the profile menu; below the md breakpoint the areas fold into a drawer, so it works on a
 * 1024×600 Chromebook and on a phone.
 */
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { pageSkeleton } from '../routeMeta';
import { PRODUCT_NAME } from '../../../common/constants';
import { supportRequested, supportArea } from '../../features/support';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectMustChangePassword, selectPermissions } from '../../features/auth';
import { isStaff, workspacesFor } from '../access';
import { Footer } from './Footer';
import { MenuIcon } from './icons';
import { ProfileMenu } from './ProfileMenu';
import { SchoolSwitcher } from './SchoolSwitcher';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { registerArea } from '../areas';
import { PRERENDERING, prerenderedCopyShown } from '../../renderAhead/prerendering';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { type MessageId, useT } from '../../i18n';
import { schoolSwitchArea } from '../../features/profile';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);
registerArea(schoolSwitchArea);

export const AREAS = [
  { to: '/app', label: 'Home', exact: true },
  { to: '/app/catalog', label: 'Catalog' },
  { to: '/app/resources', label: 'Resources' },
  { to: '/app/activity', label: 'Activity' },
] as const;

/** The areas' and workspaces' names (AREAS, app/access.ts) in the language spoken. */
const NAV_LABELS: Partial<Record<string, MessageId>> = {
  Home: 'shell.nav.home',
  Catalog: 'shell.nav.catalog',
  Resources: 'shell.nav.resources',
  Activity: 'shell.nav.activity',
  Classes: 'shell.nav.classes',
  School: 'shell.nav.school',
  Support: 'shell.nav.support',
};

interface NavArea {
  to: string;
  label: string;
  active: boolean;
}

/**
 * Staff see their workspaces (School, Support, Classes) and the learner's areas folded under
 * "Learn"; a learner sees the learner's areas. On the app bar "Learn" is a menu.
 */
function LearnMenu({ areas }: { areas: NavArea[] }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = areas.some((area) => area.active);
  return (
    <>
      <Button
        color="inherit"
        id="learn-menu-button"
        aria-haspopup="menu"
        aria-controls={anchor ? 'learn-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderBottom: 2, borderColor: active ? 'common.white' : 'transparent', borderRadius: 0 }}
      >
        {t('shell.nav.learn')}
      </Button>
      <Menu id="learn-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': 'learn-menu-button' } }}>
        {areas.map((area) => (
          <MenuItem key={area.to} component={RouterLink} to={area.to} selected={area.active} aria-current={area.active ? 'page' : undefined} onClick={() => setAnchor(null)}>
            {area.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function isActive(pathname: string, to: string, exact = false): boolean {
  const path = pathname.replace(/^\/(?!app(\/|$))/, '/app/').replace(/\/$/, '') || '/app';
  return exact ? path === to : path === to || path.startsWith(`${to}/`);
}

/**
 * False while the build prerenders a signed-in page's shell alone (e.g. app-catalog-_slug.html,
 * prerender.tsx): the page is the student's data, which the build does not have.
 */
export const ShellPageContext = createContext(true);

/**
 * The page inside the shell, from the shell's second commit on. The first signed-in render is the
 * shell and the page together; committed at once they were one long task (React's commit, emotion
 * inserting every style, then the layout; TBT). The shell is committed first, alone, and
 * the page follows in a transition (rendered in slices, committed in a task of its own). The main
 * element is a screen high from the start, so nothing below it moves when the page arrives. Later
 * navigations keep the shell mounted and render the page at once.
 *
 * Not so where the page is prerendered (the build's render, and the app's first render over that
 * static copy, renderAhead/prerendering.ts): there the page is in the first commit too, or the copy's page
 * would vanish for a frame or two before the app's came.
 */
function PageAfterShell() {
  const withPage = useContext(ShellPageContext);
  const t = useT();
  const [shellCommitted, setShellCommitted] = useState(() => PRERENDERING || prerenderedCopyShown());
  useEffect(() => {
    startTransition(() => setShellCommitted(true));
  }, []);
  const matches = useMatches();
  const { pathname, search, hash } = useLocation();
  // a temporary password a teacher gave: changed before anything else (PUT /me/password clears it),
  // whatever address was opened; the change then goes on to that address (password/sagas.ts)
  const mustChangePassword = useAppSelector(selectMustChangePassword);
  const isPasswordPage = /\/profile\/password\/?$/.test(pathname);
  if (!withPage) {
    // a page's prerendered shell: a heading for assistive technology until the page comes (every
    // page has one), out of sight, and the page's skeleton, so on a slow connection the page is
    // not blank below the header while its code arrives
    return (
      <>
        <Typography component="h1" sx={visuallyHidden}>
          {t('shell.loadingPage')}
        </Typography>
        <PageSkeleton kind={pageSkeleton(matches)} />
      </>
    );
  }
  if (mustChangePassword && !isPasswordPage) return <Navigate to={changePasswordPathFor(`${pathname}${search}${hash}`)} replace />;
  return shellCommitted ? <Outlet /> : null;
}

const CHANGE_PASSWORD_PATH = '/app/profile/password';

/** The change-password page, keeping the address the user asked for (Home's is the default anyway). */
function changePasswordPathFor(wanted: string): string {
  return wanted === '/app' || wanted === '/' ? CHANGE_PASSWORD_PATH : `${CHANGE_PASSWORD_PATH}?redirect=${encodeURIComponent(wanted)}`;
}

export function AppShell() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const dispatch = useAppDispatch();
  const t = useT();
  const navLabel = (label: string) => {
    const id = NAV_LABELS[label];
    return id ? t(id) : label;
  };
  const close = () => setDrawerOpen(false);
  // the same links in the app bar and in the drawer, the address's area marked in both
  const permissions = useAppSelector(selectPermissions);
  const staff = isStaff(permissions);
  const learnAreas: NavArea[] = AREAS.map((area) => ({ to: area.to, label: navLabel(area.label), active: isActive(pathname, area.to, 'exact' in area && area.exact) }));
  const workspaces: NavArea[] = workspacesFor(permissions).map((w) => ({ to: w.to, label: navLabel(w.label), active: isActive(pathname, w.to) }));
  const navigation = staff ? workspaces : learnAreas;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="sticky" color="primary" elevation={1} component="header">
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.openNavigation')}
            aria-controls="app-navigation-drawer"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Link
            component={RouterLink}
            to="/app"
            color="inherit"
            underline="none"
            sx={{ fontWeight: 700, fontSize: '1.25rem', mr: 1, whiteSpace: 'nowrap' }}
          >
            {PRODUCT_NAME}
          </Link>
          <Box component="nav" aria-label={t('shell.nav.main')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {navigation.map((area) => (
              <Button
                key={area.to}
                component={RouterLink}
                to={area.to}
                color="inherit"
                aria-current={area.active ? 'page' : undefined}
                sx={{ borderBottom: 2, borderColor: area.active ? 'common.white' : 'transparent', borderRadius: 0 }}
              >
                {area.label}
              </Button>
            ))}
            {staff && <LearnMenu areas={learnAreas} />}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <SchoolSwitcher />
          </Box>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            aria-haspopup="dialog"
            onClick={() => dispatch(supportRequested())}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('shell.getHelp')}
          </Button>
          <ProfileMenu />
        </Toolbar>
      </AppBar>

      <Drawer id="app-navigation-drawer" open={drawerOpen} onClose={close} sx={{ display: { md: 'none' } }}>
        <Box sx={{ width: 260 }} role="presentation">
          <Box component="nav" aria-label={t('shell.nav.main')}>
            <List>
              {navigation.map((area) => (
                <ListItemButton
                  key={area.to}
                  component={RouterLink}
                  to={area.to}
                  selected={area.active}
                  aria-current={area.active ? 'page' : undefined}
                  onClick={close}
                >
                  <ListItemText primary={area.label} />
                </ListItemButton>
              ))}
            </List>
            {staff && (
              <List aria-labelledby="drawer-learn-heading" subheader={<ListSubheader id="drawer-learn-heading">{t('shell.nav.learn')}</ListSubheader>}>
                {learnAreas.map((area) => (
                  <ListItemButton
                    key={area.to}
                    component={RouterLink}
                    to={area.to}
                    selected={area.active}
                    aria-current={area.active ? 'page' : undefined}
                    onClick={close}
                  >
                    <ListItemText primary={area.label} />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Box>
          <Divider />
          <Box sx={{ p: 2 }}>
            <SchoolSwitcher onSwitched={close} />
          </Box>
        </Box>
      </Drawer>

      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth="lg"
        // at least a screen high: the footer starts below the fold and stays there while the page's
        // chunk and data arrive, instead of being pushed down through the viewport (CLS)
        sx={{ py: { xs: 2, md: 3 }, flex: 1, minHeight: '100vh', outline: 'none' }}
      >
        <PageAfterShell />
      </Container>
      <Footer variant="app" />
    </Box>
  );
}
