/**
 * The shared table frame (ui/TableFrame.tsx): a table that fits is a plain table; one that does not
 * shows a cue on each edge with more to see and is a named, focusable scroll region — and the table
 * inside keeps its own name, rows and cells. jsdom lays nothing out: the frame's sizes are given here.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { FoldedLines, TableFrame } from '../../../../src/client/ui/TableFrame';

/** The scroll box's sizes, as a browser would report them; every other element measures 0. */
type Box = { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number; scrollLeft: number; scrollTop: number };
let box: Box;
const FITS: Box = { scrollWidth: 320, clientWidth: 320, scrollHeight: 200, clientHeight: 200, scrollLeft: 0, scrollTop: 0 };

const isScroller = (el: Element) => el.classList.contains('MuiPaper-root');
const sizes = ['scrollWidth', 'clientWidth', 'scrollHeight', 'clientHeight', 'scrollLeft', 'scrollTop'] as const;

/** A stand-in for ResizeObserver (jsdom has none) that a test fires as a browser would on a resize. */
const observers: Array<() => void> = [];
class FakeResizeObserver {
  constructor(private readonly callback: () => void) {
    observers.push(() => this.callback());
  }
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
function resized(next: Partial<Box>): void {
  box = { ...box, ...next };
  act(() => observers.forEach((notify) => notify()));
}

beforeEach(() => {
  box = { ...FITS };
  observers.length = 0;
  for (const size of sizes) {
    jest.spyOn(Element.prototype, size, 'get').mockImplementation(function (this: Element) {
      return isScroller(this) ? box[size] : 0;
    });
  }
  Object.assign(globalThis, { ResizeObserver: FakeResizeObserver });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

function Lines({ maxHeight }: { maxHeight?: number }) {
  return (
    <TableFrame label="Every line of the budget" maxHeight={maxHeight}>
      <Table aria-label="Every line of the budget">
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row">
              Rent
            </TableCell>
            <TableCell>$900.00</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableFrame>
  );
}

const frameOf = (table: HTMLElement) => table.closest('[data-scroll-cues]') as HTMLElement;

describe('TableFrame', () => {
  it('a table that fits: no cue, no extra tab stop, no region around it', async () => {
    render(
      <>
        <Lines />
        <button type="button">Next</button>
      </>,
    );
    const table = screen.getByRole('table', { name: 'Every line of the budget' });
    expect(frameOf(table)).toHaveAttribute('data-scroll-cues', '');
    expect(screen.queryByRole('region')).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('a table wider than its frame: a cue on the right, a named region reached by keyboard, the table intact', async () => {
    box = { ...FITS, scrollWidth: 480 };
    render(<Lines />);
    const region = screen.getByRole('region', { name: 'Every line of the budget (scrollable)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(frameOf(region)).toHaveAttribute('data-scroll-cues', 'right');
    await userEvent.tab();
    expect(region).toHaveFocus();
    const table = within(region).getByRole('table', { name: 'Every line of the budget' });
    expect(within(table).getByRole('rowheader', { name: 'Rent' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '$900.00' })).toBeInTheDocument();
  });

  it('the cues follow the scrolling: both sides in the middle, only the left at the end', () => {
    box = { ...FITS, scrollWidth: 480 };
    render(<Lines />);
    const region = screen.getByRole('region', { name: 'Every line of the budget (scrollable)' });
    box.scrollLeft = 80;
    fireEvent.scroll(region);
    expect(frameOf(region)).toHaveAttribute('data-scroll-cues', 'left right');
    box.scrollLeft = 160;
    fireEvent.scroll(region);
    expect(frameOf(region)).toHaveAttribute('data-scroll-cues', 'left');
  });

  it('a frame that starts to overflow (a phone turned, a row added) shows the cue, and drops it again', () => {
    render(<Lines />);
    const table = screen.getByRole('table', { name: 'Every line of the budget' });
    resized({ clientWidth: 240 });
    expect(frameOf(table)).toHaveAttribute('data-scroll-cues', 'right');
    expect(screen.getByRole('region', { name: 'Every line of the budget (scrollable)' })).toBeInTheDocument();
    resized({ clientWidth: 320 });
    expect(frameOf(table)).toHaveAttribute('data-scroll-cues', '');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('a long table under a height limit: a cue at the bottom, then at the top once scrolled down', () => {
    box = { ...FITS, scrollHeight: 900, clientHeight: 420 };
    render(<Lines maxHeight={420} />);
    const region = screen.getByRole('region', { name: 'Every line of the budget (scrollable)' });
    expect(frameOf(region)).toHaveAttribute('data-scroll-cues', 'bottom');
    box.scrollTop = 480;
    fireEvent.scroll(region);
    expect(frameOf(region)).toHaveAttribute('data-scroll-cues', 'top');
  });

  it('also measures without ResizeObserver (an older browser): on a window resize', () => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    render(<Lines />);
    const table = screen.getByRole('table', { name: 'Every line of the budget' });
    box = { ...box, clientWidth: 200 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(frameOf(table)).toHaveAttribute('data-scroll-cues', 'right');
  });
});

describe('FoldedLines', () => {
  it("a row's folded-in columns: one line each, in the order given, with nothing between them but a line break", () => {
    const { container } = render(<FoldedLines lines={['Not started · 0%', 'Time 0 min']} />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.innerHTML.replace(/^<p[^>]*>|<\/p>$/g, '')).toBe('Not started · 0%<br>Time 0 min');
  });

  it('one line: no line break', () => {
    const { container } = render(<FoldedLines lines={['Added Nov 24, 2026']} />);
    expect(container.querySelectorAll('br')).toHaveLength(0);
    expect(container.textContent).toBe('Added Nov 24, 2026');
  });
});
