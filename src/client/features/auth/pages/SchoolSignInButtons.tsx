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

/** Each provider's mark: its initial in its colour (the logos themselves are the providers' to ship). */
const MARKS: Record<SsoProviderId, { letter: string; color: string }> = {
  google: { letter: 'G', color: '#1a73e8' },
  microsoft: { letter: 'M', color: '#5e5e5e' },
  clever: { letter: 'C', color: '#1464ff' },
  classlink: { letter: 'CL', color: '#0b6e99' },
  lincoln: { letter: 'L', color: '#7a1f1f' },
};

function Mark({ id }: { id: SsoProviderId }) {
  const mark = MARKS[id];
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 24, height: 24, px: 0.5, borderRadius: 1, bgcolor: mark.color, color: '#fff', fontWeight: 700, fontSize: 13 }}
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
