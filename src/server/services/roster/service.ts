/**
 * The OneRoster import: a school's (or district's) bulk export brought into Cashwise's schools,
 * users, classes and rosters, matched by `sourcedId` so a re-import changes only what changed. One
 * transaction: a file with any problem changes nothing, and a dry run rolls back after counting.
 * Called by the operator CLI (`npm run admin -- roster import`) and by the school administration UI.
 *
 * What an import does, per school in the file:
 * - users it lists are created or updated (no password: they set one through an invitation or a
 *   teacher's temporary password), join the school, teachers get TEACHER and administrators
 *   SCHOOLADMIN there; every field must keep the account rules (accountRules.ts); an existing
 *   account's e-mail is never replaced (a different one is a warning and waits in `roster_email`
 *   until the user confirms it with a code from their profile, or says it is not theirs);
 * - roster users of the school it no longer lists are deactivated (they cannot sign in; their
 *   sessions end; their records stay) when the file's schools are all they belong to; one who also
 *   belongs to another school, or holds a district-wide permission, only leaves the file's schools
 *   (membership, roles and classes there) and keeps their account, sessions and other schools;
 * - a TEACHER or SCHOOLADMIN the roster granted (granted_by null) that the file no longer grants (the
 *   user is not listed, has another role, or is not at that school) is revoked; a person's grant
 *   stays, unless its holder leaves the school;
 * - classes are created, renamed, or archived when no longer listed;
 * - enrolments make students (source 'roster') and teachers (primary: owner); a dropped student
 *   enrolment sets `left_at` (history stays), a dropped teacher enrolment removes the teacher.
 *   Students who joined with a class code are never touched by the roster.
 */
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from '../../../common/classroom';
import type { RevokedPermission, RosterCounts, RosterReport } from '../../../common/roster';
import type { Db } from '../../db';
import { storeFirstSchoolZone } from '../accounts/repository';
import { CLI_ACTOR, recordAudit, type AuditActor } from '../audit/record';
import { retryingTransaction } from '../../db/transaction';
import { bumpClassVersions, lockClassWrites } from '../classroom/versions';
import { accountFieldProblems } from './accountRules';
import { describeProblem, type RosterData, type RosterProblem } from './files';
import { readRosterInWorker } from './readerThread';
import {
  archiveClasses,
  classesAt,
  deactivateUsers,
  deleteClassTeacher,
  deleteSchoolPermission,
  insertChunked,
  insertClasses,
  insertClassStudents,
  insertClassTeachers,
  insertMemberships,
  insertSchool,
  insertSchoolPermissions,
  insertUsers,
  leaveSchools,
  linkSchool,
  membershipsOf,
  positionsOf,
  renameSchool,
  rosterGrantsAt,
  rosterUsers,
  rostersOf,
  schoolPermissionsAt,
  schoolsBySourcedId,
  selectChunked,
  setRosterEmail,
  setStudentLeftAt,
  setTeacherRole,
  updateClass,
  updateUser,
  usersBeyondSchools,
  usersByName,
} from './repository';

/** Stored as the password hash of an imported user: not an argon2 hash, so no password verifies against it. */
export const NO_PASSWORD = '!roster:no-password';

export interface RosterImportOptions {
  dryRun?: boolean;
  /** the lsclientID of the one school the file is for (its org is linked to that school) */
  school?: string | null;
  /**
   * a school administrator's import (with `school`): it may not reach into another school, so it
   * changes no account that belongs to another school too or holds a district-wide permission
   * (refuseChangesBeyondSchool), and the problems do not name other schools
   */
  confined?: boolean;
  now: number;
  /**
   * who imports (the CLI: CLI_ACTOR): an import that changes data is recorded in the audit trail, a
   * dry run is not; each permission it revokes is recorded too (as CLI_ACTOR when no actor is given)
   */
  actor?: AuditActor;
}

export type { RevokedPermission, RosterReport };

type Counts = RosterCounts;

const counts = (): Counts => ({ created: 0, updated: 0, removed: 0 });

