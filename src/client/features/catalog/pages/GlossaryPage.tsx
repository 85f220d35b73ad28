/**
 * /app/resources/glossary: every knowledge-base key term A–Z with its definition and a link to its
 * article, filtered as the student types (term or definition). The same terms are marked in the
 * sections (features/lessonTools).
 */
import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { GlossaryEntry } from '../../../../common/knowledgeBase';
import { registerArea } from '../../../app/areas';
import { PageFrame } from '../../../ui/PageFrame';
import { catalogArea } from '../area';
import { Loadable } from '../components/Loadable';
import { useContent } from '../useContent';

registerArea(catalogArea);

const GLOSSARY = { kind: 'glossary', args: [] } as const;

/** Entries whose term or definition holds every word typed (case-insensitive), grouped by first letter. */
export function filterGlossary(entries: readonly GlossaryEntry[], query: string): Array<[string, GlossaryEntry[]]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, GlossaryEntry[]>();
  for (const entry of entries) {
    const text = `${entry.term} ${entry.definition}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) continue;
    const first = entry.term.charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), entry]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? -1 : b === '#' ? 1 : a.localeCompare(b)));
}

export function GlossaryPage() {
  const view = useContent(GLOSSARY);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  return (
    <PageFrame
      title="Glossary"
      crumbs={[{ label: 'Home', to: '/app' }, { label: 'Resources', to: '/app/resources' }, { label: 'Glossary' }]}
      intro="Money words from the lessons, A to Z. Each links to the article that explains it."
    >
      <Loadable view={view} read={GLOSSARY}>
        {({ entries }) => {
          const groups = filterGlossary(entries, deferred);
          const shown = groups.reduce((n, [, list]) => n + list.length, 0);
          return (
            <>
              <TextField
                label="Filter terms"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value.slice(0, 100))}
                size="small"
                sx={{ mb: 1, width: { xs: '100%', sm: 360 } }}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {shown === entries.length ? `${entries.length} terms` : shown === 0 ? 'No terms match. Try fewer letters.' : `${shown} of ${entries.length} terms`}
              </Typography>
              {groups.map(([letter, list]) => (
                <Box key={letter} component="section" aria-labelledby={`glossary-${letter}`} sx={{ mb: 2 }}>
                  <Typography variant="h5" component="h2" id={`glossary-${letter}`}>
                    {letter}
                  </Typography>
                  <Box component="dl" sx={{ m: 0 }}>
                    {list.map((entry) => (
                      <Box key={entry.term} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                        <Typography component="dt" sx={{ fontWeight: 700 }}>
                          {entry.term}
                        </Typography>
                        <Typography component="dd" sx={{ m: 0 }}>
                          {entry.definition}{' '}
                          <Link component={RouterLink} to={entry.path}>
                            Read: {entry.articleTitle}
                          </Link>
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                </Box>
              ))}
            </>
          );
        }}
      </Loadable>
    </PageFrame>
  );
}
