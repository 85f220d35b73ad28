/** The print stylesheet for budgets and worksheets: only the document, no app chrome or buttons. */
import GlobalStyles from '@mui/material/GlobalStyles';

export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          'header, footer, nav, [data-no-print], .MuiBreadcrumbs-root': { display: 'none !important' },
          main: { padding: '0 !important', margin: '0 !important' },
          body: { background: '#fff' },
          '.MuiPaper-root': { boxShadow: 'none !important', breakInside: 'avoid' },
          a: { color: '#000', textDecoration: 'none' },
        },
      }}
    />
  );
}