function emptyReport(dryRun: boolean, problems: RosterProblem[]): RosterReport {
  return { ok: problems.length === 0, dryRun, problems, schools: counts(), users: counts(), classes: counts(), enrollments: counts(), skipped: { users: 0, enrollments: 0 }, revoked: [], usersLeft: 0, warnings: [] };
}

/** Thrown inside the transaction to roll it back: a dry run's end, or problems found on the way. */
class Rollback extends Error {
  constructor(readonly report: RosterReport) {
    super('rollback');
  }
}

export async function importRoster(db: Db, zip: Uint8Array, options: RosterImportOptions): Promise<RosterReport> {
  const dryRun = options.dryRun ?? false;
  const { data, problems } = await readRosterInWorker(zip);
  if (!data) return emptyReport(dryRun, problems);
  try {
    // run again if PostgreSQL rolls it back for contention: all of it is in the transaction
    return await retryingTransaction(db, async (trx) => {
      const { report, clientIds } = await apply(trx, data, options);
      report.ok = report.problems.length === 0;
      if (!report.ok || dryRun) throw new Rollback(report);
      if (options.actor) {
        // one entry per school the file touched, in the import's transaction
        const detail = {
          usersCreated: report.users.created,
          usersUpdated: report.users.updated,
          usersDeactivated: report.users.removed,
          usersLeft: report.usersLeft,
          classesCreated: report.classes.created,
          classesUpdated: report.classes.updated,
          classesArchived: report.classes.removed,
          enrollmentsCreated: report.enrollments.created,
          enrollmentsUpdated: report.enrollments.updated,
          enrollmentsDropped: report.enrollments.removed,
          permissionsRevoked: report.revoked.length,
        };
        for (const schoolId of clientIds) await recordAudit(trx, options.actor, { action: 'roster.import', schoolId, detail }, options.now);
      }
      return report;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.report;
    throw error;
  }
}

async function apply(trx: Db, data: RosterData, options: RosterImportOptions): Promise<{ report: RosterReport; clientIds: number[] }> {
  const { now } = options;
  const report = emptyReport(options.dryRun ?? false, []);
  report.skipped = { users: data.skippedUsers, enrollments: data.skippedEnrollments };
  const problems = report.problems;

  // ---- schools: each school org is one Cashwise school (clients), matched by sourced_id
  const clients = await schoolsBySourcedId(trx);
  const schoolOrgs = data.orgs.filter((o) => o.type === 'school');
  const clientOf = new Map<string, number>();
  const byLsclient = (id: string) => clients.find((c) => c.lsclient_id.toLowerCase() === id.toLowerCase());
  const existing = new Map((await rosterUsers(trx)).map((u) => [u.sourced_id ?? '', u]));
  // Before the first write, every class and enrolment the file may change (classroom/versions.ts):
  // the classes of the schools it may name, and the classes of the accounts it lists (a renamed
  // student's other classes show the new name). A school it creates has no classes yet.
  const named = options.school
    ? [byLsclient(options.school)]
    : schoolOrgs.flatMap((o) => [clients.find((c) => c.sourced_id === o.sourcedId), byLsclient(o.identifier || o.sourcedId)]);
  await lockClassWrites(
    trx,
    { schoolIds: named.flatMap((c) => (c ? [c.id] : [])) },
    { studentIds: data.users.flatMap((u) => existing.get(u.sourcedId)?.id ?? []) },
  );
  if (options.school) {
    const school = byLsclient(options.school);
    if (!school) problems.push({ file: '--school', message: `No school has the id "${options.school}".` });
    if (schoolOrgs.length !== 1) {
      problems.push({ file: 'orgs.csv', column: 'type', message: `A file for one school (${options.school}) must list exactly one org of type school; it lists ${schoolOrgs.length}.` });
    }
    const org = schoolOrgs.length === 1 ? schoolOrgs[0] : undefined;
    if (school && org) {
      const other = clients.find((c) => c.sourced_id === org.sourcedId && c.id !== school.id);
      if (other) {
        const which = options.confined ? 'another school' : `the school ${other.lsclient_id}`;
        problems.push({ file: 'orgs.csv', line: org.line, column: 'sourcedId', message: `The org "${org.sourcedId}" is already ${which}.` });
      } else if (school.sourced_id !== org.sourcedId) {
        if (school.sourced_id !== null) {
          problems.push({ file: 'orgs.csv', line: org.line, column: 'sourcedId', message: `${school.lsclient_id} was imported from the org "${school.sourced_id}", not "${org.sourcedId}".` });
        } else {
          await linkSchool(trx, school.id, org.sourcedId);
          report.schools.updated += 1;
        }
      }
      clientOf.set(org.sourcedId, school.id);
    }
  } else {
    for (const org of schoolOrgs) {
      const known = clients.find((c) => c.sourced_id === org.sourcedId);
      if (known) {
        if (known.name !== org.name) {
          await renameSchool(trx, known.id, org.name);
          report.schools.updated += 1;
        }
        clientOf.set(org.sourcedId, known.id);
        continue;
      }
      // a new school's id is the org's identifier (or its sourcedId); an existing school of that id is linked
      const lsclientId = (org.identifier || org.sourcedId).toUpperCase();
      const same = byLsclient(lsclientId);
      if (same && same.sourced_id !== null) {
        problems.push({ file: 'orgs.csv', line: org.line, column: 'identifier', message: `The school id "${lsclientId}" is already the org "${same.sourced_id}".` });
      } else if (same) {
        await linkSchool(trx, same.id, org.sourcedId);
        report.schools.updated += 1;
        clientOf.set(org.sourcedId, same.id);
      } else {
        const created = await insertSchool(trx, { lsclient_id: lsclientId, name: org.name, sourced_id: org.sourcedId });
        report.schools.created += 1;
        clientOf.set(org.sourcedId, created);
      }
    }
  }
  for (const user of data.users) {
    if (user.active && user.orgSourcedIds.length === 0) problems.push({ file: 'users.csv', line: user.line, column: 'orgSourcedIds', message: 'The user belongs to no school in orgs.csv.' });
  }
  problems.push(...accountFieldProblems(data.users));
  if (problems.length > 0) return { report, clientIds: [] };
  const clientIds = [...new Set(clientOf.values())];

  // ---- users, by sourced_id (existing: read above)
  const listed = data.users.filter((u) => u.active);
  // a user name may not belong to another account (a learner who registered, or another roster user)
  const holders = new Map((await usersByName(trx, listed.map((u) => u.userName))).map((u) => [u.user_name, u]));
  for (const user of listed) {
    const holder = holders.get(user.userName);
    if (holder && holder.sourced_id !== user.sourcedId) {
      problems.push({ file: 'users.csv', line: user.line, column: 'username', message: `The user name "${user.userName}" belongs to another Cashwise account.` });
    }
  }
  const listedIds = new Set(listed.map((u) => u.sourcedId));
  const members = await membershipsOf(trx, clientIds);
  const memberIds = new Set(members.map((m) => m.user_id));
  // the accounts the file's schools do not wholly answer for: another school's too, or district staff
  const beyond = await usersBeyondSchools(
    trx,
    [...existing.values()].filter((u) => memberIds.has(u.id) || listedIds.has(u.sourced_id ?? '')).map((u) => u.id),
    clientIds,
  );
  if (options.confined) refuseChangesBeyondSchool(listed, existing, { beyond, memberIds }, problems);
  if (problems.length > 0) return { report, clientIds };

  const toCreate = listed.filter((u) => !existing.has(u.sourcedId));
  await insertChunked(toCreate, (chunk) =>
    insertUsers(
      trx,
      chunk.map((u) => ({
        first_name: u.givenName,
        last_name: u.familyName,
        user_name: u.userName,
        email: u.email,
        timezone: null,
        password_hash: NO_PASSWORD,
        created_at: now,
        sourced_id: u.sourcedId,
        deactivated_at: null,
      })),
    ),
  );
  report.users.created = toCreate.length;
  const renamed: number[] = [];
  for (const user of listed) {
    const row = existing.get(user.sourcedId);
    if (!row) continue;
    // the e-mail is where a password reset goes: the file may fill in a missing one, never replace one
    const fillEmail = row.email === '' && user.email !== '';
    const waiting = fillEmail ? null : waitingEmail(row.email, user.email);
    if (waiting !== null) report.warnings.push({ file: 'users.csv', line: user.line, column: 'email', message: EMAIL_KEPT });
    if (waiting !== row.roster_email) {
      // not an account change (the report's warning tells of it): the address waits for its user
      await setRosterEmail(trx, row.id, waiting);
    }
    const changes = {
      ...(row.user_name !== user.userName ? { user_name: user.userName } : {}),
      ...(row.first_name !== user.givenName ? { first_name: user.givenName } : {}),
      ...(row.last_name !== user.familyName ? { last_name: user.familyName } : {}),
      ...(fillEmail ? { email: user.email } : {}),
      ...(row.deactivated_at !== null ? { deactivated_at: null } : {}),
    };
    if (Object.keys(changes).length === 0) continue;
    await updateUser(trx, row.id, changes);
    renamed.push(row.id);
    report.users.updated += 1;
  }

  const idOf = new Map((await rosterUsers(trx)).map((u) => [u.sourced_id ?? '', u.id]));
  // roster users of these schools the file no longer lists (or lists as deleted or disabled): an
  // account only these schools answer for is deactivated; any other leaves these schools only
  const notListed = [...existing.values()].filter((u) => !listedIds.has(u.sourced_id ?? '') && memberIds.has(u.id));
  const leaving = notListed.filter((u) => beyond.has(u.id)).map((u) => u.id);
  const dropped = notListed.filter((u) => !beyond.has(u.id) && u.deactivated_at === null).map((u) => u.id);
  await selectChunked(dropped, async (chunk) => {
    await deactivateUsers(trx, chunk, now);
    return [];
  });
  report.users.removed = dropped.length;
  await leaveSchools(trx, leaving, clientIds);
  report.usersLeft = leaving.length;

  // memberships and school permissions
  const memberKey = (userId: number, clientId: number) => `${userId}:${clientId}`;
  const memberSet = new Set(members.map((m) => memberKey(m.user_id, m.client_id)));
  const joins: { user_id: number; client_id: number }[] = [];
  const permissionSet = new Set((await schoolPermissionsAt(trx, clientIds)).map((p) => `${p.user_id}:${p.client_id}:${p.permission}`));
  const grants: { user_id: number; client_id: number; permission: string; granted_at: number; granted_by: null }[] = [];
  // every permission this file grants, held already or not: a roster grant outside it is taken back
  const granted = new Set<string>();
  for (const user of listed) {
    const userId = idOf.get(user.sourcedId);
    if (userId === undefined) continue;
    for (const org of user.orgSourcedIds) {
      const clientId = clientOf.get(org);
      if (clientId === undefined) continue;
      if (!memberSet.has(memberKey(userId, clientId))) {
        memberSet.add(memberKey(userId, clientId));
        joins.push({ user_id: userId, client_id: clientId });
      }
      const permission = user.role === 'teacher' ? TEACHER_PERMISSION : user.role === 'administrator' ? SCHOOLADMIN_PERMISSION : null;
      if (permission) granted.add(`${userId}:${clientId}:${permission}`);
      if (permission && !permissionSet.has(`${userId}:${clientId}:${permission}`)) {
        permissionSet.add(`${userId}:${clientId}:${permission}`);
        grants.push({ user_id: userId, client_id: clientId, permission, granted_at: now, granted_by: null });
      }
    }
  }
  // a new school goes after the user's others (position 0 stays their current school)
  const last = new Map((await positionsOf(trx, [...new Set(joins.map((j) => j.user_id))])).map((p) => [p.user_id, Number(p.last)]));
  const rows = joins.map((j) => {
    const position = (last.get(j.user_id) ?? -1) + 1;
    last.set(j.user_id, position);
    return { ...j, position };
  });
  await insertChunked(rows, (chunk) => insertMemberships(trx, chunk));
  // an account the file makes is made in the zone of its first school, as any account made at a school
  const createdIds = toCreate.map((u) => idOf.get(u.sourcedId)).filter((id): id is number => id !== undefined);
  await selectChunked(createdIds, async (chunk) => {
    await storeFirstSchoolZone(trx, chunk);
    return [];
  });
  await insertChunked(grants, (chunk) => insertSchoolPermissions(trx, chunk));

  // roster grants the file no longer makes: a teacher who left the school or the district, an
  // administrator who now teaches. Only the roster's own (granted_by null): a person's grant stays.
  const revoke = (await rosterGrantsAt(trx, clientIds, [TEACHER_PERMISSION, SCHOOLADMIN_PERMISSION], leaving))
    .filter((g) => !granted.has(`${g.user_id}:${g.client_id}:${g.permission}`))
    .sort((a, b) => a.lsclient_id.localeCompare(b.lsclient_id) || (a.sourced_id ?? '').localeCompare(b.sourced_id ?? '') || a.permission.localeCompare(b.permission));
  for (const g of revoke) {
    await deleteSchoolPermission(trx, g);
    const name = `${g.first_name} ${g.last_name}`.trim();
    report.revoked.push({ sourcedId: g.sourced_id ?? '', name, school: g.lsclient_id, permission: g.permission });
    // in the import's transaction: a dry run or a refused file leaves no entry
    await recordAudit(
      trx,
      options.actor ?? CLI_ACTOR,
      { action: 'permission.revoke', schoolId: g.client_id, targetUserId: g.user_id, targetName: name, detail: { permission: g.permission, by: 'roster' } },
      now,
    );
  }

  // ---- classes, by (school, sourced_id)
  const classKey = (clientId: number, sourcedId: string) => `${clientId}\u0000${sourcedId}`;
  const classRows = await classesAt(trx, clientIds);
  const classByKey = new Map(classRows.filter((c) => c.sourced_id !== null).map((c) => [classKey(c.client_id, c.sourced_id ?? ''), c]));
  const newClasses: { client_id: number; name: string; sourced_id: string; created_at: number; updated_at: number; archived_at: null }[] = [];
  const listedClasses = new Set<string>();
  for (const cls of data.classes) {
    const clientId = clientOf.get(cls.schoolSourcedId);
    if (clientId === undefined || !cls.active) continue;
    const key = classKey(clientId, cls.sourcedId);
    listedClasses.add(key);
    const row = classByKey.get(key);
    if (!row) {
      newClasses.push({ client_id: clientId, name: cls.title, sourced_id: cls.sourcedId, created_at: now, updated_at: now, archived_at: null });
    } else if (row.name !== cls.title || row.archived_at !== null) {
      await updateClass(trx, row.id, cls.title, now);
      report.classes.updated += 1;
    }
  }
  await insertChunked(newClasses, (chunk) => insertClasses(trx, chunk));
  report.classes.created = newClasses.length;
  const gone = [...classByKey.entries()].filter(([key, c]) => !listedClasses.has(key) && c.archived_at === null).map(([, c]) => c.id);
  await selectChunked(gone, async (chunk) => {
    await archiveClasses(trx, chunk, now);
    return [];
  });
  report.classes.removed = gone.length;

  // ---- enrolments of the roster's classes
  const classes = (await classesAt(trx, clientIds)).filter((c) => c.sourced_id !== null);
  const classIdOf = new Map(classes.map((c) => [classKey(c.client_id, c.sourced_id ?? ''), c.id]));
  const schoolOfClass = new Map(data.classes.map((c) => [c.sourcedId, c.schoolSourcedId]));
  const { students, teachers } = await rostersOf(trx, classes.map((c) => c.id));
  const pair = (classId: number, userId: number) => `${classId}:${userId}`;
  const studentRows = new Map(students.map((s) => [pair(s.class_id, s.user_id), s]));
  const teacherRows = new Map(teachers.map((s) => [pair(s.class_id, s.user_id), s]));
  const wantStudents = new Set<string>();
  const wantTeachers = new Set<string>();
  const newStudents: { class_id: number; user_id: number; source: 'roster'; joined_at: number; left_at: null }[] = [];
  const newTeachers: { class_id: number; user_id: number; role: 'owner' | 'co-teacher'; added_at: number }[] = [];
  for (const e of data.enrollments) {
    const clientId = clientOf.get(schoolOfClass.get(e.classSourcedId) ?? '');
    const classId = clientId === undefined ? undefined : classIdOf.get(classKey(clientId, e.classSourcedId));
    const userId = idOf.get(e.userSourcedId);
    if (classId === undefined || userId === undefined || !listedIds.has(e.userSourcedId)) continue;
    const key = pair(classId, userId);
    if (e.role === 'student') {
      wantStudents.add(key);
      const row = studentRows.get(key);
      if (!row) {
        newStudents.push({ class_id: classId, user_id: userId, source: 'roster', joined_at: now, left_at: null });
      } else if (row.left_at !== null) {
        await setStudentLeftAt(trx, classId, userId, null);
        report.enrollments.updated += 1;
      }
    } else {
      wantTeachers.add(key);
      const role = e.primary ? 'owner' : 'co-teacher';
      const row = teacherRows.get(key);
      if (!row) {
        newTeachers.push({ class_id: classId, user_id: userId, role, added_at: now });
      } else if (row.role !== role) {
        await setTeacherRole(trx, classId, userId, role);
        report.enrollments.updated += 1;
      }
    }
  }
  await insertChunked(newStudents, (chunk) => insertClassStudents(trx, chunk));
  await insertChunked(newTeachers, (chunk) => insertClassTeachers(trx, chunk));
  report.enrollments.created = newStudents.length + newTeachers.length;

  // dropped: roster enrolments only (a student who joined with the code stays, unless they leave the
  // school; a teacher added by hand stays)
  const rosterUserIds = new Set(idOf.values());
  const leavingIds = new Set(leaving);
  for (const s of students) {
    if (s.left_at !== null || wantStudents.has(pair(s.class_id, s.user_id))) continue;
    if (s.source !== 'roster' && !leavingIds.has(s.user_id)) continue;
    await setStudentLeftAt(trx, s.class_id, s.user_id, now);
    report.enrollments.removed += 1;
  }
  for (const t of teachers) {
    if (!rosterUserIds.has(t.user_id) || wantTeachers.has(pair(t.class_id, t.user_id))) continue;
    await deleteClassTeacher(trx, t.class_id, t.user_id);
    report.enrollments.removed += 1;
  }
  // the dashboards of the classes changed here, and of any other class a renamed student is in
  const { users, classes: changedClasses, enrollments } = report;
  if (users.updated + users.removed + report.usersLeft + changedClasses.updated + changedClasses.removed + enrollments.created + enrollments.updated + enrollments.removed > 0) {
    await bumpClassVersions(trx, { schoolIds: clientIds });
    await bumpClassVersions(trx, { studentIds: renamed });
  }
  return { report, clientIds };
}

const EMAIL_KEPT = 'The email differs from the account’s, which stays as it is: the new address waits for its user to confirm it (their profile offers it, with a code sent there).';

/** A non-empty e-mail of the file that is not the account's (addresses compare without case). */
function differentEmail(stored: string, fromFile: string): boolean {
  return fromFile !== '' && fromFile.toLowerCase() !== stored.toLowerCase();
}

/**
 * What `users.roster_email` holds after this row: the file's address when it differs from the
 * account's (it waits for the user to confirm it), null when the file agrees or lists none.
 * accountFieldProblems has refused an address that is not one already.
 */
function waitingEmail(stored: string, fromFile: string): string | null {
  return differentEmail(stored, fromFile) ? fromFile : null;
}

type RosterAccount = Awaited<ReturnType<typeof rosterUsers>>[number];

/** The columns of a listed user's row that would change their account (user name, names, e-mail, reactivation). */
function accountChanges(row: RosterAccount, user: RosterData['users'][number]): string[] {
  return [
    ...(row.user_name !== user.userName ? ['username'] : []),
    ...(row.first_name !== user.givenName ? ['givenName'] : []),
    ...(row.last_name !== user.familyName ? ['familyName'] : []),
    ...(differentEmail(row.email, user.email) ? ['email'] : []),
    ...(row.deactivated_at !== null ? ['status'] : []),
  ];
}

/**
 * A confined (school administrator's) import acts on accounts its school alone answers for. An
 * account that belongs to another school too, holds a role at another school, or holds a
 * district-wide permission (SUPPORT, GADMINSUPERUSER) is the district's: the file may not bring it
 * into the school, nor change its user name, names or e-mail, nor reactivate it. Listed as it is,
 * by a school it already belongs to, it is taken (that school's roles and classes apply: they are
 * the school's own); a problem names each row that would reach further. The one place the roster
 * decides authority over a person: the rule is "authority at every school the person belongs to".
 */
function refuseChangesBeyondSchool(
  listed: RosterData['users'],
  existing: Map<string, RosterAccount>,
  reach: { beyond: Set<number>; memberIds: Set<number> },
  problems: RosterProblem[],
): void {
  for (const user of listed) {
    const row = existing.get(user.sourcedId);
    if (!row || !reach.beyond.has(row.id)) continue;
    const at = { file: 'users.csv', line: user.line } as const;
    if (!reach.memberIds.has(row.id)) {
      problems.push({ ...at, column: 'sourcedId', message: `The user "${user.sourcedId}" belongs to another school or holds district permissions: only the district administrator can import them.` });
      continue;
    }
    const columns = accountChanges(row, user);
    if (columns.length > 0) {
      problems.push({
        ...at,
        column: columns[0],
        message: `The user "${user.sourcedId}" also belongs to another school or holds district permissions: ask the district administrator to change their account (${columns.join(', ')}).`,
      });
    }
  }
}

/** The report as the CLI prints it. */
export function formatRosterReport(report: RosterReport): string {
  if (!report.ok) {
    return [`The roster was not imported: ${report.problems.length} problem(s); nothing was changed.`, ...report.problems.map((p) => `  ${describeProblem(p)}`)].join('\n');
  }
  const verb = report.dryRun ? 'Dry run (nothing was changed); the import would make:' : 'Imported the roster:';
  const line = (name: string, c: Counts, removed: string) => `  ${name}: ${c.created} created, ${c.updated} updated, ${c.removed} ${removed}`;
  return [
    verb,
    line('schools', report.schools, 'removed'),
    line('users', report.users, 'deactivated'),
    line('classes', report.classes, 'archived'),
    line('enrollments', report.enrollments, 'dropped'),
    ...(report.revoked.length > 0
      ? [
          `  permissions revoked: ${report.revoked.length} (the roster no longer grants them)`,
          ...report.revoked.map((r) => `    ${r.permission} at ${r.school}: ${r.name} (${r.sourcedId})`),
        ]
      : []),
    ...(report.usersLeft > 0 ? [`  left the school: ${report.usersLeft} user(s) of another school too, no longer listed (their account stays)`] : []),
    ...(report.warnings.length > 0 ? [`  warnings: ${report.warnings.length}`, ...report.warnings.map((w) => `    ${describeProblem(w)}`)] : []),
    ...(report.skipped.users + report.skipped.enrollments > 0
      ? [`  skipped: ${report.skipped.users} user(s) and ${report.skipped.enrollments} enrollment(s) with roles Cashwise has no place for (guardians, aides, …)`]
      : []),
  ].join('\n');
}
