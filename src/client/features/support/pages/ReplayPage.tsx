/**
 * /app/support/recordings/:id — replays a ticket's session recording for SUPPORT / GADMINSUPERUSER
 * (the server answers 403 to anyone else). rrweb's Replayer rebuilds the page in an iframe that is
 * sandboxed WITHOUT scripts (`allow-same-origin` only), so nothing recorded can run, and it works
 * under the CSP as it stands (about:blank frames inherit it; no frame-src change was needed).
 * rrweb loads on demand, in its own chunk. The recorded screen is scaled to the viewer's width
 * (letterboxed, never cut off); the timeline (components/ReplayTimeline) plays, pauses, scrubs,
 * changes speed and jumps to the marks read from the events (recording/timeline.ts). A recording
 * with the minute a student's tab kept before they asked for help opens paused where they opened
 * Get Help, that minute earlier on the timeline (shaded), its errors marked as ever. The server
 * records every opening in the audit trail (replay.open).
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { RRWEB_META_EVENT, SUPPORT_PERMISSION } from '../../../../common/support';
import { ReplayTimeline, type Speed } from '../components/ReplayTimeline';
import { fitScale, formatClock, readTimeline, type Timeline } from '../recording/timeline';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../ui/format';
import { PageFrame } from '../../../ui/PageFrame';
import { selectHasPermission, selectTimeZone } from '../../auth';
import { selectRecording } from '../selectors';
import { recordingRequested } from '../slice';
import { NOT_ALLOWED } from './consoleAccess';
import { registerArea } from '../../../app/areas';
import { supportArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);

interface Player {
  play(offset?: number): void;
  pause(offset?: number): void;
  getMetaData(): { totalTime: number };
  getCurrentTime(): number;
  setConfig(config: { speed: number }): void;
  on(event: string, handler: (payload: unknown) => void): unknown;
  destroy(): void;
}

/** The tallest the replay gets: the rest of a laptop's screen stays for the timeline. */
const MAX_HEIGHT_VH = 70;

