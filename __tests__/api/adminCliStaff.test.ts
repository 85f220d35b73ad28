/**
 * The operator CLI's staff commands on a real database: each does what its school administration
 * route does (the same service), records it in the audit trail as the command-line tool (origin
 * "cli"), and answers a bad argument with exit 2 and a refusal with exit 1 and the route's reason.
 */
import { writeFileSync } from 'node:fs';
import { CLASS_ADMIN_MESSAGES } from '../../src/common/schoolAdminClasses';
import { runCommand } from '../../src/server/cli/admin';
import { addUser } from './support/classroom';
import { createTestApp, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
let out: string[];
let err: string[];
const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
const run = (...argv: string[]) => runCommand(argv, io, { config: t.config, db: t.db, now: t.clock });

beforeEach(async () => {
  t = await createTestApp();
  out = [];
  err = [];
});
afterEach(async () => {
  await t.close();
});

/** The newest audit entry: what, by whom, from where, about whom. */
async function lastEntry() {
  return t.db.selectFrom('audit_events').select(['action', 'actor_id', 'actor_name', 'origin', 'target_name', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

it('user commands: temporary password, end sessions, deactivate and reactivate, each recorded from the CLI', async () => {
  expect(await run('user', 'temporary-password', 'learner')).toBe(0);
  const password = /: (\S+)$/.exec(out.pop() ?? '')?.[1] ?? '';
  expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  expect(await lastEntry()).toMatchObject({ action: 'password.temporary', actor_id: null, origin: 'cli', target_name: expect.stringContaining('(learner)') });
  expect((await signInRequest(t.app, 'learner', password)).statusCode).toBe(200);

  expect(await run('user', 'end-sessions', 'learner')).toBe(0);
  expect(out.pop()).toMatch(/^Ended [1-9]\d* session\(s\) of/);
  expect(await lastEntry()).toMatchObject({ action: 'sessions.end', origin: 'cli' });

  expect(await run('user', 'deactivate', 'learner')).toBe(0);
  expect(await lastEntry()).toMatchObject({ action: 'user.deactivate', origin: 'cli' });
  expect((await signInRequest(t.app, 'learner', password)).statusCode).not.toBe(200);
  expect(await run('user', 'deactivate', 'learner')).toBe(1);
  expect(err.pop()).toBe('This account is already deactivated.');
  expect(await run('user', 'reactivate', 'learner')).toBe(0);
  expect(await lastEntry()).toMatchObject({ action: 'user.reactivate', origin: 'cli' });

  expect(await run('user', 'deactivate', 'schooladmin')).toBe(1); // the school's only administrator
  expect(err.pop()).toMatch(/A school needs an administrator/);
  expect(await run('user', 'deactivate', 'nobody')).toBe(1);
  expect(err.pop()).toBe('No user "nobody".');
  expect(await run('user', 'explode', 'learner')).toBe(2);
  expect(await run('user', 'end-sessions', 'learner', '--school', 'ROOSEVELT-AC')).toBe(1);
  expect(err.pop()).toBe('learner is not a member of that school.');
});

it('role grant and revoke at a school; never the last school administrator', async () => {
  expect(await run('role', 'grant', 'learner', 'teacher')).toBe(0);
  expect(out.pop()).toBe('Granted.');
  expect(await lastEntry()).toMatchObject({ action: 'permission.grant', origin: 'cli', detail: JSON.stringify({ permission: 'TEACHER' }) });
  expect(await run('role', 'grant', 'learner', 'TEACHER')).toBe(0);
  expect(out.pop()).toBe('The user already holds this role at the school.');
  expect(await run('role', 'revoke', 'learner', 'TEACHER')).toBe(0);
  expect(out.pop()).toBe('Revoked.');
  expect(await run('role', 'revoke', 'schooladmin', 'SCHOOLADMIN')).toBe(1);
  expect(err.pop()).toMatch(/A school needs an administrator/);
  expect(await run('role', 'grant', 'learner', 'GADMINSUPERUSER')).toBe(2); // a global permission: `grant`
});

it('code revoke and invitation withdraw stop them at once, recorded', async () => {
  expect(await run('create-codes', '--school', 'LINCOLN-HS', '--seats', '3')).toBe(0);
  const code = out.pop() ?? '';
  expect(await run('code', 'revoke', code.toLowerCase())).toBe(0);
  expect(await lastEntry()).toMatchObject({ action: 'access-code.revoke', origin: 'cli', detail: JSON.stringify({ code }) });
  expect(await run('code', 'revoke', 'ZZZZ-ZZZZ-ZZZZ')).toBe(1);

  const csv = `${t.dir}/one.csv`;
  writeFileSync(csv, 'ann@example.edu\n');
  expect(await run('invite', '--school', 'LINCOLN-HS', '--csv', csv)).toBe(0);
  const id = /#(\d+)/.exec(out.pop() ?? '')?.[1] ?? '';
  expect(await run('invitation', 'withdraw', id)).toBe(0);
  expect(await lastEntry()).toMatchObject({ action: 'invitation.withdraw', origin: 'cli', detail: JSON.stringify({ email: 'ann@example.edu' }) });
  expect(await run('invitation', 'withdraw', id)).toBe(1);
  expect(await run('invitation', 'withdraw', 'abc')).toBe(2);
});

it('class commands: create for a teacher, list, show, add and remove teachers, archive; the code sheet', async () => {
  await addUser(t, 'cteach', { schoolPermissions: ['TEACHER'], firstName: 'Cara', lastName: 'Teach' });
  await addUser(t, 'dteach', { schoolPermissions: ['TEACHER'], firstName: 'Dev', lastName: 'Teach' });
  expect(await run('class', 'create', '--school', 'lincoln-hs', '--name', 'CLI Period 1', '--teacher', 'cteach')).toBe(0);
  const created = out.pop() ?? '';
  const [, id, joinCode] = /^Created class #(\d+) "CLI Period 1"; join code (\S+)\.$/.exec(created) ?? [];
  expect(joinCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  expect(await lastEntry()).toMatchObject({ action: 'class.create', origin: 'cli', target_name: 'Cara Teach (cteach)' });

  expect(await run('class', 'add-teacher', id!, 'dteach')).toBe(0);
  expect(out.pop()).toBe(CLASS_ADMIN_MESSAGES.teacherAdded('Dev Teach'));
  expect(await lastEntry()).toMatchObject({ action: 'class.teacher.add', origin: 'cli' });
  expect(await run('class', 'remove-teacher', id!, 'cteach')).toBe(0);
  expect(await run('class', 'remove-teacher', id!, 'dteach')).toBe(1);
  expect(err.pop()).toBe(CLASS_ADMIN_MESSAGES.lastTeacher);
  expect(await run('class', 'add-teacher', id!, 'learner')).toBe(1);
  expect(err.pop()).toBe(CLASS_ADMIN_MESSAGES.teacherNotFound);

  expect(await run('class', 'list', '--school', 'LINCOLN-HS')).toBe(0);
  expect(out.pop()).toContain(`#${id}  CLI Period 1  — dteach; 0 student(s)`);
  expect(await run('class', 'show', id!)).toBe(0);
  expect(out.pop()).toContain(`Join code: ${joinCode}`);

  expect(await run('code-sheet', '--school', 'LINCOLN-HS', '--class', id!, '--copies', '2')).toBe(0);
  const sheet = out.pop() ?? '';
  expect(sheet).toContain('Join codes — CLI Period 1 (Lincoln High School)');
  expect(sheet).toContain(`${t.config.publicUrl}/register/code`);
  expect(sheet.split(`Code: ${joinCode}`)).toHaveLength(3);
  expect(await run('code-sheet', '--school', 'ROOSEVELT-AC', '--class', id!)).toBe(1);
  expect(await run('code-sheet', '--school', 'LINCOLN-HS', '--copies', '0')).toBe(2);

  expect(await run('class', 'archive', id!)).toBe(0);
  expect(await lastEntry()).toMatchObject({ action: 'class.archive', origin: 'cli' });
  expect(await run('class', 'archive', id!)).toBe(1);
  expect(err.pop()).toBe(CLASS_ADMIN_MESSAGES.alreadyArchived);
  expect(await run('class', 'show', '0')).toBe(2);
  expect(await run('class', 'show', '999999')).toBe(1);
  expect(await run('class', 'create', '--school', 'LINCOLN-HS', '--name', 'No teacher')).toBe(2);
});
