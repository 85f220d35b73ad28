/**
 * Lesson HTML rendered on the server by markdown-it with html:false (raw HTML escaped) and only
 * same-site links kept, so it is safe to insert. Same-site links navigate inside the SPA. The
 * lesson tools' placeholders get their calculator or diagram, and the glossary terms their
 * definitions (features/lessonTools).
 */
import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { GlossaryTips, ToolSlots } from '../../lessonTools';

export function ContentHtml({ html, label }: { html: string; label?: string }) {
  const navigate = useNavigate();
  // the element holding the HTML: a new one for new HTML (the key), so the tools find its placeholders
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // a tap that showed a glossary definition (features/lessonTools) is not a navigation
    if (event.defaultPrevented) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <>
      <Box
        key={html}
        ref={setRoot}
        className="lesson-content"
        aria-label={label}
        onClick={onClick}
        sx={{
          lineHeight: 1.7,
          '& h2': { typography: 'h5', mt: 3, mb: 1 },
          '& h3': { typography: 'h6', mt: 2, mb: 1 },
          '& blockquote': { borderLeft: 4, borderColor: 'primary.main', bgcolor: 'action.hover', m: 0, my: 2, px: { xs: 1.5, sm: 2 }, py: 1 },
          '& .table-scroll': { overflowX: 'auto', maxWidth: '100%', my: 2 },
          '& table': { borderCollapse: 'collapse' },
          // on a phone a four-column table fits with tighter cells and a smaller type; wider still, it
          // scrolls in its own box (.table-scroll), never the page
          '& th, & td': { border: 1, borderColor: 'divider', px: { xs: 0.75, sm: 1.5 }, py: 0.5, textAlign: 'left', fontSize: { xs: '0.875rem', sm: 'inherit' } },
          '& a': { color: 'primary.dark' },
          // a glossary term reads as a term, not as the next page to go to
          '& a.glossary-term': { textDecorationStyle: 'dotted', textDecorationThickness: '2px', textUnderlineOffset: '3px' },
          '& .lesson-tool-loading': { color: 'text.secondary', fontStyle: 'italic' },
        }}
        // safe: rendered on the server with html:false, same-site links only (see the header)
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <ToolSlots root={root} />
      <GlossaryTips root={root} />
    </>
  );
}
