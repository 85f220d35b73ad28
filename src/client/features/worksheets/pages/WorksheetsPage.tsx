/** /app/resources/worksheets: the worksheets to start, the learner's saved ones, and one worksheet. */
import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { WORKSHEET_INFO, WORKSHEET_KINDS, isWorksheetKind, type WorksheetKind, type WorksheetSummary } from '../../../../common/worksheets';
import { useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { documentIdOf, useDocumentList, DocumentTable, ListLoadFailed, UndoDeleteAlert, type DocumentColumn } from '../../documents';
import { selectTimeZone } from '../../auth';
import { PageFrame } from '../../../ui/PageFrame';
import { WorksheetEditor } from '../components/WorksheetEditor';
import { AssignedNotice, TurnInPanel } from '../../classroom';
import { WORKSHEETS_PATH, worksheetName, worksheetPath, worksheets } from '../slice';
import { registerArea } from '../../../app/areas';
import { worksheetsArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(worksheetsArea);

const WORKSHEET_COLUMNS: ReadonlyArray<DocumentColumn<WorksheetSummary>> = [{ header: 'Worksheet', value: (sheet) => WORKSHEET_INFO[sheet.kind]?.title ?? sheet.kind }];

export function WorksheetsPage() {
  const { list, lastDeleted, undo, dismissUndo, duplicate, remove } = useDocumentList(worksheets);
  const timeZone = useAppSelector(selectTimeZone);

  return (
    <PageFrame
      title="Worksheets"
      crumbs={[{ label: 'Resources', to: '/app/resources' }, { label: 'Worksheets' }]}
      intro="Interactive worksheets that calculate as you type. Your numbers are saved as you go; print them or download a PDF."
    >
      <Box component="section" aria-labelledby="start-heading" sx={{ mb: 4 }}>
        <Typography id="start-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Start a worksheet
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {WORKSHEET_KINDS.map((kind) => (
            // Start at the foot of every card of a row, however long its summary
            <Card key={kind} variant="outlined" component="article" aria-labelledby={`ws-${kind}`} sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
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
        <UndoDeleteAlert deleted={lastDeleted} onUndo={undo} onDismiss={dismissUndo} />
        {list.status === 'failed' && <ListLoadFailed what="worksheets" error={list.error} />}
        {list.status === 'succeeded' && list.items.length === 0 && <Typography>You have not saved any worksheets yet.</Typography>}
        {list.items.length > 0 && (
          // on a phone the kind and date go under the name
          <DocumentTable
            label="My worksheets"
            items={list.items}
            timeZone={timeZone}
            nameOf={worksheetName}
            hrefOf={worksheetPath}
            columns={WORKSHEET_COLUMNS}
            onDuplicate={duplicate}
            onDelete={remove}
          />
        )}
      </Box>
    </PageFrame>
  );
}

/** /app/resources/worksheets/:kind — a new worksheet (saved on the first change). */
export function WorksheetNewPage() {
  const { kind = '' } = useParams();
  if (!isWorksheetKind(kind)) return <NotFoundPage />;
  return <WorksheetEditor key={kind} kind={kind} id={null} notice={<KindAssigned kind={kind} />} />;
}

/** /app/resources/worksheets/:kind/:id — a saved worksheet (numeric id). */
export function WorksheetEditPage() {
  const { kind = '', id: idParam = '' } = useParams();
  const id = documentIdOf(idParam);
  if (!isWorksheetKind(kind) || id === null) return <NotFoundPage />;
  return (
    <>
      <WorksheetEditor key={id} kind={kind} id={id} notice={<KindAssigned kind={kind} />} />
      {/* a student in a class can turn the saved worksheet in (nothing otherwise) */}
      <Suspense fallback={null}>
        <TurnInPanel kind="worksheet" documentId={id} worksheetKind={kind} />
      </Suspense>
    </>
  );
}

/**
 * "Assigned by …, due …" on a worksheet of an assigned kind: a class assigns a kind of worksheet, and
 * its assignment names the kind's page, so a saved one (…/<kind>/<id>) says it too.
 */
function KindAssigned({ kind }: { kind: WorksheetKind }) {
  return (
    <Suspense fallback={null}>
      <AssignedNotice path={`${WORKSHEETS_PATH}/${kind}`} />
    </Suspense>
  );
}
