/**
 * A page's layout in grey while its code or data is on the way (slow school Wi-Fi): a heading, then
 * cards, rows, an article's lines or a form's fields, so the page is never blank below the header and
 * nothing jumps when it arrives. Screen readers hear "Loading page" once (a polite status); the
 * shapes themselves are hidden from them.
 */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { visuallyHidden } from './visuallyHidden';

export type SkeletonKind = 'cards' | 'rows' | 'article' | 'form';

const CARDS = 6;
const ROWS = 6;
const LINES = 8;
const FIELDS = 4;

function Shapes({ kind }: { kind: SkeletonKind }) {
  switch (kind) {
    case 'cards':
      return (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {Array.from({ length: CARDS }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={140} />
          ))}
        </Box>
      );
    case 'rows':
      return (
        <Box>
          <Skeleton variant="rounded" height={40} sx={{ mb: 1 }} />
          {Array.from({ length: ROWS }, (_, index) => (
            <Skeleton key={index} variant="rectangular" height={44} sx={{ mb: 0.5 }} />
          ))}
        </Box>
      );
    case 'article':
      return (
        <Box>
          {Array.from({ length: LINES }, (_, index) => (
            <Skeleton key={index} variant="text" sx={{ fontSize: '1rem' }} width={index % 4 === 3 ? '60%' : '100%'} />
          ))}
        </Box>
      );
    case 'form':
      return (
        <Box sx={{ maxWidth: 480 }}>
          {Array.from({ length: FIELDS }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={56} sx={{ mb: 2 }} />
          ))}
          <Skeleton variant="rounded" height={36} width={120} />
        </Box>
      );
  }
}

export function PageSkeleton({ kind }: { kind: SkeletonKind }) {
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} role="status" aria-busy="true" data-page-skeleton={kind}>
      <Box component="span" sx={visuallyHidden}>
        Loading page
      </Box>
      <Box aria-hidden="true">
        <Skeleton variant="text" sx={{ fontSize: '2.125rem', mb: 2 }} width="45%" />
        <Shapes kind={kind} />
      </Box>
    </Box>
  );
}
