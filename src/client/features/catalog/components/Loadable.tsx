/** Branches on a piece of content's status: loading, Not Found (404/400), an error with retry, or the content. */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { useAppDispatch } from '../../../app/hooks';
import { PageLoading } from '../../../ui/PageLoading';
import type { Loadable as LoadableState } from '../../../api/loadable';
import type { ContentRead } from '../api';
import { contentOpened } from '../slice';

export function Loadable<T>({ view, read, children }: { view: LoadableState<T>; read: ContentRead; children: (data: T) => ReactNode }) {
  const dispatch = useAppDispatch();
  if (view.data !== null) return <>{children(view.data)}</>;
  if (view.status === 'failed' && view.error) {
    if (view.error.status === 404 || view.error.status === 400) return <NotFoundPage />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => dispatch(contentOpened(read))}>
            Try again
          </Button>
        }
      >
        {view.error.message}
      </Alert>
    );
  }
  return <PageLoading />;
}
