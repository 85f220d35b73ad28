/** The operator CLI's commands, errors and exit codes, on a real database. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLASS_ADMIN_MESSAGES } from '../../src/common/schoolAdminClasses';
import { adminCli } from './support/adminCli';
import { addUser } from './support/classroom';
import { createTestApp, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
const { out, err, run, clear } = adminCli(() => t);

beforeEach(async () => {
  t = await createTestApp();
  clear();
});
afterEach(async () => {
  await t.close();
});

it('prints help with --help and exits 0; no command is a usage error', async () => {
  expect(await run('--help')).toBe(0);
  expect(out.join('\n')).toContain('create-school');
  expect(await run()).toBe(2);
  expect(await run('nope')).toBe(2);
  expect(err.join('\n')).toContain('Unknown command "nope"');
  expect(await run('list-schools', '--bogus')).toBe(2);
});

it('creates a school and codes; a clear error and exit 1 for a duplicate or unknown school', async () => {
  expect(await run('create-school', '--id', 'MAPLE-MS', '--name', 'Maple Middle School')).toBe(0);
  expect(await run('create-school', '--id', 'MAPLE-MS', '--name', 'Again')).toBe(1);
  expect(err.pop()).toBe('A school with id "MAPLE-MS" already exists (school ids are compared ignoring case).');
  // [S3.04] ids are compared ignoring case: another letter case is the same school
  expect(await run('create-school', '--id', 'maple-ms', '--name', 'Maple again')).toBe(1);
  expect(err.pop()).toBe('A school with id "MAPLE-MS" already exists (school ids are compared ignoring case).');
  expect(await run('create-codes', '--school', 'MAPLE-MS', '--seats', '3', '--count', '2', '--expires', '2030-06-30')).toBe(0);
  const codes = out.pop()?.split('\n') ?? [];
  expect(codes).toHaveLength(2);
  expect(codes[0]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  expect(await run('create-codes', '--school', 'NOPE')).toBe(1);
  expect(await run('create-codes', '--school', 'MAPLE-MS', '--seats', 'many')).toBe(2);
  expect(await run('create-codes', '--school', 'MAPLE-MS', '--expires', '2001-01-01')).toBe(1);
  // a day that does not exist is refused, not moved to another (2027-02-30 would be March 2nd)
  for (const day of ['2027-02-30', '2027-13-01', '2027-04-31']) {
    expect(await run('create-codes', '--school', 'MAPLE-MS', '--expires', day)).toBe(2);
    expect(err.pop()).toMatch(/--expires must be a date YYYY-MM-DD that exists/);
  }
  expect(await run('create-codes', '--school', 'MAPLE-MS', '--expires', '2028-02-29')).toBe(0); // a leap day
  expect(await run('list-codes', '--school', 'MAPLE-MS')).toBe(0);
  expect(out.pop()).toContain('0/3');
  expect(await run('list-schools')).toBe(0);
  expect(out.pop()).toContain('Maple Middle School');
});

it('invites from a CSV through the mailer; a bad line sends nothing', async () => {
  const good = path.join(t.dir, 'good.csv');
  writeFileSync(good, 'email,name\nann@example.edu,Ann\n\nbob@example.edu,Bob\n');
  expect(await run('invite', '--school', 'LINCOLN-HS', '--csv', good)).toBe(0);
  const mails = await t.db.selectFrom('outbox').select(['to_address', 'text_body']).where('purpose', '=', 'invitation').execute();
  expect(mails.map((m) => m.to_address)).toEqual(['ann@example.edu', 'bob@example.edu']);
  expect(mails[0]?.text_body).toMatch(/\/register\/\d+\?token=/);
  const bad = path.join(t.dir, 'bad.csv');
  writeFileSync(bad, 'cara@example.edu\nnot-an-email\n');
  expect(await run('invite', '--school', 'LINCOLN-HS', '--csv', bad)).toBe(1);
  expect(err.pop()).toContain('line 2');
  expect(await t.db.selectFrom('invitations').select('id').execute()).toHaveLength(2);
  expect(await run('invite', '--school', 'LINCOLN-HS', '--csv', path.join(t.dir, 'missing.csv'))).toBe(1);
});

it('creates a user who can sign in, grants and revokes a permission, lists users', async () => {
  expect(await run('create-user', '--username', 'Teacher.One', '--first', 'Tina', '--last', 'One', '--email', 'tina@example.edu', '--password', 'teaching is great', '--school', 'LINCOLN-HS')).toBe(0);
  expect((await signInRequest(t.app, 'teacher.one', 'teaching is great')).statusCode).toBe(200);
  expect(await run('create-user', '--username', 'x2', '--first', 'A', '--last', 'B', '--email', 'a@b.cd', '--password', 'password')).toBe(1);
  expect(await run('grant', '--username', 'teacher.one', '--permission', 'support')).toBe(0);
  expect(await run('list-users', '--school', 'LINCOLN-HS')).toBe(0);
  expect(out.pop()).toMatch(/teacher\.one .*SUPPORT/);
  expect(await run('revoke', '--username', 'teacher.one', '--permission', 'SUPPORT')).toBe(0);
  expect(out.pop()).toBe('Revoked.');
  expect(await run('grant', '--username', 'ghost', '--permission', 'SUPPORT')).toBe(1);
});

it('import-content: imports a content folder and says what it imported', async () => {
  expect(await run('import-content', '--dir', path.join(__dirname, '../fixtures/content'))).toBe(0);
  expect(out.pop()).toMatch(/^Imported content from .*: 1 modules, 1 materials, 3 sections, 5 questions/);
  const modules = await t.db.selectFrom('content_modules').select('slug').execute();
  expect(modules).toHaveLength(1);
});

it('import-content: a folder without content fails with a message and exit 1, importing nothing', async () => {
  const before = await t.db.selectFrom('content_modules').select('slug').execute();
  expect(await run('import-content', '--dir', t.dir)).toBe(1);
  expect(err.pop()).toMatch(/catalog/i);
  expect(await t.db.selectFrom('content_modules').select('slug').execute()).toEqual(before);
});

// ---- staff commands: each does what its school administration route does (the same service),
// recorded as the command-line tool (origin cli); a refusal exits 1 with the route's reason

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

it('support-schools: a district support account serves the schools assigned to it, recorded; a member is not served', async () => {
  expect(await run('support-schools', 'list', 'support')).toBe(0);
  expect(out.pop()).toBe('LINCOLN-HS  Lincoln High School');
  expect(await run('support-schools', 'add', 'support', '--school', 'ROOSEVELT-AC')).toBe(0);
  expect(out.pop()).toBe('support now serves Roosevelt Academy.');
  expect(await lastEntry()).toMatchObject({ action: 'support-school.assign', origin: 'cli', target_name: expect.stringContaining('support') });
  expect(await run('support-schools', 'add', 'support', '--school', 'ROOSEVELT-AC')).toBe(0);
  expect(out.pop()).toBe('support already serves Roosevelt Academy.');
  expect(await run('support-schools', 'remove', 'support', '--school', 'LINCOLN-HS')).toBe(0);
  expect(out.pop()).toBe('support no longer serves Lincoln High School.');
  expect(await run('support-schools', 'list', 'support')).toBe(0);
  expect(out.pop()).toBe('ROOSEVELT-AC  Roosevelt Academy');
  // only a district-wide SUPPORT account serves a list; a usage error names the form
  expect(await run('support-schools', 'add', 'learner', '--school', 'LINCOLN-HS')).toBe(1);
  expect(err.pop()).toMatch(/holds no district-wide SUPPORT permission/);
  expect(await run('support-schools', 'add', 'support')).toBe(2);
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
  const [, id, joinCode] = /^Created class #(\d+) "CLI Period 1"; class code (\S+)\.$/.exec(created) ?? [];
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
  expect(out.pop()).toContain(`Class code: ${joinCode}`);

  expect(await run('code-sheet', '--school', 'LINCOLN-HS', '--class', id!, '--copies', '2')).toBe(0);
  const sheet = out.pop() ?? '';
  expect(sheet).toContain('Class codes — CLI Period 1 (Lincoln High School)');
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
