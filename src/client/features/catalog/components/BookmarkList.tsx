/** The learner's bookmarks: open or remove each (articles once the knowledge base exists). */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { Bookmark } from '../../../../common/catalog';
import { formatDate } from '../../../ui/format';
import { selectTimeZone } from '../../auth';
import { bookmarkRemoveRequested } from '../slice';
import { Loadable } from './Loadable';
import { useContent } from '../useContent';

const KIND_LABELS: Record<Bookmark['kind'], string> = { section: 'Section', material: 'Material', article: 'Article' };

export function BookmarkList() {
  const dispatch = useAppDispatch();
  const read = { kind: 'bookmarks', args: [] } as const;
  const view = useContent(read);
  const timeZone = useAppSelector(selectTimeZone);
  return (
    <Loadable view={view} read={read}>
      {(bookmarks) =>
        bookmarks.length === 0 ? (
          <Alert severity="info">No bookmarks yet. Use Bookmark on a section or material to keep it here.</Alert>
        ) : (
          <List aria-label="Bookmarks">
            {bookmarks.map((b) => (
              <ListItem
                key={b.id}
                divider
                secondaryAction={
                  <Button size="small" onClick={() => dispatch(bookmarkRemoveRequested({ id: b.id, kind: b.kind, target: b.target }))} aria-label={`Remove bookmark ${b.title}`}>
                    Remove
                  </Button>
                }
              >
                <ListItemText
                  primary={
                    <RouterLink to={b.path} aria-label={`Open ${b.title}`}>
                      {b.title}
                    </RouterLink>
                  }
                  secondary={`${KIND_LABELS[b.kind]} · saved ${formatDate(b.createdAt, timeZone)}`}
                />
              </ListItem>
            ))}
          </List>
        )
      }
    </Loadable>
  );
}
