/**
 * One worksheet: its inputs (formik), results calculated live, auto-save like budgets (versions,
 * conflict choice), print and PDF.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import { WORKSHEET_INFO, emptyWorksheet, type WorksheetKind } from '../../../../common/worksheets';
import { fileSlug } from '../../../../common/budget';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { useDraftSaver } from '../../drafts/useDraftSaver';
import { useSaveWhenHidden } from '../../../lib/useSaveWhenHidden';
import { whenState } from '../../drafts/whenState';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { downloadPdf, type PdfSection } from '../../../ui/documents/exporting';
import { PrintStyles } from '../../../ui/documents/PrintStyles';
import { SaveStatus } from '../../../ui/documents/SaveStatus';
import { NumberField, SelectInput, TextInput } from '../../../ui/fields/Fields';
import { PageFrame } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';
import { TableFrame } from '../../../ui/TableFrame';
import { selectCurrentWorksheet, selectWorksheetDirty, selectWorksheetSave } from '../selectors';
import { WORKSHEETS_PATH, worksheetConflictResolved, worksheetDraftChanged, worksheetDraftSaveRequested, worksheetOpened, worksheetStarted } from '../slice';
import { FREQUENCY_OPTIONS, WORKSHEET_SPECS, blankItem, toWorksheetData, toWorksheetForm, type FieldSpec, type FormRecord, type KindSpec } from '../specs';

type Values = { title: string; fields: FormRecord };

function Input({ spec, name }: { spec: FieldSpec; name: string }) {
  if (spec.type === 'text') return <TextInput name={name} label={spec.label} helperText={spec.helperText} />;
  if (spec.type === 'frequency') return <SelectInput name={name} label={spec.label} options={FREQUENCY_OPTIONS} />;
  return <NumberField kind={spec.type} name={name} label={spec.label} helperText={spec.helperText} check={spec.check} />;
}

function DraftReporter({ kind, spec }: { kind: WorksheetKind; spec: KindSpec }) {
  const dispatch = useAppDispatch();
  const { values } = useFormikContext<Values>();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dispatch(worksheetDraftChanged({ draft: { kind, title: values.title, data: toWorksheetData(spec, values.fields) } }));
  }, [values, dispatch, kind, spec]);
  return null;
}

export function ResultSections({ sections }: { sections: PdfSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <Box key={section.heading} component="section" aria-label={section.heading} sx={{ mb: 2 }}>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          {/* a long schedule (month by month) scrolls inside its frame, never in print */}
          <TableFrame label={section.heading} maxHeight={section.rows.length > 14 ? 420 : undefined}>
            <Table size="small" aria-label={section.heading}>
              <TableBody>
                {section.rows.map(([label, value], i) => (
                  <TableRow key={`${label}-${i}`}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell align="right">{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableFrame>
        </Box>
      ))}
    </>
  );
}

