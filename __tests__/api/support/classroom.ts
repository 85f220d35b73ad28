/** Classroom API tests: staff and students made directly in the database, and school permissions granted through the service. */
import type { Db } from '../../../src/server/db';
import { hashPassword } from '../../../src/server/security/passwords';
import { grantSchoolPermission } from '../../../src/server/services/classroom/schoolPermissions';
import type { TestApp } from './testApp';

/** A user at `schools` (the first is current), with permissions granted at the first school and global ones. */
export async function addUser(
  t: TestApp,
  userName: string,
  options: { schools?: string[]; schoolPermissions?: string[]; permissions?: string[]; firstName?: string; lastName?: string } = {},
): Promise<number> {
  const db: Db = t.db;
  const schools = options.schools ?? ['LINCOLN-HS'];
  const user = await db
    .insertInto('users')
    .values({
      first_name: options.firstName ?? userName,
      last_name: options.lastName ?? 'Test',
      user_name: userName,
      email: `${userName}@example.edu`,
      timezone: null,
      password_hash: await hashPassword('demo-password', t.config.passwordHashing),
      created_at: t.clock(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, school] of schools.entries()) {
    const client = await db.selectFrom('clients').select('id').where('lsclient_id', '=', school).executeTakeFirstOrThrow();
    await db.insertInto('user_clients').values({ user_id: user.id, client_id: client.id, position }).execute();
    if (position === 0) {
      for (const permission of options.schoolPermissions ?? []) await grantSchoolPermission(db, { userId: user.id, clientId: client.id, permission }, t.clock());
    }
  }
  for (const permission of options.permissions ?? []) await db.insertInto('user_permissions').values({ user_id: user.id, permission }).execute();
  return user.id;
}
