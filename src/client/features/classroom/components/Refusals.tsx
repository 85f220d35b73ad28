/** What a page of the classroom says instead of data: no access, or no such class / student. */
import Alert from '@mui/material/Alert';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';

export const NO_CLASSROOM_ACCESS = 'You do not have access to classes. Classes are for teachers and school administrators at this school.';
export const CLASS_NOT_FOUND = 'There is no such class, or it is not one of yours.';
export const STUDENT_NOT_FOUND = 'There is no such student in this class.';

export const classesCrumbs: Crumb[] = [
  { label: 'Home', to: '/app' },
  { label: 'Classes', to: '/app/classes' },
];

export function Refusal({ title, message, crumbs = classesCrumbs }: { title: string; message: string; crumbs?: Crumb[] }) {
  return (
    <PageFrame title={title} crumbs={[...crumbs, { label: title }]}>
      <Alert severity="error">{message}</Alert>
    </PageFrame>
  );
}