function Body({ kind, spec }: { kind: WorksheetKind; spec: KindSpec }) {
  const { values } = useFormikContext<Values>();
  const sections = spec.results(toWorksheetData(spec, values.fields));
  const title = values.title.trim() || WORKSHEET_INFO[kind].title;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Box component="section" aria-labelledby="inputs-heading">
        <Typography id="inputs-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Your numbers
        </Typography>
        <Box sx={{ mb: 2 }}>
          <TextInput name="title" label="Worksheet name" helperText={`Leave empty for “${WORKSHEET_INFO[kind].title}”`} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
          {spec.fields.map((field) => (
            <Input key={field.key} spec={field} name={`fields.${field.key}`} />
          ))}
        </Box>
        {spec.lists.map((list) => (
          <FieldArray key={list.key} name={`fields.${list.key}`}>
            {(helpers) => {
              const items = (values.fields[list.key] ?? []) as Array<Record<string, string>>;
              return (
                <Box sx={{ mb: 2 }}>
                  <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                    {list.label}
                  </Typography>
                  {items.map((_, i) => (
                    <Paper key={i} variant="outlined" component="fieldset" sx={{ p: 2, mb: 1.5, border: 1, borderColor: 'divider' }}>
                      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                        {list.item} {i + 1}
                      </Typography>
                      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                        {list.columns.map((column) => (
                          <Input key={column.key} spec={{ ...column, label: column.label }} name={`fields.${list.key}.${i}.${column.key}`} />
                        ))}
                      </Box>
                      <Button size="small" color="error" onClick={() => helpers.remove(i)} sx={{ mt: 1 }} data-no-print>
                        Remove {list.item.toLowerCase()} {i + 1}
                      </Button>
                    </Paper>
                  ))}
                  <Button variant="outlined" size="small" onClick={() => helpers.push(blankItem(list))} data-no-print>
                    Add {list.item.toLowerCase()}
                  </Button>
                </Box>
              );
            }}
          </FieldArray>
        ))}
      </Box>
      <Box component="section" aria-labelledby="results-heading">
        <Typography id="results-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Results
        </Typography>
        <Box aria-live="polite">
          <ResultSections sections={sections} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-no-print>
          <Button variant="outlined" onClick={() => void downloadPdf(`${fileSlug(title, kind)}.pdf`, title, WORKSHEET_INFO[kind].title, sections)}>
            Download PDF
          </Button>
          <Button variant="outlined" onClick={() => window.print()}>
            Print
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

export function WorksheetEditor({ kind, id }: { kind: WorksheetKind; id: number | null }) {
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectCurrentWorksheet);
  const save = useAppSelector(selectWorksheetSave);
  const dirty = useAppSelector(selectWorksheetDirty);
  const store = useAppStore();
  const pendingDraft = useAppSelector((state) => state.worksheets.draft);
  const spec = WORKSHEET_SPECS[kind];

  const openId = current.record?.id;
  useEffect(() => {
    if (id === null) dispatch(worksheetStarted());
    else if (openId !== id) dispatch(worksheetOpened({ id }));
    return () => {
      dispatch(worksheetDraftSaveRequested());
    };
    // Only a change of address opens another worksheet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, dispatch]);

  // A tab being hidden (switched away, reloaded, closed, a laptop lid shut) saves at once.
  useSaveWhenHidden(useCallback(() => dispatch(worksheetDraftSaveRequested()), [dispatch]));

  // Nothing typed is lost (issue #3, docs/drafts.md): saved before an idle or expired sign-out.
  useDraftSaver(
    'worksheet',
    () => {
      dispatch(worksheetDraftSaveRequested());
      return whenState(store, (state) => !selectWorksheetDirty(state));
    },
    dirty,
  );

  const initialValues = useMemo<Values>(() => {
    const source = pendingDraft ?? (current.record ? { title: current.record.title, data: current.record.data } : { title: '', data: emptyWorksheet(kind) });
    return { title: source.title === WORKSHEET_INFO[kind].title ? '' : source.title, fields: toWorksheetForm(spec, source.data) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current.loadCount, current.status, kind]);

  const info = WORKSHEET_INFO[kind];
  const crumbs = [{ label: 'Resources', to: '/app/resources' }, { label: 'Worksheets', to: WORKSHEETS_PATH }, { label: info.title }];
  if (current.status === 'notFound' || (current.record && id !== null && current.record.id === id && current.record.kind !== kind)) return <NotFoundPage />;
  if (current.status === 'idle' || current.status === 'loading' || (id !== null && current.record?.id !== id && current.status !== 'failed')) {
    return (
      <PageFrame title={info.title} crumbs={crumbs}>
        <PageLoading />
      </PageFrame>
    );
  }
  if (current.status === 'failed') {
    return (
      <PageFrame title={info.title} crumbs={crumbs}>
        <Typography role="alert">This worksheet could not be opened: {current.error?.message}</Typography>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={info.title} crumbs={crumbs} intro={spec.intro} maxWidth={1200}>
      <PrintStyles />
      <SaveStatus
        status={save.status}
        error={save.error}
        savedAt={save.savedAt}
        dirty={dirty}
        noun="worksheet"
        onRetry={() => dispatch(worksheetDraftSaveRequested())}
        onKeepMine={() => dispatch(worksheetConflictResolved({ choice: 'keepMine' }))}
        onLoadSaved={() => dispatch(worksheetConflictResolved({ choice: 'loadSaved' }))}
      />
      <Formik key={current.loadCount} initialValues={initialValues} onSubmit={() => undefined}>
        <Form noValidate aria-label={info.title}>
          <DraftReporter kind={kind} spec={spec} />
          <Body kind={kind} spec={spec} />
        </Form>
      </Formik>
    </PageFrame>
  );
}
