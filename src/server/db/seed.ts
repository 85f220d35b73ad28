/**
 * The demo world: two schools and six accounts, all with password `demo-password`; with
 * `classroom`, also the teacher's two classes and their students (seedClassroom.ts).
 * Idempotent: existing schools and accounts are left as they are.
 */
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from '../../common/classroom';
import { SUPERUSER_PERMISSION } from '../../common/constants';
import type { PasswordHashing } from '../config';
import { hashPassword } from '../security/passwords';
import type { Db } from '.';
import { changed } from './changes';
import { seedDemoClassroom } from './seedClassroom';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_SCHOOLS = [
  { lsclientID: 'LINCOLN-HS', clientName: 'Lincoln High School' },
  { lsclientID: 'ROOSEVELT-AC', clientName: 'Roosevelt Academy' },
] as const;

export interface DemoAccount {
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  timezone: string | null;
  schools: readonly string[];
  permissions: readonly string[];
  /** permissions that hold at the account's first school only (school_permissions) */
  schoolPermissions?: readonly string[];
  /** the schools a district-wide SUPPORT account serves (support_schools) */
  supportSchools?: readonly string[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { userName: 'learner', firstName: 'Maya', lastName: 'Johnson', email: 'maya.johnson@example.edu', timezone: null, schools: ['LINCOLN-HS'], permissions: [] },
  { userName: 'multi', firstName: 'Daniel', lastName: 'Rivera', email: 'daniel.rivera@example.edu', timezone: 'America/New_York', schools: ['LINCOLN-HS', 'ROOSEVELT-AC'], permissions: [] },
  { userName: 'support', firstName: 'Priya', lastName: 'Patel', email: 'priya.patel@example.edu', timezone: null, schools: ['LINCOLN-HS'], permissions: ['SUPPORT'], supportSchools: ['LINCOLN-HS'] },
  { userName: 'admin', firstName: 'Grace', lastName: 'Thompson', email: 'grace.thompson@example.edu', timezone: null, schools: ['LINCOLN-HS'], permissions: [SUPERUSER_PERMISSION] },
  { userName: 'teacher', firstName: 'James', lastName: 'Whitaker', email: 'james.whitaker@example.edu', timezone: null, schools: ['LINCOLN-HS'], permissions: [], schoolPermissions: [TEACHER_PERMISSION] },
  { userName: 'schooladmin', firstName: 'Linda', lastName: 'Okafor', email: 'linda.okafor@example.edu', timezone: null, schools: ['LINCOLN-HS'], permissions: [], schoolPermissions: [SCHOOLADMIN_PERMISSION] },
];

export interface SeedOptions {
  /**
   * Also the demo classroom: `teacher`'s classes with 41 more students and their progress. The
   * server seeds it; API tests leave it out unless they ask, so they start from empty progress.
   */
  classroom?: boolean;
}

export async function seedDemo(db: Db, passwordHashing: PasswordHashing, now: number, options: SeedOptions = {}): Promise<void> {
  for (const school of DEMO_SCHOOLS) {
    await db
      .insertInto('clients')
      .values({ lsclient_id: school.lsclientID, name: school.clientName })
      .onConflict((oc) => oc.column('lsclient_id').doNothing())
      .execute();
    changed('clients');
  }
  const clients = await db.selectFrom('clients').select(['id', 'lsclient_id', 'timezone']).execute();
  const client = (lsclientID: string) => {
    const found = clients.find((c) => c.lsclient_id === lsclientID);
    if (!found) throw new Error(`Demo school ${lsclientID} is missing`);
    return found;
  };
  const clientId = (lsclientID: string): number => client(lsclientID).id;

  // one hash for every demo account: each argon2 run is deliberately slow
  let passwordHash: string | null = null;
  const demoHash = async () => (passwordHash ??= await hashPassword(DEMO_PASSWORD, passwordHashing));
  for (const account of DEMO_ACCOUNTS) {
    const exists = await db.selectFrom('users').select('id').where('user_name', '=', account.userName).executeTakeFirst();
    if (exists) continue;
    const hash = await demoHash();
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('users')
        .values({
          first_name: account.firstName,
          last_name: account.lastName,
          user_name: account.userName,
          email: account.email,
          // an account made at a school is made in its zone, as every other way of making one
          timezone: account.timezone ?? (account.schools[0] ? client(account.schools[0]).timezone : null),
          password_hash: hash,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      changed('users', inserted.id);
      if (account.schools.length > 0) {
        await trx
          .insertInto('user_clients')
          .values(account.schools.map((school, position) => ({ user_id: inserted.id, client_id: clientId(school), position })))
          .execute();
        changed('user_clients', inserted.id);
      }
      if (account.permissions.length > 0) {
        await trx
          .insertInto('user_permissions')
          .values(account.permissions.map((permission) => ({ user_id: inserted.id, permission })))
          .execute();
        changed('user_permissions', inserted.id);
      }
      const home = account.schools[0];
      if (account.schoolPermissions && home) {
        await trx
          .insertInto('school_permissions')
          .values(account.schoolPermissions.map((permission) => ({ user_id: inserted.id, client_id: clientId(home), permission, granted_at: now, granted_by: null })))
          .execute();
        changed('school_permissions', inserted.id);
      }
      const served = account.supportSchools ?? [];
      if (served.length > 0) {
        await trx
          .insertInto('support_schools')
          .values(served.map((school) => ({ user_id: inserted.id, client_id: clientId(school), assigned_at: now, assigned_by: null })))
          .execute();
      }
    });
  }
  // school sign-in: Lincoln High uses "Lincoln district sign-in" (the local provider) for its
  // example.edu addresses, so a newcomer can try it with no outside account (docs/sso.md)
  const lincoln = clientId('LINCOLN-HS');
  await db.insertInto('sso_school_settings').values({ client_id: lincoln, domains: 'example.edu', create_students: 0 }).onConflict((oc) => oc.column('client_id').doNothing()).execute();
  await db.insertInto('sso_school_providers').values({ client_id: lincoln, provider: 'lincoln', enabled_at: now }).onConflict((oc) => oc.columns(['client_id', 'provider']).doNothing()).execute();
  if (options.classroom) await seedDemoClassroom(db, demoHash, now);
}
