/**
 * One part of a page that loads or renders on its own (Home's "Continue" card, "Assigned to you", a
 * staff workspace's view; a lesson tool): when its code does not arrive or it throws while
 * rendering, a short message and "Try again" take its place and the rest of the page keeps working.
 * A page that fails as a whole is PageLoadFailed's (routes.tsx).
 *
 * "Try again" asks for the part's code anew (`retry`, from lib/retryableLazy: React.lazy would keep
 * the failed import) and renders it again. A file the server no longer has means a newer build is
 * deployed: the app reloads once, as for a page (chunkFailure.ts).
 */
import { Component, createRef, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { reportClientError } from '../lib/errorLog';
import { reloadOnceForNewBuild, whyChunkFailed } from './chunkFailure';

interface Props {
  /** What the student reads in the part's place, e.g. "This part of Home could not load." */
  message: string;
  /** The part's `retryableLazy(…).retry`: a failed import is asked for again. */
  retry?: () => void;
  /** Shown while the part's code loads. */
  fallback?: ReactNode;
  /** Told when the part failed (a page that waits on the part decides without it). */
  onFailed?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** the student pressed "Try again" at least once */
  retried: boolean;
}

export class PartBoundary extends Component<Props, State> {
  override state: State = { failed: false, retried: false };
  private readonly button = createRef<HTMLButtonElement>();

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportClientError(error);
    this.props.onFailed?.(error);
    void whyChunkFailed(error).then((why) => (why === 'gone' ? reloadOnceForNewBuild() : false));
  }

  override componentDidUpdate(_props: Props, previous: State): void {
    // failed again after "Try again": the focus goes back to the button the student pressed
    if (this.state.failed && !previous.failed && this.state.retried) this.button.current?.focus();
  }

  private readonly tryAgain = () => {
    this.props.retry?.();
    this.setState({ failed: false, retried: true });
  };

  override render(): ReactNode {
    if (!this.state.failed) return <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
    return (
      <Box role="alert" sx={{ mb: 3 }}>
        <Typography sx={{ mb: 1 }}>{this.props.message}</Typography>
        <Button ref={this.button} variant="outlined" onClick={this.tryAgain}>
          Try again
        </Button>
      </Box>
    );
  }
}
