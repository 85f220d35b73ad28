/**
 * The school's sign-in buttons (docs/sso.md), under the SPEC's form on /login and on registration:
 * each provider by its own name (the button's accessible name) and mark. A button is a plain link to
 * the server, which starts the sign-in at the provider; `/login?school=ID` lists that school's first.
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { SSO_MESSAGES, type SsoProviderId } from '../../../../common/sso';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { schoolProvidersWanted, schoolSignInHref, selectSchoolProviders } from '../schoolSignIn';

/**
 * Each provider's mark. Google's "G" and Microsoft's four squares are the marks their sign-in button
 * guidelines ask for; Clever's and ClassLink's logos are wordmarks they hand out on request, so those
 * show the initial in the brand's colour, as does the local district.
 */
const LETTER_MARKS: Record<Exclude<SsoProviderId, 'google' | 'microsoft'>, { letter: string; color: string }> = {
  clever: { letter: 'C', color: '#1464ff' },
  classlink: { letter: 'CL', color: '#0b6e99' },
  lincoln: { letter: 'L', color: '#7a1f1f' },
};

const MARK_SIZE = 24;

function GoogleMark() {
  return (
    <svg width={MARK_SIZE} height={MARK_SIZE} viewBox="0 0 48 48" aria-hidden focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg width={MARK_SIZE} height={MARK_SIZE} viewBox="0 0 21 21" aria-hidden focusable="false">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

function Mark({ id }: { id: SsoProviderId }) {
  if (id === 'google') return <GoogleMark />;
  if (id === 'microsoft') return <MicrosoftMark />;
  const mark = LETTER_MARKS[id];
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: MARK_SIZE, height: MARK_SIZE, px: 0.5, borderRadius: 1, bgcolor: mark.color, color: '#fff', fontWeight: 700, fontSize: 13 }}
    >
      {mark.letter}
    </Box>
  );
}

export function SchoolSignInButtons({ school, redirect }: { school?: string | null; redirect?: string | null }) {
  const dispatch = useAppDispatch();
  const providers = useAppSelector(selectSchoolProviders);
  useEffect(() => {
    dispatch(schoolProvidersWanted({ school: school ?? '' }));
  }, [dispatch, school]);
  if (providers.length === 0) return null;
  return (
    <Box component="section" aria-label="School sign-in" sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }}>{SSO_MESSAGES.choose}</Divider>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {providers.map((p) => (
          <Button key={p.id} variant="outlined" size="large" fullWidth href={schoolSignInHref(p.id, { school, redirect })} startIcon={<Mark id={p.id} />}>
            {p.name}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
