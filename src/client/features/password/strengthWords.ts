/** The strength meter's words in the language spoken, for every form that asks for a new password. */
import { useMemo } from 'react';
import { useT } from '../../i18n/features';
import type { StrengthWords } from '../../ui/PasswordStrength';
import { catalog } from './messages/compiled/catalog';

/** SPEC §9's Weak, Medium, Strong (and the common password's warning), from the password catalog. */
export function useStrengthWords(): StrengthWords {
  const t = useT(catalog);
  return useMemo(
    () => ({
      levels: [t('password.strength.weak'), t('password.strength.medium'), t('password.strength.strong')],
      say: (level: string) => t('password.strength', { level }),
      common: t('password.strength.common'),
    }),
    [t],
  );
}
