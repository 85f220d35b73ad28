/**
 * Assign (or change) an assignment: a module, a material, its review or a worksheet, picked from the
 * catalog and the worksheet kinds; an optional due day (mm/dd/yy, a day in the school's time zone)
 * and, for a review, an optional attempt limit. formik + yup; the server's refusal shows in place.
 */
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import type { Assignment, AssignmentInput, AssignmentKind } from '../../../../common/classroom';
import { DATE_INPUT_MESSAGE, parseDay } from '../../../../common/calendarDay';
import { DATE_FORMAT } from '../../../../common/display';
import { guidePath } from '../../../../common/teacherGuide';
import { WORKSHEET_INFO, WORKSHEET_KINDS, type WorksheetKind } from '../../../../common/worksheets';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fieldProps } from '../../../ui/formikField';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { zoneName } from '../../../ui/format';
import { typedDueDay } from '../model';
import { selectChoices, selectClassDetail, selectMaterialChoices } from '../selectors';
import { changeRequested, choicesRequested, materialChoicesRequested } from '../slice';
import { useCloseOnSuccess } from './Dialogs';

/**
 * Native selects: a menu is drawn under an open dialog (SPEC §9 z-indexes, app/theme.ts), and the
 * platform's own picker is the easiest on a Chromebook's keyboard and a phone.
 */
const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

export interface AssignValues {
  kind: AssignmentKind | '';
  moduleSlug: string;
  materialSlug: string;
  worksheetKind: WorksheetKind | '';
  dueDate: string;
  maxAttempts: string;
}

/** The due day's help names the school's zone: the day is the school's, wherever the teacher is. */
export function dueHelp(schoolZone: string | null, at = Date.now()): string {
  const zone = schoolZone ? ` (${schoolZone.replace(/_/g, ' ')}, ${zoneName(schoolZone, at)})` : '';
  return `As ${DATE_FORMAT}: due as that day ends in the school’s time zone${zone}. Empty: no due day.`;
}

export const KIND_LABELS: Record<AssignmentKind, string> = { module: 'A module', material: 'A material', review: 'A material’s review', worksheet: 'A worksheet' };

