/** A dialog's two buttons on the admin pages: Cancel, and the action (a form's submit, or a click). */
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

export interface DialogButtonsProps {
  onCancel: () => void;
  label: string;
  /** without it the action submits the dialog's form */
  onConfirm?: () => void;
  disabled?: boolean;
  color?: 'primary' | 'warning' | 'error';
}

export function DialogButtons({ onCancel, label, onConfirm, disabled = false, color = 'primary' }: DialogButtonsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel}>Cancel</Button>
      <Button variant="contained" color={color} disabled={disabled} {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}>
        {label}
      </Button>
    </DialogActions>
  );
}
