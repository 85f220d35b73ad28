/**
 * The frame a data table sits in (budgets, worksheets): an outlined box whose cells are a little
 * tighter on a phone. Tables are laid out to fit a 360 px screen; one that still does not fit (a
 * learner's long names, a long schedule under a height limit) scrolls inside the frame, and only
 * then the frame shows it: a shadow on each edge with more to see, and keyboard focus with a name
 * (axe's scrollable-region-focusable), so a student knows there is more and can reach it without a
 * mouse. The table inside keeps its own semantics. In print nothing is clipped and no shadow shows.
 */
import { Fragment, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export type ScrollEdge = 'left' | 'right' | 'top' | 'bottom';
export type ScrollEdges = Record<ScrollEdge, boolean>;

const EDGES: readonly ScrollEdge[] = ['left', 'right', 'top', 'bottom'];
const NONE: ScrollEdges = { left: false, right: false, top: false, bottom: false };

/** Which edges of a scroll box have more content beyond them (a pixel of slack: zoomed sizes are fractional). */
export function scrollEdgesOf(el: HTMLElement): ScrollEdges {
  const { scrollLeft, scrollTop, scrollWidth, scrollHeight, clientWidth, clientHeight } = el;
  return {
    left: scrollLeft > 1,
    right: scrollLeft + clientWidth < scrollWidth - 1,
    top: scrollTop > 1,
    bottom: scrollTop + clientHeight < scrollHeight - 1,
  };
}

const sameEdges = (a: ScrollEdges, b: ScrollEdges) => EDGES.every((edge) => a[edge] === b[edge]);

/**
 * The edges of `ref`'s box with more to see, kept current as it scrolls, as it or its content
 * changes size (a window turned, a row added, a font loaded) and as its content is replaced.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const next = scrollEdgesOf(el);
      setEdges((previous) => (sameEdges(previous, next) ? previous : next));
    };
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    const watchContent = () => {
      for (const child of Array.from(el.children)) resize?.observe(child);
    };
    resize?.observe(el);
    watchContent();
    const replaced = new MutationObserver(() => {
      watchContent();
      measure();
    });
    replaced.observe(el, { childList: true });
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    measure();
    return () => {
      resize?.disconnect();
      replaced.disconnect();
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return edges;
}

/**
 * For a table that fits a phone by folding columns together: a cell (header and body) shown from a
 * breakpoint up, and a block inside another cell shown below it instead (the folded-in text). Most
 * tables fold below sm (a phone); the widest (the transcript, the support tickets) below md, so that
 * half a Chromebook's screen or a tablet held upright shows them folded rather than scrolling.
 * Print always has the full columns, whatever the paper's width.
 */
export type FoldBelow = 'sm' | 'md';

export const cellFrom = (from: FoldBelow) => ({ display: { xs: 'none', [from]: 'table-cell' }, '@media print': { display: 'table-cell' } }) as const;
export const blockBelow = (from: FoldBelow) => ({ display: { xs: 'block', [from]: 'none' }, '@media print': { display: 'none' } }) as const;
export const cellFromSm = cellFrom('sm');
export const blockBelowSm = blockBelow('sm');
export const cellFromMd = cellFrom('md');
export const blockBelowMd = blockBelow('md');

/** The folded-in columns of a row, one line each, in the secondary text colour (below `below` only). */
export function FoldedLines({ lines, below = 'sm' }: { lines: readonly ReactNode[]; below?: FoldBelow }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={below === 'sm' ? blockBelowSm : blockBelowMd}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Typography>
  );
}

const SHADOW = 'rgba(0, 0, 0, 0.2)';
const CLEAR = 'rgba(0, 0, 0, 0)';
/** Inside the 1 px outline, its corners rounded as the frame's (theme shape: 8 px). */
const CUE_PLACE: Record<ScrollEdge, Record<string, string | number>> = {
  left: { top: 1, bottom: 1, left: 1, width: 20, borderRadius: '7px 0 0 7px', background: `linear-gradient(to right, ${SHADOW}, ${CLEAR})` },
  right: { top: 1, bottom: 1, right: 1, width: 20, borderRadius: '0 7px 7px 0', background: `linear-gradient(to left, ${SHADOW}, ${CLEAR})` },
  top: { top: 1, left: 1, right: 1, height: 20, borderRadius: '7px 7px 0 0', background: `linear-gradient(to bottom, ${SHADOW}, ${CLEAR})` },
  bottom: { bottom: 1, left: 1, right: 1, height: 20, borderRadius: '0 0 7px 7px', background: `linear-gradient(to top, ${SHADOW}, ${CLEAR})` },
};

export interface TableFrameProps {
  /** The table's name (as its aria-label): the scroll region is named after it. */
  label: string;
  children: ReactNode;
  /** A height past which the table scrolls inside the frame (a long schedule; px, or a CSS length such as "75vh"); none in print. */
  maxHeight?: number | string;
  /** Classes for the whole frame (the session-recording privacy classes). */
  className?: string;
  /** Spacing around the frame. */
  sx?: SxProps<Theme>;
}

export function TableFrame({ label, children, maxHeight, className, sx }: TableFrameProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller);
  const more = EDGES.filter((edge) => edges[edge]);
  // Only a frame that scrolls is a tab stop and a named region: one that fits adds neither.
  // Its name differs from the table's (and from a section named after the table: axe's landmark-unique).
  const region = more.length > 0 ? { role: 'region', 'aria-label': `${label} (scrollable)`, tabIndex: 0 } : {};
  return (
    <Box className={className} sx={[{ position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]} data-scroll-cues={more.join(' ')}>
      <Paper
        ref={scroller}
        variant="outlined"
        {...region}
        sx={{
          overflow: 'auto',
          // the scroller contains what is positioned inside it: a visually hidden column heading
          // (position: absolute) would otherwise sit where the wide table puts it, past the page's edge
          position: 'relative',
          maxHeight,
          // tighter cells below the sm breakpoint: more of the table fits a phone
          '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
          '@media print': { overflow: 'visible', maxHeight: 'none' },
        }}
      >
        {children}
      </Paper>
      {EDGES.map((edge) => (
        <Box
          key={edge}
          aria-hidden
          sx={{
            ...CUE_PLACE[edge],
            position: 'absolute',
            pointerEvents: 'none',
            opacity: edges[edge] ? 1 : 0,
            transition: 'opacity 150ms linear',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            displayPrint: 'none',
          }}
        />
      ))}
    </Box>
  );
}
