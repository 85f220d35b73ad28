/**
 * "Share to Google Classroom": Google's share address with one of our pages' address, so a teacher
 * who lives in Classroom posts the class or the assignment there (it opens in a new tab).
 */
import Button from '@mui/material/Button';
import { CLASSROOM_SHARE_LABEL, classroomShareUrl } from '../../../../common/sso';

export function ClassroomShareLink({ path, what, size = 'medium' }: { path: string; what?: string; size?: 'small' | 'medium' }) {
  const href = classroomShareUrl(new URL(path, window.location.origin).href);
  return (
    <Button size={size} variant={size === 'small' ? 'text' : 'outlined'} href={href} target="_blank" rel="noopener noreferrer" aria-label={what ? `${CLASSROOM_SHARE_LABEL}: ${what}` : undefined}>
      {CLASSROOM_SHARE_LABEL}
    </Button>
  );
}