/** yyyy-mm-dd (the contract's due day) from what the teacher typed (mm/dd/yy), or null. */
export function dueDayOf(typed: string): string | null {
  const day = parseDay(typed.trim());
  if (!day) return null;
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

export const assignSchema = yup.object({
  kind: yup.string().required('Choose what to assign.'),
  moduleSlug: yup.string().when('kind', { is: (k: string) => k === 'module' || k === 'material' || k === 'review', then: (s) => s.required('Choose a module.') }),
  materialSlug: yup.string().when('kind', { is: (k: string) => k === 'material' || k === 'review', then: (s) => s.required('Choose a material.') }),
  worksheetKind: yup.string().when('kind', { is: 'worksheet', then: (s) => s.required('Choose a worksheet.') }),
  dueDate: yup.string().test('day', DATE_INPUT_MESSAGE, (v) => !v || v.trim() === '' || dueDayOf(v) !== null),
  maxAttempts: yup
    .string()
    .test('whole', 'Enter a whole number from 1 to 20, or leave it empty for no limit.', (v) => !v || v.trim() === '' || /^\d+$/.test(v.trim()))
    .test('range', 'Enter a whole number from 1 to 20, or leave it empty for no limit.', (v) => !v || v.trim() === '' || (Number(v) >= 1 && Number(v) <= 20)),
});

/** The contract's input from the form's values (what does not apply to the kind is left out). */
export function assignmentInput(values: AssignValues): AssignmentInput {
  const kind = values.kind as AssignmentKind;
  const input: AssignmentInput = { kind, dueDate: values.dueDate.trim() ? dueDayOf(values.dueDate) : null };
  if (kind !== 'worksheet') input.moduleSlug = values.moduleSlug;
  if (kind === 'material' || kind === 'review') input.materialSlug = values.materialSlug;
  if (kind === 'worksheet') input.worksheetKind = values.worksheetKind as WorksheetKind;
  if (kind === 'review') input.maxAttempts = values.maxAttempts.trim() ? Number(values.maxAttempts) : null;
  return input;
}

export interface AssignDialogProps {
  open: boolean;
  classId: number;
  /** an assignment to change (its due day, its attempt limit); none to assign anew */
  editing?: Assignment | null;
  onClose: () => void;
}

export function AssignDialog({ open, classId, editing = null, onClose }: AssignDialogProps) {
  const dispatch = useAppDispatch();
  const state = useCloseOnSuccess(open, onClose);
  const modules = useAppSelector(selectChoices);
  const detail = useAppSelector(selectClassDetail).data;
  const schoolZone = detail?.id === classId ? detail.timezone : null;
  const formik = useFormik<AssignValues>({
    initialValues: {
      kind: editing?.kind ?? '',
      moduleSlug: editing?.moduleSlug ?? '',
      materialSlug: editing?.materialSlug ?? '',
      worksheetKind: editing?.worksheetKind ?? '',
      dueDate: typedDueDay(editing?.dueDate ?? null),
      maxAttempts: editing?.maxAttempts ? String(editing.maxAttempts) : '',
    },
    enableReinitialize: true,
    validationSchema: assignSchema,
    onSubmit: (values) => {
      const input = assignmentInput(values);
      if (editing) {
        const change: Partial<AssignmentInput> = { dueDate: input.dueDate ?? null };
        if (editing.kind === 'review') change.maxAttempts = input.maxAttempts ?? null;
        dispatch(changeRequested({ kind: 'editAssignment', classId, assignmentId: editing.id, input: change }));
      } else dispatch(changeRequested({ kind: 'assign', classId, input }));
    },
  });
  const { kind, moduleSlug } = formik.values;
  const materials = useAppSelector((s) => (moduleSlug ? selectMaterialChoices(s, moduleSlug) : undefined));
  const needsModule = kind === 'module' || kind === 'material' || kind === 'review';
  const needsMaterial = kind === 'material' || kind === 'review';

  useEffect(() => {
    if (open && !editing) dispatch(choicesRequested());
  }, [dispatch, open, editing]);
  useEffect(() => {
    if (open && needsMaterial && moduleSlug) dispatch(materialChoicesRequested({ moduleSlug }));
  }, [dispatch, open, needsMaterial, moduleSlug]);

  const error = state.status === 'failed' ? state.error : (modules.error ?? materials?.error ?? null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="assign-title" fullWidth maxWidth="sm">
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="assign-title">{editing ? `Change “${editing.title}”` : 'Assign work to the class'}</DialogTitle>
        <DialogContent>
          <RequestAlerts error={error} />
          <Stack spacing={2} sx={{ mt: 1 }}>
            {!editing && (
              <TextField select {...fieldProps(formik, 'kind')} id="assign-kind" label="What to assign" slotProps={NATIVE_SELECT}>
                <option value="">Choose…</option>
                {(Object.keys(KIND_LABELS) as AssignmentKind[]).map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </TextField>
            )}
            {!editing && needsModule && (
              <TextField
                select
                {...fieldProps(formik, 'moduleSlug')}
                id="assign-module"
                label="Module"
                slotProps={NATIVE_SELECT}
                onChange={(e) => {
                  void formik.setFieldValue('materialSlug', '');
                  fieldProps(formik, 'moduleSlug').onChange(e);
                }}
              >
                <option value="">Choose…</option>
                {(modules.data ?? []).map((m) => (
                  <option key={m.slug} value={m.slug}>
                    {m.title}
                  </option>
                ))}
              </TextField>
            )}
            {!editing && needsModule && moduleSlug && (
              // the guide of the module chosen: pacing, prompts and the answer key before assigning it
              <Link component={RouterLink} to={guidePath(moduleSlug)} variant="body2">
                Open the teacher guide for {(modules.data ?? []).find((m) => m.slug === moduleSlug)?.title ?? 'this module'}
              </Link>
            )}
            {!editing && needsMaterial && moduleSlug && (
              <TextField select {...fieldProps(formik, 'materialSlug')} id="assign-material" label="Material" slotProps={NATIVE_SELECT}>
                <option value="">Choose…</option>
                {(materials?.data ?? []).map((m) => (
                  <option key={m.slug} value={m.slug}>
                    {m.title}
                  </option>
                ))}
              </TextField>
            )}
            {!editing && kind === 'worksheet' && (
              <TextField select {...fieldProps(formik, 'worksheetKind')} id="assign-worksheet" label="Worksheet" slotProps={NATIVE_SELECT}>
                <option value="">Choose…</option>
                {WORKSHEET_KINDS.map((w) => (
                  <option key={w} value={w}>
                    {WORKSHEET_INFO[w].title}
                  </option>
                ))}
              </TextField>
            )}
            {(() => {
              const due = fieldProps(formik, 'dueDate');
              return (
                <TextField
                  {...due}
                  id="assign-due"
                  label="Due day (optional)"
                  placeholder={DATE_FORMAT}
                  helperText={due.helperText ?? dueHelp(schoolZone)}
                  slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 10 }, inputLabel: { shrink: true } }}
                />
              );
            })()}
            {(editing?.kind ?? kind) === 'review' &&
              (() => {
                const attempts = fieldProps(formik, 'maxAttempts');
                return (
                  <TextField
                    {...attempts}
                    id="assign-attempts"
                    label="Attempt limit (optional)"
                    helperText={attempts.helperText ?? 'Empty: as many attempts as the student needs.'}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                );
              })()}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={state.status === 'pending'}>
            {editing ? 'Save' : 'Assign'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
