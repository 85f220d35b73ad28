/**
 * Copies a text (a class code, a temporary password) and says so where a screen reader hears it. A
 * browser that refuses the clipboard (no permission, an old Chromebook policy) is told to copy by hand.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function CopyButton({ text, what }: { text: string; what: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(`${what} copied.`);
    } catch {
      setSaid(`Could not copy here: select the ${what.toLocaleLowerCase()} and copy it.`);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => void copy()} aria-label={`Copy ${what.toLocaleLowerCase()} ${text}`}>
        Copy
      </Button>
      <Typography component="span" role="status" variant="body2" sx={{ ml: 1 }} color="text.secondary">
        {said}
      </Typography>
    </>
  );
}
