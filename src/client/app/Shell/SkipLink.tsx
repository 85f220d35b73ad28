import { styled } from '@mui/material/styles';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element of every page: jumps past the navigation to the main content. */
const Skip = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: -100,
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  background: theme.palette.background.paper,
  color: theme.palette.primary.main,
  fontWeight: 600,
  borderRadius: theme.shape.borderRadius,
  '&:focus': { top: theme.spacing(1) },
}));

export function SkipLink() {
  return <Skip href={`#${MAIN_CONTENT_ID}`}>Skip to main content</Skip>;
}
