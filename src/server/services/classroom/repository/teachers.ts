/** The teachers of a class: their roles, adding and removing one. */
import type { Db } from '../../../db';

export async function teacherRole(db: Db, classId: number, userId: number): Promise<'owner' | 'co-teacher' | null> {
  const row = await db.selectFrom('class_teachers').select('role').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

export async function addTeacher(db: Db, classId: number, userId: number, now: number): Promise<void> {
  await db
    .insertInto('class_teachers')
    .values({ class_id: classId, user_id: userId, role: 'co-teacher', added_at: now })
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
    .execute();
}

export async function teacherCount(db: Db, classId: number): Promise<number> {
  const row = await db.selectFrom('class_teachers').select((eb) => eb.fn.countAll<number>().as('n')).where('class_id', '=', classId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function removeTeacher(db: Db, classId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('class_teachers').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The user names of the classes' teachers. */
export function teacherUserNames(db: Db, classIds: readonly number[]): Promise<{ user_id: number; user_name: string }[]> {
  return db
    .selectFrom('class_teachers')
    .innerJoin('users', 'users.id', 'class_teachers.user_id')
    .select(['class_teachers.user_id', 'users.user_name'])
    .where('class_teachers.class_id', 'in', [...classIds])
    .execute();
}
