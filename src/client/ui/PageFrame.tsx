/**
 * The frame every page shares: one h1, an optional breadcrumb trail or step indicator, then content.
 * Pages in the entry chunk use ui/TitleFrame.tsx, its markup without the breadcrumbs.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RECORDING_MASK_CLASS } from './recordingPrivacy';
import { usePageTitle } from '../app/pageTitle';

export interface Crumb {
  label: string;
  to?: string;
  /** the label is something the learner typed (a budget's name): masked in session recordings */
  private?: boolean;
}

export interface PageFrameProps {
  title: string;
  /**
   * The page names the browser tab with its title (then " - Cashwise") instead of the route's
   * generic one: a module, a section, an article is "What Is APR? - Cashwise", not "Article - Cashwise".
   */
  namesTab?: boolean;
  crumbs?: Crumb[];
  /** a step indicator under the title (ui/StepIndicator.tsx, imported by the pages that have one) */
  steps?: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  maxWidth?: number | string;
}

/** Claims the tab's title (a component: the hook needs the router, which not every PageFrame has). */
function TabTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

export function PageFrame({ title, namesTab = false, crumbs, steps, intro, children, maxWidth = 960 }: PageFrameProps) {
  return (
    <Box sx={{ maxWidth, mx: 'auto', width: '100%' }}>
      {namesTab && <TabTitle title={title} />}
      {crumbs && crumbs.length > 0 && (
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
          {crumbs.map((c, i) =>
            c.to && i < crumbs.length - 1 ? (
              <Link key={c.label} component={RouterLink} to={c.to} underline="hover" color="inherit">
                {c.label}
              </Link>
            ) : (
              <Typography
                key={c.label}
                color="text.primary"
                aria-current={i === crumbs.length - 1 ? 'page' : undefined}
                className={c.private ? RECORDING_MASK_CLASS : undefined}
              >
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {steps}
      {intro && (
        <Typography variant="body1" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}
