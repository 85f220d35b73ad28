/**
 * PageFrame's markup for a page with a title only: for the pages in the entry chunk (not found, the
 * router's error page, a workspace's refusal), which render without loading anything, and for Home;
 * PageFrame's breadcrumbs would otherwise be in their first download (docs/performance.md).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function TitleFrame({ title, children, maxWidth = 960 }: { title: string; children: ReactNode; maxWidth?: number | string }) {
  return (
    <Box sx={{ maxWidth, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
