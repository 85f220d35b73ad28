import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TicketMessage } from '../../../../common/support';
import { formatTime } from '../../../ui/format';

/** A ticket's thread, oldest first; internal notes stand out so nobody takes one for a reply. */
export function Thread({ messages, timeZone, who }: { messages: readonly TicketMessage[]; timeZone: string; who: (m: TicketMessage) => string }) {
  if (messages.length === 0) return <Typography>No messages yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {messages.map((m) => (
        <Box
          component="li"
          key={m.id}
          sx={{ border: 1, borderColor: m.kind === 'note' ? 'warning.main' : 'divider', borderStyle: m.kind === 'note' ? 'dashed' : 'solid', borderRadius: 1, p: 1.5 }}
        >
          <Typography variant="subtitle2" component="p">
            {who(m)} · {formatTime(m.createdAt, timeZone, { day: true })}
          </Typography>
          <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.body}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
