/**
 * The frame of every school administration page: the crumbs from Home through School, the superuser's
 * school picker, and a load failure said as the server worded it.
 */
import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SUPERUSER_PERMISSION } from '../../../../common/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { selectPermissions } from '../../auth';
import { selectAdminSchool, selectAdminSchools } from '../selectors';
import { schoolPicked, schoolPickerShown } from '../slice';

export const SCHOOL_CRUMB: Crumb = { label: 'School', to: '/app/admin' };

/** The superuser's school picker (a school admin runs their current school: no picker). */
export function SchoolPicker() {
  const dispatch = useAppDispatch();
  const isSuperuser = useAppSelector(selectPermissions).includes(SUPERUSER_PERMISSION);
  const picked = useAppSelector(selectAdminSchool);
  const schools = useAppSelector(selectAdminSchools);
  useEffect(() => {
    if (isSuperuser) dispatch(schoolPickerShown());
  }, [dispatch, isSuperuser, picked]);
  if (!isSuperuser || !schools.data) return null;
  return (
    <TextField
      select
      size="small"
      label="School"
      value={picked ?? ''}
      onChange={(event) => dispatch(schoolPicked(event.target.value === '' ? null : event.target.value))}
      sx={{ minWidth: 240, mb: 2 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">Your current school</MenuItem>
      {schools.data.map((school) => (
        <MenuItem key={school.id} value={school.id}>
          {school.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function AdminFrame({ title, crumbs = [SCHOOL_CRUMB], children }: { title: string; crumbs?: Crumb[]; children: ReactNode }) {
  return (
    <PageFrame title={title} crumbs={[{ label: 'Home', to: '/app' }, ...crumbs.filter((c) => c.label !== title), { label: title }]} maxWidth={1100}>
      <SchoolPicker />
      {children}
    </PageFrame>
  );
}

export function LoadFailed({ error }: { error: { message: string } | null }) {
  return error ? <Alert severity="error">{error.message}</Alert> : null;
}
