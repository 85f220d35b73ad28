/**
 * The classroom's dialogs: a confirmation (end sessions, a new class code, withdraw) and a one-field
 * form (a class's name, a co-teacher's user name), formik + yup. Each shows the server's refusal
 * in place and closes itself when its change went through (the slice's successCount moves).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { fieldProps } from '../../../ui/formikField';
import { selectChange } from '../selectors';
import { changeDismissed, changeRequested, type ClassChange } from '../slice';

/** Closes `onClose` once the change this dialog sent went through. */
export function useCloseOnSuccess(open: boolean, onClose: () => void) {
  const change = useAppSelector(selectChange);
  const dispatch = useAppDispatch();
  const seen = useRef(change.successCount);
  useEffect(() => {
    if (open) {
      seen.current = change.successCount;
      dispatch(changeDismissed());
    }
    // only when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    if (open && change.successCount !== seen.current) onClose();
  }, [open, change.successCount, onClose]);
  return change;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  change: ClassChange;
  onClose: () => void;
  danger?: boolean;
}

export function ConfirmDialog({ open, title, children, confirmLabel, change, onClose, danger = false }: ConfirmDialogProps) {
  const dispatch = useAppDispatch();
  const state = useCloseOnSuccess(open, onClose);
  const pending = state.status === 'pending' && state.kind === change.kind;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <RequestAlerts error={state.status === 'failed' && state.kind === change.kind ? state.error : null} />
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} disabled={pending} onClick={() => dispatch(changeRequested(change))}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface TextDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  /** the rule for the field (max length, required …) */
  schema: yup.StringSchema;
  toChange: (value: string) => ClassChange;
  onClose: () => void;
  helper?: string;
}

export function TextDialog({ open, title, label, initial = '', submitLabel, schema, toChange, onClose, helper }: TextDialogProps) {
  const dispatch = useAppDispatch();
  const state = useCloseOnSuccess(open, onClose);
  const formik = useFormik({
    initialValues: { value: initial },
    enableReinitialize: true,
    validationSchema: yup.object({ value: schema }),
    onSubmit: ({ value }) => {
      dispatch(changeRequested(toChange(value.trim())));
    },
  });
  const props = fieldProps(formik, 'value');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="text-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="text-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <RequestAlerts error={state.status === 'failed' ? state.error : null} />
          <TextField {...props} id="class-dialog-value" label={label} fullWidth margin="dense" autoFocus helperText={props.helperText ?? helper} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={state.status === 'pending'}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A class's name: what the teacher and students read in lists. */
export const CLASS_NAME_MAX = 100;
export const classNameSchema = yup
  .string()
  .trim()
  .required('Enter the class’s name.')
  .max(CLASS_NAME_MAX, `A class’s name must be at most ${CLASS_NAME_MAX} characters.`);