export function ReplayPage() {
  const { id = '' } = useParams();
  const isStaff = useAppSelector((state) => selectHasPermission(state, SUPPORT_PERMISSION));
  const dispatch = useAppDispatch();
  const recording = useAppSelector(selectRecording);
  const timeZone = useAppSelector(selectTimeZone);
  const root = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const player = useRef<Player | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [timeline, setTimeline] = useState<Timeline>({ duration: 0, marks: [], opened: null });
  const [screen, setScreen] = useState({ width: 1024, height: 768 });
  const [boxWidth, setBoxWidth] = useState(0);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (isStaff) dispatch(recordingRequested({ id }));
  }, [dispatch, isStaff, id]);

  // the viewer's width, followed as the window (or a phone's orientation) changes
  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    const measure = () => setBoxWidth(box.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ready]);

  const events = recording.data?.events;
  useEffect(() => {
    if (!events || !root.current) return;
    let cancelled = false;
    const mount = root.current;
    (async () => {
      try {
        const parsed = JSON.parse(events) as unknown[];
        if (parsed.length < 2) throw new Error('The recording holds no screen.');
        const read = readTimeline(parsed);
        const meta = parsed.find((e) => (e as { type?: number }).type === RRWEB_META_EVENT) as { data?: { width?: number; height?: number } } | undefined;
        if (meta?.data?.width && meta.data.height) setScreen({ width: meta.data.width, height: meta.data.height });
        const { Replayer } = await import(/* webpackChunkName: "recorder" */ 'rrweb');
        if (cancelled) return;
        // triggerFocus off: replaying the student's focus would move the viewer's keyboard focus into the
        // recording (off the timeline, so Home after End went to the replayed page, not the slider)
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rrweb's event union is not exported by its package entry
        const replayer = new Replayer(parsed as any[], { root: mount, mouseTail: false, showWarning: false, UNSAFE_replayCanvas: false, triggerFocus: false }) as unknown as Player;
        player.current = replayer;
        mount.querySelector('iframe')?.setAttribute('title', "Replay of the student's screen");
        replayer.on('resize', (size) => {
          const { width, height } = size as { width: number; height: number };
          if (width > 0 && height > 0) setScreen({ width, height });
        });
        replayer.on('finish', () => {
          setPlaying(false);
          setAnnouncement('The recording has ended.');
        });
        const total = replayer.getMetaData().totalTime;
        // the replay starts where the student opened Get Help; the minute their tab kept lies before it
        const opened = read.opened !== null && read.opened <= total ? read.opened : null;
        setTimeline({ duration: total, marks: read.marks.filter((m) => m.offset <= total), opened });
        replayer.pause(opened ?? 0);
        setCurrent(opened ?? 0);
        setReady(true);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      cancelled = true;
      player.current?.destroy();
      player.current = null;
      mount.replaceChildren();
      setReady(false);
    };
  }, [events]);

  // while playing, the clock and the slider follow the player (a display refresh, not a timer of the app's logic)
  useEffect(() => {
    if (!playing) return;
    const tick = window.setInterval(() => {
      if (player.current) setCurrent(Math.min(player.current.getCurrentTime(), timeline.duration));
    }, 200);
    return () => window.clearInterval(tick);
  }, [playing, timeline.duration]);

  const play = () => {
    if (!player.current) return;
    const from = current >= timeline.duration ? 0 : current;
    player.current.play(from);
    setPlaying(true);
    setAnnouncement(`Playing from ${formatClock(from)} at ${speed}×.`);
  };
  const pause = () => {
    if (!player.current) return;
    const at = Math.min(player.current.getCurrentTime(), timeline.duration);
    player.current.pause(at);
    setCurrent(at);
    setPlaying(false);
    setAnnouncement(`Paused at ${formatClock(at)}.`);
  };
  const seek = (offset: number, reason: string) => {
    if (!player.current) return;
    if (playing) player.current.play(offset);
    else player.current.pause(offset);
    setCurrent(offset);
    setAnnouncement(reason === 'scrub' || reason === 'key' ? `At ${formatClock(offset)} of ${formatClock(timeline.duration)}.` : `Jumped to ${reason} at ${formatClock(offset)}.`);
  };
  const changeSpeed = (next: Speed) => {
    setSpeed(next);
    player.current?.setConfig({ speed: next });
    setAnnouncement(`Speed ${next}×.`);
  };

  const maxHeight = typeof window === 'undefined' ? 600 : (window.innerHeight * MAX_HEIGHT_VH) / 100;
  const scale = fitScale(screen, { width: boxWidth, maxHeight });

  const title = 'Session Recording';
  const crumbs = [
    { label: 'Home', to: '/app' },
    { label: 'Support', to: '/app/support' },
    { label: 'Support Tickets', to: '/app/support/tickets' },
    { label: title },
  ];
  if (!isStaff) {
    return (
      <PageFrame title={title} crumbs={crumbs}>
        <Alert severity="error">{NOT_ALLOWED}</Alert>
      </PageFrame>
    );
  }
  const data = recording.data;
  return (
    <PageFrame title={title} crumbs={crumbs} maxWidth="100%">
      {recording.status === 'loading' && <CircularProgress aria-label="Loading the recording" />}
      {recording.status === 'failed' && <Alert severity="error">{recording.error?.message}</Alert>}
      {problem && <Alert severity="error">This recording cannot be replayed: {problem}</Alert>}
      {data && (
        <Box sx={{ mb: 1 }}>
          <Typography>
            Ticket{' '}
            <Link component={RouterLink} to={`/app/support/tickets/${data.ticketKey}`}>
              {data.ticketKey}
            </Link>
            , recorded {formatDate(data.createdAt, timeZone)}
            {data.truncated ? ' (the oldest part was cut to keep it within the size limit)' : ''}. Every typed value is masked.
            {timeline.opened !== null &&
              ` It starts at ${formatClock(timeline.opened)}, when the student opened Get Help; the part before it is what their tab kept just before they asked.`}
          </Typography>
          <ReplayTimeline
            duration={timeline.duration}
            current={current}
            playing={playing}
            speed={speed}
            marks={timeline.marks}
            opened={timeline.opened}
            announcement={announcement}
            disabled={!ready}
            onPlay={play}
            onPause={pause}
            onSeek={seek}
            onSpeed={changeSpeed}
          />
        </Box>
      )}
      {/* the recorded screen, scaled to the viewer's width (and at most 70% of its height), aspect
          kept: letterboxed on a dark ground, never cut off */}
      <Box ref={frame} sx={{ width: '100%', bgcolor: 'grey.900', display: 'flex', justifyContent: 'center', border: 1, borderColor: 'divider' }}>
        <Box sx={{ position: 'relative', overflow: 'hidden', width: screen.width * scale, height: screen.height * scale }}>
          <Box
            ref={root}
            data-testid="replay"
            role="region"
            aria-label="Replay of the student's screen"
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: screen.width,
              height: screen.height,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              '& iframe': { border: 0, display: 'block', background: '#fff' },
              // rrweb's own wrapper and mouse layer keep the recorded size; the scale above fits them
              '& .replayer-wrapper': { position: 'relative' },
              '& .replayer-mouse': { position: 'absolute', width: 20, height: 20, pointerEvents: 'none' },
            }}
          />
        </Box>
      </Box>
    </PageFrame>
  );
}
