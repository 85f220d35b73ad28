/** The replay's timeline: marks read from rrweb events, and the controls by keyboard and pointer. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ReplayTimeline, type Speed } from '../../../../../src/client/features/support/components/ReplayTimeline';
import { fitScale, formatClock, readTimeline, seekForKey } from '../../../../../src/client/features/support/recording/timeline';

const T0 = 1_700_000_000_000;
const events = [
  { type: 4, timestamp: T0, data: { href: 'http://localhost/app', width: 1366, height: 768 } },
  { type: 2, timestamp: T0 + 1, data: {} },
  { type: 3, timestamp: T0 + 12_000, data: { source: 2, type: 2, id: 5, x: 1, y: 1 } },
  { type: 3, timestamp: T0 + 13_000, data: { source: 1, positions: [] } },
  { type: 4, timestamp: T0 + 30_000, data: { href: 'http://localhost/app', width: 1366, height: 768 } },
  { type: 4, timestamp: T0 + 40_000, data: { href: 'http://localhost/app/catalog?x=1', width: 1366, height: 768 } },
  { type: 5, timestamp: T0 + 50_000, data: { tag: 'error', payload: { message: 'Quiz failed to load' } } },
  { type: 6, timestamp: T0 + 55_000, data: { plugin: 'rrweb/console@1', payload: { level: 'error', payload: ['x'] } } },
  { type: 3, timestamp: T0 + 60_000, data: { source: 1, positions: [] } },
];

describe('readTimeline', () => {
  it('reads the length and a mark per click, page change (not a re-snapshot of the same page) and error', () => {
    expect(readTimeline(events)).toEqual({
      duration: 60_000,
      marks: [
        { kind: 'click', offset: 12_000, detail: 'Click' },
        { kind: 'page', offset: 40_000, detail: 'Page changed to /app/catalog?x=1' },
        { kind: 'error', offset: 50_000, detail: 'Error: Quiz failed to load' },
        { kind: 'error', offset: 55_000, detail: 'Error logged' },
      ],
      opened: null,
    });
    expect(readTimeline([])).toEqual({ duration: 0, marks: [], opened: null });
  });

  it('marks when the student opened Get Help (the last time): the replay starts there', () => {
    const opened = (at: number) => ({ type: 5, timestamp: T0 + at, data: { tag: 'help-opened', payload: {} } });
    const read = readTimeline([...events.slice(0, 6), opened(42_000), opened(45_000), ...events.slice(6)]);
    expect(read.opened).toBe(45_000);
    expect(read.marks.filter((m) => m.kind === 'opened')).toEqual([
      { kind: 'opened', offset: 42_000, detail: 'Get Help opened' },
      { kind: 'opened', offset: 45_000, detail: 'Get Help opened' },
    ]);
  });

  it.each([
    ['ArrowRight', 10_000, 15_000],
    ['ArrowUp', 10_000, 15_000],
    ['ArrowLeft', 10_000, 5_000],
    ['ArrowDown', 3_000, 0],
    ['ArrowRight', 58_000, 60_000],
    ['Home', 42_000, 0],
    ['End', 1_000, 60_000],
    ['a', 1_000, null],
  ])('%s from %p ms goes to %p', (key, from, to) => {
    expect(seekForKey(key, from, 60_000)).toBe(to);
  });

  it.each([
    // [recorded, viewer, scale]: the width decides unless the height would pass the limit
    [{ width: 1366, height: 768 }, { width: 1366, maxHeight: 2000 }, 1],
    [{ width: 1366, height: 768 }, { width: 390, maxHeight: 2000 }, 390 / 1366],
    [{ width: 1366, height: 768 }, { width: 1366, maxHeight: 384 }, 0.5],
    [{ width: 0, height: 0 }, { width: 390, maxHeight: 500 }, 1],
  ])('fitScale(%j, %j) = %p', (recorded, box, scale) => {
    expect(fitScale(recorded, box)).toBeCloseTo(scale, 6);
  });

  it('formats a clock', () => {
    expect([0, 5_400, 80_000, 723_000].map(formatClock)).toEqual(['0:00', '0:05', '1:20', '12:03']);
  });
});

function Harness({ onSeek = jest.fn() }: { onSeek?: jest.Mock }) {
  const [current, setCurrent] = useState(10_000);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [announcement, setAnnouncement] = useState('');
  const { duration, marks } = readTimeline(events);
  return (
    <ReplayTimeline
      duration={duration}
      current={current}
      playing={playing}
      speed={speed}
      marks={marks}
      announcement={announcement}
      onPlay={() => {
        setPlaying(true);
        setAnnouncement('Playing');
      }}
      onPause={() => {
        setPlaying(false);
        setAnnouncement('Paused');
      }}
      onSeek={(offset, reason) => {
        onSeek(offset, reason);
        setCurrent(offset);
        setAnnouncement(`At ${formatClock(offset)}`);
      }}
      onSpeed={(s) => setSpeed(s)}
    />
  );
}

describe('ReplayTimeline', () => {
  it('is keyboard operable: arrows move 5 s, Home and End the ends, and the change is announced', async () => {
    render(<Harness />);
    const slider = screen.getByRole('slider', { name: 'Position in the recording' });
    expect(slider).toHaveAttribute('aria-valuetext', '0:10 of 1:00');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:15 of 1:00');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:05 of 1:00');
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('replay-clock')).toHaveTextContent('1:00 / 1:00');
    await userEvent.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 1:00');
    expect(screen.getByRole('status')).toHaveTextContent('At 0:00');
  });

  it('each mark is a named button that jumps there; play / pause and the speed are buttons that say their state', async () => {
    const onSeek = jest.fn();
    render(<Harness onSeek={onSeek} />);
    await userEvent.tab(); // Play
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Playing');

    const page = screen.getByRole('button', { name: 'Page changed to /app/catalog?x=1 at 0:40' });
    page.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSeek).toHaveBeenLastCalledWith(40_000, 'page changed to /app/catalog?x=1');
    expect(screen.getByTestId('replay-clock')).toHaveTextContent('0:40 / 1:00');
    expect(screen.getByRole('button', { name: 'Click at 0:12' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Error: Quiz failed to load at 0:50' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: '1×' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '4×' }));
    expect(screen.getByRole('button', { name: '4×' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '1×' })).toHaveAttribute('aria-pressed', 'false');
  });
});
