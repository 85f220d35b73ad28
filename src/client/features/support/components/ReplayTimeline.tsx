/**
 * The replay's controls: play / pause, the position slider (drag; arrows ±5 s, Home, End), the speed
 * (1×, 2×, 4×), the current time and the duration, and a button per mark (a click, a page change, an
 * error, Get Help opened) that jumps there; the part before Get Help opened is shaded. Changes are announced in a polite live region. It only reports intents
 * (onPlay, onSeek…): the page drives rrweb's player.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatClock, seekForKey, type MarkKind, type TimelineMark } from '../recording/timeline';

export const SPEEDS = [1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

const MARK_STYLE: Record<MarkKind, { symbol: string; color: string }> = {
  click: { symbol: '●', color: '#0b57d0' },
  page: { symbol: '▲', color: '#1b6e1b' },
  error: { symbol: '✕', color: '#b3261e' },
  opened: { symbol: '◆', color: '#6a1b9a' },
};

export interface ReplayTimelineProps {
  duration: number;
  current: number;
  playing: boolean;
  speed: Speed;
  marks: readonly TimelineMark[];
  /** when the student opened Get Help: the part before it (the minute the tab kept) is shaded */
  opened?: number | null;
  announcement: string;
  disabled?: boolean;
  onPlay(): void;
  onPause(): void;
  onSeek(offset: number, reason: string): void;
  onSpeed(speed: Speed): void;
}

export function ReplayTimeline({ duration, current, playing, speed, marks, opened = null, announcement, disabled, onPlay, onPause, onSeek, onSpeed }: ReplayTimelineProps) {
  const before = opened !== null && duration > 0 ? Math.min(100, (opened / duration) * 100) : 0;
  return (
    <Box sx={{ my: 1 }} data-testid="replay-timeline">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={disabled} onClick={playing ? onPause : onPlay} sx={{ minWidth: 96 }}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="replay-clock">
          {formatClock(current)} / {formatClock(duration)}
        </Typography>
        <Box role="group" aria-label="Speed" sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
          {SPEEDS.map((s) => (
            <Button key={s} size="small" variant={speed === s ? 'contained' : 'outlined'} aria-pressed={speed === s} disabled={disabled} onClick={() => onSpeed(s)}>
              {s}×
            </Button>
          ))}
        </Box>
      </Box>
      <Box sx={{ position: 'relative', mt: 1 }}>
        {before > 0 && (
          // the minute the student's tab kept before they asked for help, behind the slider's track
          <Box aria-hidden="true" data-testid="replay-before" sx={{ position: 'absolute', left: '8px', top: 4, height: 16, width: `calc((100% - 16px) * ${before / 100})`, bgcolor: '#ede7f6', borderRadius: 1 }} />
        )}
        <Box
          component="input"
          type="range"
          aria-label="Position in the recording"
          aria-valuetext={`${formatClock(current)} of ${formatClock(duration)}`}
          min={0}
          max={Math.max(duration, 1)}
          step={100}
          value={Math.min(current, duration)}
          disabled={disabled}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => onSeek(Number(e.target.value), 'scrub')}
          onKeyDown={(e: React.KeyboardEvent<HTMLInputElement>) => {
            const next = seekForKey(e.key, current, duration);
            if (next === null) return;
            e.preventDefault();
            onSeek(next, 'key');
          }}
          sx={{ width: '100%', m: 0, accentColor: '#0b57d0', height: 24, position: 'relative' }}
        />
      </Box>
      {marks.length > 0 && (
        <Box component="ul" aria-label="Moments in the recording" sx={{ position: 'relative', height: 28, listStyle: 'none', p: 0, m: 0, mx: '8px' }}>
          {marks.map((m, i) => (
            <Box component="li" key={`${m.kind}-${m.offset}-${i}`} sx={{ position: 'absolute', left: `${duration > 0 ? (m.offset / duration) * 100 : 0}%`, transform: 'translateX(-50%)' }}>
              <Box
                component="button"
                type="button"
                aria-label={`${m.detail} at ${formatClock(m.offset)}`}
                title={`${m.detail} at ${formatClock(m.offset)}`}
                disabled={disabled}
                onClick={() => onSeek(m.offset, m.detail.toLowerCase())}
                sx={{ width: 24, height: 24, p: 0, border: 0, background: 'transparent', color: MARK_STYLE[m.kind].color, cursor: 'pointer', fontSize: 14, lineHeight: '24px' }}
              >
                <span aria-hidden="true">{MARK_STYLE[m.kind].symbol}</span>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        Marks: ● a click, ▲ a page change, ✕ an error, ◆ Get Help opened
        {before > 0 ? ` (the shaded part before it is the ${formatClock(opened ?? 0)} the student's tab kept before they asked)` : ''}. Arrow keys on the position move 5
        seconds; Home and End go to the start and the end.
      </Typography>
      <Box role="status" aria-live="polite" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Box>
    </Box>
  );
}
