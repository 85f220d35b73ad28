/**
 * English / Español: a group of two toggle buttons, each name in its own language (and marked
 * with its `lang`, so a screen reader says it right); the language spoken is pressed.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../common/language';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage, useT } from '../../i18n';
import { languageChosen } from './events';

export function LanguageSwitch({ disabled = false }: { disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const spoken = useLanguage();
  return (
    <Box role="group" aria-label={t('language.label')} sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
      {LANGUAGES.map((language) => {
        const active = spoken === language;
        return (
          <Button
            key={language}
            lang={language}
            size="small"
            variant={active ? 'outlined' : 'text'}
            aria-pressed={active}
            disabled={disabled}
            onClick={() => dispatch(languageChosen(language))}
          >
            {LANGUAGE_NAMES[language]}
          </Button>
        );
      })}
    </Box>
  );
}
