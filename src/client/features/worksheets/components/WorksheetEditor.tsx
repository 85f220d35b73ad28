/**
 * One worksheet: its inputs (formik), results calculated live, auto-save like budgets (versions,
 * conflict choice), print and PDF.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import { WORKSHEET_INFO, emptyWorksheet, type WorksheetKind } from '../../../../common/worksheets';
import { fileSlug } from '../../../../common/budget';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { useDocumentEditor, DraftReporter, DocumentOpenFailed, DocumentOpening, ExportButtons, downloadPdf, type PdfSection, FREQUENCY_OPTIONS, LineFieldset, SaveStatus } from '../../documents';
import { PrintStyles } from '../../../ui/PrintStyles';
import { NumberField, SelectInput, TextInput } from '../../../ui/fields/Fields';
import { PageFrame } from '../../../ui/PageFrame';
import { TableFrame } from '../../../ui/TableFrame';
import { WORKSHEETS_PATH, worksheets } from '../slice';
import { WORKSHEET_SPECS, blankItem, toWorksheetData, toWorksheetForm, type FieldSpec, type FormRecord, type KindSpec } from '../specs';

type Values = { title: string; fields: FormRecord };

function Input({ spec, name }: { spec: FieldSpec; name: string }) {
  if (spec.type === 'text') return <TextInput name={name} label={spec.label} helperText={spec.helperText} />;
  if (spec.type === 'frequency') return <SelectInput name={name} label={spec.label} options={FREQUENCY_OPTIONS} />;
  return <NumberField kind={spec.type} name={name} label={spec.label} helperText={spec.helperText} check={spec.check} />;
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
                    <LineFieldset key={i} title={`${list.item} ${i + 1}`} onRemove={() => helpers.remove(i)} layout="pairs">
                      {list.columns.map((column) => (
                        <Input key={column.key} spec={{ ...column, label: column.label }} name={`fields.${list.key}.${i}.${column.key}`} />
                      ))}
                    </LineFieldset>
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
        <ExportButtons onPdf={() => void downloadPdf(`${fileSlug(title, kind)}.pdf`, title, WORKSHEET_INFO[kind].title, sections)} />
      </Box>
    </Box>
  );
}

/** `notice`: shown at the top of the page, under its title (the page's "Assigned by …" notice). */
export function WorksheetEditor({ kind, id, notice }: { kind: WorksheetKind; id: number | null; notice?: ReactNode }) {
  const { current, pendingDraft, phase, reportDraft, saveStatus } = useDocumentEditor(worksheets, { id, noun: 'worksheet' });
  const spec = WORKSHEET_SPECS[kind];
  const reportValues = useCallback(
    (values: Values) => reportDraft({ kind, title: values.title, data: toWorksheetData(spec, values.fields) }),
    [reportDraft, kind, spec],
  );

  const initialValues = useMemo<Values>(() => {
    const source = pendingDraft ?? (current.record ? { title: current.record.title, data: current.record.data } : { title: '', data: emptyWorksheet(kind) });
    return { title: source.title === WORKSHEET_INFO[kind].title ? '' : source.title, fields: toWorksheetForm(spec, source.data) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current.loadCount, current.status, kind]);

  const info = WORKSHEET_INFO[kind];
  const crumbs = [{ label: 'Resources', to: '/app/resources' }, { label: 'Worksheets', to: WORKSHEETS_PATH }, { label: info.title }];
  if (phase === 'notFound' || (current.record && id !== null && current.record.id === id && current.record.kind !== kind)) return <NotFoundPage />;
  if (phase === 'opening') return <DocumentOpening title={info.title} crumbs={crumbs} />;
  if (phase === 'failed') return <DocumentOpenFailed title={info.title} crumbs={crumbs} noun="worksheet" error={current.error} />;
  return (
    <PageFrame title={info.title} crumbs={crumbs} intro={spec.intro} maxWidth={1200}>
      <PrintStyles />
      {notice}
      <SaveStatus {...saveStatus} />
      <Formik key={current.loadCount} initialValues={initialValues} onSubmit={() => undefined}>
        <Form noValidate aria-label={info.title}>
          <DraftReporter onChange={reportValues} />
          <Body kind={kind} spec={spec} />
        </Form>
      </Formik>
    </PageFrame>
  );
}
