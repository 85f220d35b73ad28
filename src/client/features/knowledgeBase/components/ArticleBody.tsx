/**
 * An article's body: HTML rendered on the server by markdown-it with html:false (raw HTML arrives
 * escaped as text) and links limited to same-site paths (javascript:, data: and external links are
 * never made into links). Same-site links navigate inside the app instead of reloading the page.
 */
import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (/^\/(?![/\\])/.test(href)) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    <Box
      className="kb-article-body"
      onClick={onClick}
      sx={{ '& h2': { typography: 'h5', mt: 3, mb: 1 }, '& h3': { typography: 'h6', mt: 2 }, '& blockquote': { borderLeft: 4, borderColor: 'primary.main', m: 0, my: 2, px: 2, py: 0.5, bgcolor: 'action.hover' }, '& .table-scroll': { overflowX: 'auto', maxWidth: '100%', my: 2 }, '& table': { borderCollapse: 'collapse' }, '& td, & th': { border: 1, borderColor: 'divider', p: 0.75 } }}
      // server-rendered, sanitised Markdown (see above); never text a user typed
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
