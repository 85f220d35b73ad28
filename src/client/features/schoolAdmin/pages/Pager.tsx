/** Previous / Next through a paged admin list (users, audit trail), with where the reader is. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function Pager({ page, total, pageSize, label, onPage }: { page: number; total: number; pageSize: number; label: string; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }} component="nav" aria-label={`${label} pages`}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography aria-live="polite">
        Page {page} of {pages} ({total} {label.toLowerCase()})
      </Typography>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
