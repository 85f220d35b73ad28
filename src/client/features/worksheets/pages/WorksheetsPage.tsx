/** /app/resources/worksheets: the worksheets to start, the learner's saved ones, and one worksheet. */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { WORKSHEET_INFO, WORKSHEET_KINDS, isWorksheetKind } from '../../../../common/worksheets';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { formatDate } from '../../../ui/format';
import { selectTimeZone } from '../../auth/timeZone';
import { PageFrame } from '../../../ui/PageFrame';
import { WorksheetEditor } from '../components/WorksheetEditor';
import { selectLastDeletedWorksheet, selectWorksheetList } from '../selectors';
import {
  WORKSHEETS_PATH,
  worksheetDeleteRequested,
  worksheetDuplicateRequested,
  worksheetListRequested,
  worksheetRestoreRequested,
  worksheetUndoDismissed,
} from '../slice';
import { registerArea } from '../../../app/areas';
import { worksheetsArea } from '../area';
import { RECORDING_BLOCK_CLASS, RECORDING_MASK_CLASS } from '../../../ui/recordingPrivacy';
import { TableFrame, blockBelowSm, cellFromSm } from '../../../ui/TableFrame';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(worksheetsArea);

export function WorksheetsPage() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectWorksheetList);
  const lastDeleted = useAppSelector(selectLastDeletedWorksheet);
  const timeZone = useAppSelector(selectTimeZone);
  useEffect(() => {
    dispatch(worksheetListRequested());
  }, [dispatch]);

  return (
    <PageFrame
      title="Worksheets"
      crumbs={[{ label: 'Resources', to: '/app/resources' }, { label: 'Worksheets' }]}
      intro="Interactive worksheets that calculate as you type. Your numbers are saved as you go; print them or download a PDF."
      maxWidth={1200}
    >
      <Box component="section" aria-labelledby="start-heading" sx={{ mb: 4 }}>
        <Typography id="start-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Start a worksheet
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {WORKSHEET_KINDS.map((kind) => (
            <Card key={kind} variant="outlined" component="article" aria-labelledby={`ws-${kind}`}>
              <CardContent>
                <Typography id={`ws-${kind}`} variant="h6" component="h3">
                  {WORKSHEET_INFO[kind].title}
                </Typography>
                <Typography variant="body2">{WORKSHEET_INFO[kind].summary}</Typography>
              </CardContent>
              <CardActions>
                <Button component={RouterLink} to={`${WORKSHEETS_PATH}/${kind}`} aria-label={`Start ${WORKSHEET_INFO[kind].title}`}>
                  Start
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="mine-heading">
        <Typography id="mine-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          My worksheets
        </Typography>
        {lastDeleted && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <>
                <Button color="inherit" size="small" onClick={() => dispatch(worksheetRestoreRequested({ id: lastDeleted.id }))}>
                  Undo
                </Button>
                <Button color="inherit" size="small" onClick={() => dispatch(worksheetUndoDismissed())}>
                  Dismiss
                </Button>
              </>
            }
          >
            Deleted “<span className={RECORDING_MASK_CLASS}>{lastDeleted.label}</span>”.
          </Alert>
        )}
        {list.status === 'failed' && <Alert severity="error">Your worksheets could not be loaded: {list.error?.message}</Alert>}
        {list.status === 'succeeded' && list.items.length === 0 && <Typography>You have not saved any worksheets yet.</Typography>}
        {list.items.length > 0 && (
          // the learner's own names, in text and in the buttons' labels: left out of session recordings;
          // on a phone, two columns: the kind and date go under the name, the actions one above another
          <TableFrame label="My worksheets" className={RECORDING_BLOCK_CLASS}>
            <Table size="small" aria-label="My worksheets">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell sx={cellFromSm}>Worksheet</TableCell>
                  <TableCell sx={cellFromSm}>Last edited</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.items.map((sheet) => {
                  const kindTitle = WORKSHEET_INFO[sheet.kind]?.title ?? sheet.kind;
                  const edited = formatDate(sheet.updatedAt, timeZone);
                  return (
                    <TableRow key={sheet.id}>
                      <TableCell component="th" scope="row">
                        <Link component={RouterLink} to={`${WORKSHEETS_PATH}/${sheet.kind}/${sheet.id}`}>
                          {sheet.title}
                        </Link>
                        <Typography variant="body2" color="text.secondary" sx={blockBelowSm}>
                          {kindTitle}
                          <br />
                          Edited {edited}
                        </Typography>
                      </TableCell>
                      <TableCell sx={cellFromSm}>{kindTitle}</TableCell>
                      <TableCell sx={cellFromSm}>{edited}</TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'flex-start', gap: 0.5, flexWrap: 'wrap' }}>
                          <Button size="small" onClick={() => dispatch(worksheetDuplicateRequested({ id: sheet.id }))} aria-label={`Duplicate ${sheet.title}`}>
                            Duplicate
                          </Button>
                          <Button size="small" color="error" onClick={() => dispatch(worksheetDeleteRequested({ id: sheet.id, label: sheet.title }))} aria-label={`Delete ${sheet.title}`}>
                            Delete
                          </Button>
                        </Box>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableFrame>
        )}
      </Box>
    </PageFrame>
  );
}

/** /app/resources/worksheets/:kind — a new worksheet (saved on the first change). */
export function WorksheetNewPage() {
  const { kind = '' } = useParams();
  if (!isWorksheetKind(kind)) return <NotFoundPage />;
  return <WorksheetEditor key={kind} kind={kind} id={null} />;
}

/** /app/resources/worksheets/:kind/:id — a saved worksheet (numeric id). */
export function WorksheetEditPage() {
  const { kind = '', id = '' } = useParams();
  if (!isWorksheetKind(kind) || !/^[1-9]\d{0,8}$/.test(id)) return <NotFoundPage />;
  return <WorksheetEditor key={id} kind={kind} id={Number(id)} />;
}
