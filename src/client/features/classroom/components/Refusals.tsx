/** What a page of the classroom says instead of data to someone who does not teach at the school. */
import Alert from '@mui/material/Alert';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';

export const NO_CLASSROOM_ACCESS = 'You do not have access to classes. Classes are for teachers and school administrators at this school.';

export const classesCrumbs: Crumb[] = [
  { label: 'Home', to: '/app' },
  { label: 'Classes', to: '/app/classes' },
];

/** Home alone in its trail: the classes' pages are not this person's to go to. */
export function Refusal({ title, message, crumbs = [{ label: 'Home', to: '/app' }] }: { title: string; message: string; crumbs?: Crumb[] }) {
  return (
    <PageFrame title={title} crumbs={[...crumbs, { label: title }]}>
      <Alert severity="error">{message}</Alert>
    </PageFrame>
  );
}
