/**
 * One student's exception on one assignment: extra attempts at a review with a limit, and a due day
 * of their own, later than the class's (mm/dd/yy, a day in the school's time zone). Saving replaces
 * the student's exception; "Withdraw" brings the class's limit and day back. Self-contained: the
 * student's page opens it from their row of assignments, the dashboard can open it from a cell.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { MAX_EXTRA_ATTEMPTS, type Assignment, type AssignmentException, type ExceptionInput } from '../../../../common/classroom';
import { DATE_INPUT_MESSAGE } from '../../../../common/calendarDay';
import { DATE_FORMAT } from '../../../../common/display';
import { useAppDispatch } from '../../../app/hooks';
import { fieldProps } from '../../../ui/formikField';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { typedDueDay } from '../model';
import { changeRequested } from '../slice';
import { dueDayOf } from './AssignDialog';
import { useCloseOnSuccess } from './Dialogs';

export interface ExceptionValues {
  extraAttempts: string;
  dueDate: string;
}

const ATTEMPTS_MESSAGE = `Enter a whole number from 1 to ${MAX_EXTRA_ATTEMPTS}, or leave it empty.`;
export const EXCEPTION_EMPTY = 'Give extra attempts, a later due day, or both.';

/** The form's rules; "give something" is said at the first field shown (`attemptsShown`: extra attempts). */
export const exceptionSchema = (attemptsShown: boolean) =>
  yup
    .object({
      extraAttempts: yup
        .string()
        .test('whole', ATTEMPTS_MESSAGE, (v) => !v?.trim() || (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= MAX_EXTRA_ATTEMPTS)),
      dueDate: yup.string().test('day', DATE_INPUT_MESSAGE, (v) => !v?.trim() || dueDayOf(v) !== null),
    })
    .test('something', EXCEPTION_EMPTY, function something(v) {
      if (v.extraAttempts?.trim() || v.dueDate?.trim()) return true;
      return this.createError({ path: attemptsShown ? 'extraAttempts' : 'dueDate', message: EXCEPTION_EMPTY });
    });

/** The contract's input from the form (an empty field: none of that kind). */
export function exceptionInput(values: ExceptionValues): ExceptionInput {
  return {
    extraAttempts: values.extraAttempts.trim() ? Number(values.extraAttempts) : null,
    dueDate: values.dueDate.trim() ? dueDayOf(values.dueDate) : null,
  };
}

/** The student's due day as their page shows it: "12/11/26 (extended)" for their own, else the class's ('—' for none). */
export function studentDueDay(assignment: Pick<Assignment, 'dueDate'>, exception: Pick<AssignmentException, 'dueDate'> | null): string {
  if (exception?.dueDate && assignment.dueDate) return `${typedDueDay(exception.dueDate)} (extended)`;
  return typedDueDay(assignment.dueDate) || '—';
}

/** Attempts made of those allowed ("2 of 3 (1 extra)"); made alone without a limit; '—' but for reviews. */
export function studentAttempts(assignment: Pick<Assignment, 'kind' | 'maxAttempts'>, exception: Pick<AssignmentException, 'extraAttempts'> | null, made: number): string {
  if (assignment.kind !== 'review') return '—';
  if (assignment.maxAttempts === null) return String(made);
  const extra = exception?.extraAttempts ?? 0;
  return `${made} of ${assignment.maxAttempts + extra}${extra > 0 ? ` (${extra} extra)` : ''}`;
}

/** Is there anything to grant on this assignment: an attempt limit or a due day? */
export const canExcept = (assignment: Pick<Assignment, 'kind' | 'maxAttempts' | 'dueDate'>): boolean =>
  (assignment.kind === 'review' && assignment.maxAttempts !== null) || assignment.dueDate !== null;

export interface ExceptionDialogProps {
  open: boolean;
  classId: number;
  student: { userId: number; name: string };
  assignment: Assignment;
  /** the student's exception on it now, if any */
  exception: AssignmentException | null;
  onClose: () => void;
}

export function ExceptionDialog({ open, classId, student, assignment, exception, onClose }: ExceptionDialogProps) {
  const dispatch = useAppDispatch();
  const state = useCloseOnSuccess(open, onClose);
  const target = { classId, userId: student.userId, assignmentId: assignment.id };
  const limited = assignment.kind === 'review' && assignment.maxAttempts !== null;
  const extendable = assignment.dueDate !== null;
  const formik = useFormik<ExceptionValues>({
    initialValues: {
      extraAttempts: exception?.extraAttempts ? String(exception.extraAttempts) : '',
      dueDate: typedDueDay(exception?.dueDate ?? null),
    },
    enableReinitialize: true,
    validationSchema: exceptionSchema(limited),
    onSubmit: (values) => {
      dispatch(changeRequested({ kind: 'grantException', ...target, input: exceptionInput(values) }));
    },
  });
  const extra = Number(formik.values.extraAttempts.trim() || 0);
  const attempts = fieldProps(formik, 'extraAttempts');
  const due = fieldProps(formik, 'dueDate');
  const totalLine =
    limited && Number.isInteger(extra) && extra >= 0 && extra <= MAX_EXTRA_ATTEMPTS
      ? `The class has ${assignment.maxAttempts} attempts; ${student.name} will have ${(assignment.maxAttempts ?? 0) + extra}.`
      : null;
  const pending = state.status === 'pending';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="exception-title" fullWidth maxWidth="sm">
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="exception-title">
          Exception for {student.name}: {assignment.title}
        </DialogTitle>
        <DialogContent>
          <RequestAlerts error={state.status === 'failed' && (state.kind === 'grantException' || state.kind === 'withdrawException') ? state.error : null} />
          {!limited && !extendable ? (
            <DialogContentText>This assignment has no attempt limit and no due day: there is nothing to extend.</DialogContentText>
          ) : (
            <Stack spacing={2} sx={{ mt: 1 }}>
              {limited && (
                <TextField
                  {...attempts}
                  id="exception-attempts"
                  label="Extra attempts"
                  helperText={attempts.helperText ?? totalLine ?? ATTEMPTS_MESSAGE}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                />
              )}
              {extendable && (
                <TextField
                  {...due}
                  id="exception-due"
                  label={`Due day for ${student.name}`}
                  placeholder={DATE_FORMAT}
                  helperText={due.helperText ?? `The class’s is ${typedDueDay(assignment.dueDate)}. As ${DATE_FORMAT}, in the school’s time zone; empty: the class’s.`}
                  slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 10 }, inputLabel: { shrink: true } }}
                />
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {exception && (
            <Button color="error" disabled={pending} onClick={() => dispatch(changeRequested({ kind: 'withdrawException', ...target }))} sx={{ mr: 'auto' }}>
              Withdraw the exception
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          {(limited || extendable) && (
            <Button type="submit" variant="contained" disabled={pending}>
              Save
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
