/**
 * /app/classes/:id/join: a class's "How to join" page, to project in the classroom or print and pin
 * up. The class and its teachers, the address students open and the class code in type readable from
 * the back of the room, then three steps that name the links the app really shows. On paper only the
 * sheet prints, on one page (no app bar, navigation, trail or buttons). An archived class, or one
 * without a working code, says so instead of showing a code that would not work.
 */
import { Fragment, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ClassDetail } from '../../../../common/classroom';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { PageFrame } from '../../../ui/PageFrame';
import { classroomArea } from '../area';
import { classesCrumbs, NO_CLASSROOM_ACCESS, Refusal } from '../components/Refusals';
import { selectCanTeach, selectClassDetail } from '../selectors';
import { classRequested } from '../slice';
import { useClassId } from './ClassPage';

registerArea(classroomArea);

const SHEET_ID = 'how-to-join';

export const ARCHIVED_NO_JOINING = 'This class is archived, so students cannot join it. Restore it from Classes to let students join again.';
export const NO_WORKING_CODE = 'This class has no working class code right now. Make a new one from Classes (“New class code”), then come back to this page.';

/** On paper: the sheet alone, from the top of one page, in type sized for A4 / Letter. */
const printOnlyTheSheet = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    [`#${SHEET_ID}, #${SHEET_ID} *`]: { visibility: 'visible' },
    [`#${SHEET_ID}`]: { position: 'absolute', left: 0, top: 0, width: '100%', breakInside: 'avoid' },
    'header, nav, footer, .MuiDrawer-root, .MuiAppBar-root': { display: 'none !important' },
    '@page': { margin: '15mm' },
  },
} as const;

/** "https://cashwise.example.org/login" reads as "cashwise.example.org/login" on a wall. */
const shortAddress = (url: string) => url.replace(/^https?:\/\//, '');

const teacherNames = (cls: ClassDetail) => cls.teachers.map((t) => t.name).join(', ');

/** The code in very large monospace type, a gap between its groups. */
function ClassCode({ code }: { code: string }) {
  const groups = code.split('-');
  return (
    <Box
      data-testid="class-code"
      sx={{
        fontFamily: 'monospace',
        fontWeight: 700,
        lineHeight: 1.1,
        fontSize: { xs: '2.5rem', sm: '4.5rem', lg: '6.5rem' },
        letterSpacing: '0.06em',
        my: 2,
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: '0.15em',
        '@media print': { fontSize: '54pt' },
      }}
    >
      {groups.map((g, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <Box component="span" aria-hidden="true" sx={{ color: 'text.secondary' }}>
              -
            </Box>
          )}
          <span>{g}</span>
        </Fragment>
      ))}
    </Box>
  );
}

const stepText = { fontSize: { xs: '1.25rem', sm: '1.75rem', lg: '2.25rem' }, '@media print': { fontSize: '18pt' } } as const;

function Sheet({ cls, code }: { cls: ClassDetail; code: string }) {
  const address = shortAddress(cls.signInUrl);
  return (
    <Box id={SHEET_ID} component="section" aria-labelledby="how-to-join-class">
      <Typography id="how-to-join-class" variant="h3" component="h2" sx={{ fontWeight: 700, '@media print': { fontSize: '28pt' } }}>
        Join {cls.name}
      </Typography>
      <Typography sx={{ ...stepText, color: 'text.secondary' }}>
        {teacherNames(cls)} · {cls.schoolName}
      </Typography>
      <Typography sx={{ ...stepText, mt: 3 }}>Class code</Typography>
      <ClassCode code={code} />
      <Box component="ol" aria-label="Steps to join" sx={{ ...stepText, pl: '1.5em', my: 2, '& li': { mb: 1.5 } }}>
        <li>
          Open{' '}
          <Box component="strong" data-testid="join-address" sx={{ wordBreak: 'break-all' }}>
            {address}
          </Box>{' '}
          on a computer, tablet or phone.
        </li>
        <li>
          New to Cashwise? Choose <strong>“Register with a class code”</strong>. Already have an account? Sign in and choose <strong>“Join a class”</strong> on{' '}
          <strong>Home</strong>.
        </li>
        <li>
          Type the class code <strong>{code}</strong> and follow the steps. You are in the class when Cashwise says so.
        </li>
      </Box>
      <Typography variant="body1" sx={{ mt: 2, '@media print': { fontSize: '11pt' } }}>
        Direct links: new students <strong>{shortAddress(cls.registerUrl)}</strong> · students with an account <strong>{shortAddress(cls.joinUrl)}</strong>
      </Typography>
    </Box>
  );
}

export function HowToJoinPage() {
  const classId = useClassId();
  const canTeach = useAppSelector(selectCanTeach);
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectClassDetail);

  useEffect(() => {
    if (canTeach) dispatch(classRequested({ classId }));
  }, [dispatch, canTeach, classId]);

  if (!canTeach) return <Refusal title="How to Join" message={NO_CLASSROOM_ACCESS} />;
  if (detail.status === 'failed' && (detail.error?.status === 404 || detail.error?.status === 403)) return <NotFoundPage />;
  const cls = detail.data?.id === classId ? detail.data : null;
  const name = cls?.name ?? 'Class';
  const code = cls && !cls.archived ? cls.joinCode : null;

  return (
    <PageFrame title="How to Join" crumbs={[...classesCrumbs, { label: name, to: `/app/classes/${classId}` }, { label: 'How to Join' }]} maxWidth={1400}>
      <GlobalStyles styles={printOnlyTheSheet} />
      {detail.status === 'failed' && <Alert severity="error">{detail.error?.message}</Alert>}
      {!cls && detail.status === 'loading' && <CircularProgress aria-label="Loading the class" />}
      {cls && !code && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {cls.archived ? ARCHIVED_NO_JOINING : NO_WORKING_CODE}{' '}
          <Link component={RouterLink} to="/app/classes">
            Go to Classes
          </Link>
        </Alert>
      )}
      {cls && code && (
        <>
          <Box data-no-print sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 3, displayPrint: 'none' }}>
            <Typography sx={{ flex: 1, minWidth: 240 }}>Show this page on the projector, or print it: only the sheet below is printed, on one page.</Typography>
            <Button variant="contained" onClick={() => window.print()}>
              Print
            </Button>
          </Box>
          <Sheet cls={cls} code={code} />
        </>
      )}
    </PageFrame>
  );
}
