/**
 * A student's language on the dashboard: "ES" for a student who reads the course in Spanish, named
 * "Reads in Spanish" for a screen reader and on hover; nothing for the default language, so the
 * marked students stand out.
 */
import Chip from '@mui/material/Chip';
import type { Language } from '../../../../common/language';
import { studentLanguageMark } from '../model';

export function LanguageChip({ language }: { language: Language }) {
  const look = studentLanguageMark(language);
  if (!look) return null;
  // an image role: a named mark whose short text a screen reader replaces with the label
  return <Chip size="small" variant="outlined" role="img" aria-label={look.label} title={look.label} label={look.mark} sx={{ ml: 1, height: 20, fontWeight: 700 }} data-testid="language-chip" />;
}
