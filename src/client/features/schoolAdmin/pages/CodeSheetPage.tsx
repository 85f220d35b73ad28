/**
 * The printable sheet of codes at /app/admin/codes/print: with ?class={id} a class's class code (one
 * card per student of the class, named, or unnamed copies while nobody has joined), without it every
 * working code of the school, its access codes and its classes' class codes (one card each). Each card says the school, the class, the code,
 * where to register or join, and until when it works. On paper only the cards print (no app bar,
 * navigation or buttons), a whole card to a place.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import type { CodeCard, CodeSheet } from '../../../../common/schoolAdminClasses';
import { registerArea } from '../../../app/areas';
import { useAppSelector } from '../../../app/hooks';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectCodeSheet } from '../selectors';
import { codeSheetOpened } from '../slice';
import { AdminFrame, LoadFailed, SCHOOL_CRUMB } from './AdminFrame';
import { dayText } from './dates';

registerArea(schoolAdminArea);

const SHEET_ID = 'code-sheet';

/** On paper: the sheet alone, from the page's top-left corner; cards never split across pages. */
const printOnlyTheSheet = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    [`#${SHEET_ID}, #${SHEET_ID} *`]: { visibility: 'visible' },
    [`#${SHEET_ID}`]: { position: 'absolute', left: 0, top: 0, width: '100%' },
    [`#${SHEET_ID} .code-card`]: { breakInside: 'avoid', boxShadow: 'none', border: '1px dashed #000' },
    '@page': { margin: '12mm' },
  },
} as const;

function Card({ card, sheet }: { card: CodeCard; sheet: CodeSheet }) {
  return (
    <Paper variant="outlined" className="code-card" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 700 }}>{sheet.school}</Typography>
      {card.className && <Typography>Class: {card.className}</Typography>}
      {card.studentName && <Typography>For: {card.studentName}</Typography>}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {card.className ? 'Class code' : 'Access code'}
      </Typography>
      <Typography sx={{ fontFamily: 'monospace', fontSize: '1.6rem', letterSpacing: '0.08em', mb: 1 }} aria-label={`Code ${card.code.split('').join(' ')}`}>
        {card.code}
      </Typography>
      <Typography variant="body2">
        New to Cashwise? Register at <strong>{sheet.registerUrl}</strong> and enter the code.
      </Typography>
      <Typography variant="body2">
        Have an account? Choose “Join a class” on Home, or go to <strong>{sheet.joinUrl}</strong>, and enter the code.
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {card.expiresAt === null ? 'Works until it is revoked.' : `Works until ${dayText(card.expiresAt)}.`}
      </Typography>
    </Paper>
  );
}

export function AdminCodeSheetPage() {
  const [params] = useSearchParams();
  const classId = params.get('class');
  useOpened(codeSheetOpened, classId);
  const sheet = useAppSelector(selectCodeSheet);
  const back = classId ? { label: 'Class', to: `/app/admin/classes/${classId}` } : { label: 'Access Codes and Invitations', to: '/app/admin/codes' };
  const s = sheet.status === 'succeeded' ? sheet.data : null;
  return (
    <AdminFrame title="Print Codes" crumbs={[SCHOOL_CRUMB, back]}>
      <GlobalStyles styles={printOnlyTheSheet} />
      <LoadFailed error={sheet.error} />
      {s && (
        <>
          <Box data-no-print sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2, displayPrint: 'none' }}>
            <Typography sx={{ flex: 1, minWidth: 240 }}>
              {s.cards.length === 1 ? 'One card' : `${s.cards.length} cards`}: cut along the dashed lines and hand one to each student. Only the cards are printed.
            </Typography>
            <Button variant="contained" onClick={() => window.print()}>
              Print
            </Button>
          </Box>
          {s.cards.length === 0 && <Alert severity="info">There is nothing to print.</Alert>}
          <Box id={SHEET_ID} component="section" aria-label={s.title}>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {s.title}
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, '@media print': { gridTemplateColumns: '1fr 1fr' } }}>
              {s.cards.map((card, i) => (
                <Card key={`${card.code}-${i}`} card={card} sheet={s} />
              ))}
            </Box>
          </Box>
        </>
      )}
    </AdminFrame>
  );
}
