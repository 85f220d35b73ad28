/** Queries the student-data routes make themselves (the export and delete run theirs in ./index.ts). */
import type { Db } from '../../db';

/**
 * The school a superuser acts for on a student: the superuser's current school (`current`) when
 * the student belongs to it, else the student's first school; undefined for no school.
 */
export async function studentSchoolFor(db: Db, userId: number, current: number | undefined): Promise<number | undefined> {
  const here = current === undefined ? undefined : await db.selectFrom('user_clients').select('client_id').where('user_id', '=', userId).where('client_id', '=', current).executeTakeFirst();
  const first = await db.selectFrom('user_clients').select('client_id').where('user_id', '=', userId).orderBy('position').executeTakeFirst();
  return here?.client_id ?? first?.client_id;
}
