/** Bookmark / remove bookmark for a section or material (the server refuses a missing item). */
import Button from '@mui/material/Button';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { BookmarkKind } from '../../../../common/catalog';
import { selectChange } from '../selectors';
import { bookmarkAddRequested, bookmarkChangeKey, bookmarkRemoveRequested } from '../slice';
import { useContent } from '../useContent';

export function BookmarkButton({ kind, target, bookmarked }: { kind: BookmarkKind; target: string; bookmarked: boolean }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectChange(bookmarkChangeKey(kind, target))) === 'pending';
  const bookmarks = useContent(bookmarked ? { kind: 'bookmarks', args: [] } : null);
  const existing = bookmarks.data?.find((b) => b.kind === kind && b.target === target);
  if (bookmarked) {
    return (
      <Button
        variant="outlined"
        disabled={pending || !existing}
        onClick={() => existing && dispatch(bookmarkRemoveRequested({ id: existing.id, kind, target }))}
      >
        Remove bookmark
      </Button>
    );
  }
  return (
    <Button variant="outlined" disabled={pending} onClick={() => dispatch(bookmarkAddRequested({ kind, target }))}>
      Bookmark
    </Button>
  );
}
