/**
 * Search as you type: the field dispatches every change; the saga waits for a pause and cancels an
 * older search. Results are announced politely; an empty or junk query gets a friendly empty state.
 *
 * The query lives in the address (`?q=`), replaced as the student types (one history entry, not one
 * a keystroke), so Back from an article, a reload and a shared link show the same search. The
 * address is the truth: whatever it says when it changes is what the box holds.
 */
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { IN_PLACE } from '../../../app/ScrollToTop';
import { kbPaths } from '../../../../common/knowledgeBase';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectKbSearch } from '../selectors';
import { searchQueryChanged } from '../slice';
import { searchStatusText } from '../searchStatus';
import { Snippet } from './Snippet';

export const SEARCH_LABEL = 'Search the knowledge base';

export function KbSearch() {
  const dispatch = useAppDispatch();
  const { query, status, result } = useAppSelector(selectKbSearch);
  const [params, setParams] = useSearchParams();
  const addressQuery = params.get('q') ?? '';
  useEffect(() => {
    if (addressQuery !== query) dispatch(searchQueryChanged({ query: addressQuery, immediate: true }));
    // only when the address changes: typing changes the box first and the address right after
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressQuery]);
  const count = status === 'succeeded' && result ? result.results.length : null;
  const didYouMean = status === 'succeeded' ? result?.didYouMean : null;
  return (
    <Box component="section" role="search" aria-label="Knowledge base search" sx={{ mb: 3 }}>
      <TextField
        label={SEARCH_LABEL}
        type="search"
        fullWidth
        value={query}
        onChange={(event) => {
          const next = event.target.value;
          dispatch(searchQueryChanged({ query: next }));
          setParams(next === '' ? {} : { q: next }, { replace: true, state: IN_PLACE });
        }}
        slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
        helperText="Try APR, emergency fund or W-4"
      />
      <Typography role="status" aria-live="polite" sx={{ mt: 1 }} variant="body2">
        {searchStatusText(query, status, count)}
      </Typography>
      {didYouMean && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Did you mean{' '}
          <Link component={RouterLink} to={{ search: `?q=${encodeURIComponent(didYouMean)}` }} sx={{ fontWeight: 600 }}>
            {didYouMean}
          </Link>
          ?
        </Typography>
      )}
      {count !== null && count > 0 && result && (
        <List aria-label="Search results">
          {result.results.map((hit) => (
            <ListItem key={`${hit.topicSlug}/${hit.slug}`} disableGutters sx={{ display: 'block', py: 1 }}>
              <Link component={RouterLink} to={kbPaths.article(hit.topicSlug, hit.slug)} variant="h6" underline="hover">
                {hit.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {hit.topicTitle}
              </Typography>
              <Typography variant="body2" className="kb-snippet" sx={{ '& mark': { bgcolor: '#fff59d', color: 'inherit', px: 0.25 } }}>
                <Snippet segments={hit.snippet} />
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
