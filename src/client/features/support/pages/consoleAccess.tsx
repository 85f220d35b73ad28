/** What the support console's pages share: who may see them, their crumbs and the refusal. */
import Alert from '@mui/material/Alert';
import { SUPPORT_PERMISSION } from '../../../../common/support';
import { useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../ui/PageFrame';
import { selectHasPermission } from '../../auth';

export const NOT_ALLOWED = 'You do not have permission to see support tickets.';
export const consoleCrumbs = [
  { label: 'Home', to: '/app' },
  { label: 'Support', to: '/app/support' },
];

export function useIsStaff() {
  return useAppSelector((state) => selectHasPermission(state, SUPPORT_PERMISSION));
}

export function Refused({ title }: { title: string }) {
  return (
    <PageFrame title={title} crumbs={[...consoleCrumbs, { label: title }]}>
      <Alert severity="error">{NOT_ALLOWED}</Alert>
    </PageFrame>
  );
}
