import type { Language } from '../../common/language';
import type { Db } from '../db';
import { languageOr } from '.';

/** The language a person saved (users.language); English for no account or no choice yet. */
export async function recipientLanguage(db: Db, userId: number | null): Promise<Language> {
  if (userId === null) return languageOr(null);
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return languageOr(row?.language);
}
