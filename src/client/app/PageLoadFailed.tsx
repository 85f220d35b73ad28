/**
 * What a route renders when its code did not arrive (routes.tsx): inside the page's frame, so the
 * shell, its navigation, the session-expiry dialog and sign-out all keep working. The data router
 * keeps a route's failed `lazy` for good, so the route's `lazy` never fails: it resolves to this
 * frame, which loads the code again itself on "Try again" and from then on renders the page. A
 * file the server no longer has (a newer build) reloads the app once instead (chunkFailure.ts).
 * Part of the entry chunk: it must render without loading anything.
 */
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageSkeleton, type SkeletonKind } from '../ui/PageSkeleton';
import { reloadOnceForNewBuild, whyChunkFailed } from './chunkFailure';

export const LOAD_FAILED_TITLE = 'This page could not be loaded';

function Unframed({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

type Status = 'checking' | 'failed' | 'loading';

/**
 * A route's component after its code failed to load with `error`: the failure, with "Try again",
 * until `load` succeeds; then the page (for every later visit too).
 */
export function pageAfterFailedLoad(
  load: () => Promise<ComponentType>,
  error: unknown,
  skeleton: SkeletonKind,
  Frame: ComponentType<{ children: ReactNode }> = Unframed,
): ComponentType {
  let Loaded: ComponentType | null = null;
  let lastError = error;

  function FailedPage() {
    const [status, setStatus] = useState<Status>(Loaded ? 'loading' : 'checking');
    const [, setLoaded] = useState<ComponentType | null>(Loaded);
    const tryAgain = useRef<HTMLButtonElement>(null);

    useEffect(() => {
      if (status !== 'checking') return;
      let live = true;
      void (async () => {
        // a file the server no longer has: this tab runs an old build; reload once (drafts saved)
        if ((await whyChunkFailed(lastError)) === 'gone' && (await reloadOnceForNewBuild())) return;
        if (live) setStatus('failed');
      })();
      return () => {
        live = false;
      };
    }, [status]);

    useEffect(() => {
      if (status === 'failed') tryAgain.current?.focus();
    }, [status]);

    if (Loaded) return <Loaded />;
    if (status !== 'failed')
      return (
        <Frame>
          <PageSkeleton kind={skeleton} />
        </Frame>
      );

    const retry = () => {
      setStatus('loading');
      load().then(
        (Component) => {
          Loaded = Component;
          setLoaded(() => Component);
        },
        (again: unknown) => {
          lastError = again;
          setStatus('checking');
        },
      );
    };
    return (
      <Frame>
      <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} role="alert">
        <Typography variant="h4" component="h1" gutterBottom>
          {LOAD_FAILED_TITLE}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Its files did not arrive, maybe because the connection dropped. Nothing you saved is lost, and you are still signed in.
        </Typography>
        <Button ref={tryAgain} onClick={retry} variant="contained" sx={{ mr: 1 }}>
          Try again
        </Button>
        <Button component={RouterLink} to="/app">
          Go to your home page
        </Button>
      </Box>
      </Frame>
    );
  }
  return FailedPage;
}
