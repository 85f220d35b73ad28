/**
 * /app/support/recordings/:id — replays a ticket's session recording for SUPPORT / GADMINSUPERUSER
 * (the server answers 403 to anyone else). rrweb's Replayer rebuilds the page in an iframe that is
 * sandboxed WITHOUT scripts (`allow-same-origin` only), so nothing recorded can run, and it works
 * under the CSP as it stands (about:blank frames inherit it; no frame-src change was needed).
 * rrweb loads on demand, in its own chunk.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { SUPPORT_PERMISSION } from '../../../../common/support';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../ui/format';
import { PageFrame } from '../../../ui/PageFrame';
import { selectHasPermission, selectTimeZone } from '../../auth';
import { selectRecording } from '../selectors';
import { recordingRequested } from '../slice';
import { NOT_ALLOWED } from './ConsolePages';
import { registerArea } from '../../../app/areas';
import { supportArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);

interface Player {
  play(offset?: number): void;
  pause(offset?: number): void;
  getMetaData(): { totalTime: number };
  destroy(): void;
}

export function ReplayPage() {
  const { id = '' } = useParams();
  const isStaff = useAppSelector((state) => selectHasPermission(state, SUPPORT_PERMISSION));
  const dispatch = useAppDispatch();
  const recording = useAppSelector(selectRecording);
  const timeZone = useAppSelector(selectTimeZone);
  const root = useRef<HTMLDivElement>(null);
  const player = useRef<Player | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (isStaff) dispatch(recordingRequested({ id }));
  }, [dispatch, isStaff, id]);

  const events = recording.data?.events;
  useEffect(() => {
    if (!events || !root.current) return;
    let cancelled = false;
    const mount = root.current;
    (async () => {
      try {
        const parsed = JSON.parse(events) as unknown[];
        if (parsed.length < 2) throw new Error('The recording holds no screen.');
        const { Replayer } = await import(/* webpackChunkName: "recorder" */ 'rrweb');
        if (cancelled) return;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rrweb's event union is not exported by its package entry
        const replayer = new Replayer(parsed as any[], { root: mount, mouseTail: false, showWarning: false, UNSAFE_replayCanvas: false });
        player.current = replayer;
        mount.querySelector('iframe')?.setAttribute('title', "Replay of the student's screen");
        replayer.pause(replayer.getMetaData().totalTime);
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
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
            <Button variant="contained" disabled={!ready} onClick={() => player.current?.play(0)}>
              Play from the start
            </Button>
            <Button variant="outlined" disabled={!ready} onClick={() => player.current?.pause()}>
              Pause
            </Button>
            <Button variant="outlined" disabled={!ready} onClick={() => player.current?.pause(player.current.getMetaData().totalTime)}>
              Show the last moment
            </Button>
          </Box>
        </Box>
      )}
      <Box
        ref={root}
        data-testid="replay"
        role="region"
        aria-label="Replay of the student's screen"
        // scrollable, so it must be reachable by keyboard
        tabIndex={0}
        sx={{ position: 'relative', overflow: 'auto', border: 1, borderColor: 'divider', maxHeight: '75vh', '& iframe': { border: 0, display: 'block', background: '#fff' } }}
      />
    </PageFrame>
  );
}
