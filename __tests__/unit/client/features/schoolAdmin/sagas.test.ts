/**
 * School administration's sagas on a real store with a fake OneLook: what each page's opening
 * asks and where the answer lands (for the school a superuser picked), the call each of an
 * administrator's changes makes, what its answer leaves (a toast with its message, a temporary
 * password to show once, a roster report) and what is read again after it; the files.
 *
 * An answer's message becomes a toast whose colour says whether the change did what was asked: a
 * roster file the server read but refused answers 200 with its problem report and must not be
 * announced as a success. A refusal is a failure, so its toast comes from the error bridge
 * (problemRaised), not from the saga.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { problemRaised } from '../../../../../src/client/api/apiProblem';
import { injectAreaReducers } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { selectPendingNotifications } from '../../../../../src/client/features/notifications';
import { schoolAdminArea } from '../../../../../src/client/features/schoolAdmin/area';
import { schoolAdminSaga } from '../../../../../src/client/features/schoolAdmin/sagas';
import type { SchoolAdminRootState } from '../../../../../src/client/features/schoolAdmin/selectors';
import {
  accessCodeCreated,
  accessCodeRevoked,
  auditCsvRequested,
  auditPageOpened,
  changeDismissed,
  classArchived,
  classCreated,
  classesPageOpened,
  classPageOpened,
  classTeacherAdded,
  classTeacherRemoved,
  codeSheetOpened,
  codesPageOpened,
  invitationCreated,
  invitationWithdrawn,
  learnerCreated,
  overviewOpened,
  roleGranted,
  roleRevoked,
  rosterFileChecked,
  rosterImportConfirmed,
  rosterPageOpened,
  schoolPicked,
  schoolPickerShown,
  settingsPageOpened,
  settingsSaved,
  signInPageOpened,
  signInSettingsSaved,
  studentDataDeleted,
  studentDataExportRequested,
  temporaryPasswordGiven,
  userDeactivated,
  userReactivated,
  usersPageOpened,
  userSessionsEnded,
} from '../../../../../src/client/features/schoolAdmin/slice';
import * as download from '../../../../../src/client/lib/download';
import { harness, makeSession, NOW, settle, type FakeAnswer, type RecordedRequest } from '../harness';

injectAreaReducers(schoolAdminArea);

const session = makeSession({ permissions: ['SCHOOLADMIN'] });
const signedIn = { auth: signedInState(session, NOW + 30 * 60_000) };

interface Sent {
  method: string;
  path: string;
  params?: Record<string, unknown>;
  payload?: unknown;
}

/** The proxied request, from the JSON body or (a roster upload) the multipart form's `request` field. */
function sent(req: RecordedRequest): Sent & { files: string[] } {
  if (req.data instanceof FormData) {
    const form = req.data;
    return { ...(JSON.parse(String(form.get('request'))) as Sent), files: [...form.keys()].filter((k) => k !== 'request') };
  }
  return { ...(req.data as Sent), files: [] };
}

/** A harness whose OneLook answers `answer(request)` on both proxy addresses. */
function adminHarness(answer: (req: Sent) => FakeAnswer = () => ({ status: 200, data: { message: 'Done.' } })) {
  const route = (req: RecordedRequest) => answer(sent(req));
  const h = harness({ preloadedState: signedIn, sagas: [schoolAdminSaga], routes: { 'POST /api/service': route, 'POST /api/service/multipart': route } });
  const admin = () => (h.state() as unknown as SchoolAdminRootState).schoolAdmin;
  const calls = () => h.requests.map(sent);
  return { ...h, admin, calls, dispatch: (action: UnknownAction) => h.store.dispatch(action) };
}

const toasts = (h: ReturnType<typeof adminHarness>) => selectPendingNotifications(h.state()).map((n) => [n.severity, n.summary]);

describe('a page’s opening loads what it shows', () => {
  const cases: { name: string; event: UnknownAction; calls: Omit<Sent, 'payload'>[]; into: (keyof SchoolAdminRootState['schoolAdmin'])[] }[] = [
    { name: 'the school picker', event: schoolPickerShown(), calls: [{ method: 'GET', path: '/admin/schools', params: {} }], into: ['schools'] },
    { name: 'the overview', event: overviewOpened(), calls: [{ method: 'GET', path: '/admin/overview', params: {} }], into: ['overview'] },
    { name: 'the users, a search’s second page', event: usersPageOpened({ q: 'tariq', page: 2 }), calls: [{ method: 'GET', path: '/admin/users', params: { q: 'tariq', page: 2 } }], into: ['users'] },
    { name: 'the users, unsearched', event: usersPageOpened({ q: '', page: 1 }), calls: [{ method: 'GET', path: '/admin/users', params: { page: 1 } }], into: ['users'] },
    {
      name: 'the codes and invitations',
      event: codesPageOpened(),
      calls: [
        { method: 'GET', path: '/admin/codes', params: {} },
        { method: 'GET', path: '/admin/invitations', params: {} },
      ],
      into: ['codes', 'invitations'],
    },
    {
      name: 'the audit trail, filtered',
      event: auditPageOpened({ action: 'temporary-password', date: '2026-11-02', dateMode: 'before', page: 3 }),
      calls: [{ method: 'GET', path: '/admin/audit', params: { action: 'temporary-password', date: '2026-11-02', dateMode: 'before', page: 3 } }],
      into: ['audit'],
    },
    {
      name: 'the classes and the teachers to choose from',
      event: classesPageOpened(),
      calls: [
        { method: 'GET', path: '/admin/classes', params: {} },
        { method: 'GET', path: '/admin/teachers', params: {} },
      ],
      into: ['classes', 'teachers'],
    },
    {
      name: 'a class and the teachers to add',
      event: classPageOpened(4),
      calls: [
        { method: 'GET', path: '/admin/classes/4', params: {} },
        { method: 'GET', path: '/admin/teachers', params: {} },
      ],
      into: ['class', 'teachers'],
    },
    { name: 'a class’s code sheet', event: codeSheetOpened('4'), calls: [{ method: 'GET', path: '/admin/code-sheet', params: { class: '4' } }], into: ['codeSheet'] },
    { name: 'the school’s code sheet', event: codeSheetOpened(null), calls: [{ method: 'GET', path: '/admin/code-sheet', params: {} }], into: ['codeSheet'] },
    { name: 'the settings', event: settingsPageOpened(), calls: [{ method: 'GET', path: '/admin/settings', params: {} }], into: ['settings'] },
    { name: 'the roster upload’s rules', event: rosterPageOpened(), calls: [{ method: 'GET', path: '/admin/roster', params: {} }], into: ['rosterRules'] },
    { name: 'the school’s sign-in', event: signInPageOpened(), calls: [{ method: 'GET', path: '/admin/sso', params: {} }], into: ['signInSettings'] },
  ];

  it.each(cases)('$name', async ({ event, calls, into }) => {
    const h = adminHarness(({ path }) => ({ status: 200, data: { answerTo: path } }));
    h.dispatch(event);
    for (const key of into) expect(h.admin()[key]).toEqual(expect.objectContaining({ status: 'loading' }));
    await settle();
    expect(h.calls()).toEqual(calls.map((c) => expect.objectContaining({ service: 'OneLook', ...c })));
    into.forEach((key, i) => expect(h.admin()[key]).toEqual({ status: 'succeeded', data: { answerTo: calls[i]!.path }, error: null }));
  });

  it('for the school a superuser picked: every call names it, and what was read for another school is dropped', async () => {
    const h = adminHarness(() => ({ status: 200, data: [] }));
    h.dispatch(codesPageOpened());
    await settle();
    h.dispatch(schoolPicked('ROOSEVELT'));
    expect(h.admin().codes).toEqual({ status: 'idle', data: null, error: null });
    h.dispatch(codesPageOpened());
    await settle();
    expect(h.calls().slice(2).map((c) => c.params)).toEqual([{ school: 'ROOSEVELT' }, { school: 'ROOSEVELT' }]);
  });

  it('keeps what it showed while the next page loads, and a failure with the server’s words', async () => {
    let fail = false;
    const h = adminHarness(() => (fail ? { status: 403, data: { message: 'Only a school administrator can do this.' } } : { status: 200, data: { users: [], total: 0, page: 1, pageSize: 25 } }));
    h.dispatch(usersPageOpened({ q: '', page: 1 }));
    await settle();
    fail = true;
    h.dispatch(usersPageOpened({ q: '', page: 2 }));
    expect(h.admin().users).toEqual({ status: 'loading', data: { users: [], total: 0, page: 1, pageSize: 25 }, error: null });
    await settle();
    expect(h.admin().users).toEqual(
      expect.objectContaining({ status: 'failed', data: { users: [], total: 0, page: 1, pageSize: 25 }, error: { kind: 'client', status: 403, message: 'Only a school administrator can do this.' } }),
    );
  });

  it('keeps nothing once the session ends (a shared computer)', async () => {
    const h = adminHarness(() => ({ status: 200, data: { school: { id: 'LINCOLN', name: 'Lincoln' } } }));
    h.dispatch(overviewOpened());
    await settle();
    h.dispatch(sessionEnd({ reason: 'signout' }));
    expect(h.admin().overview.data).toBeNull();
  });
});

describe('an administrator’s changes', () => {
  const file = () => new File(['PK'], 'lincoln.zip', { type: 'application/zip' });
  const cases: { change: UnknownAction; kind: string; method: string; path: string; payload?: unknown; files?: string[] }[] = [
    { change: learnerCreated({ firstName: 'Pat', lastName: 'Partner', userName: 'pat', email: 'pat@example.edu' }), kind: 'learnerCreated', method: 'POST', path: '/admin/users', payload: { firstName: 'Pat', lastName: 'Partner', userName: 'pat', email: 'pat@example.edu' } },
    { change: temporaryPasswordGiven({ userId: 8 }), kind: 'temporaryPasswordGiven', method: 'POST', path: '/admin/users/8/temporary-password' },
    { change: userSessionsEnded({ userId: 8 }), kind: 'userSessionsEnded', method: 'POST', path: '/admin/users/8/end-sessions' },
    { change: userDeactivated({ userId: 8 }), kind: 'userDeactivated', method: 'POST', path: '/admin/users/8/deactivate' },
    { change: userReactivated({ userId: 8 }), kind: 'userReactivated', method: 'POST', path: '/admin/users/8/reactivate' },
    { change: roleGranted({ userId: 8, role: 'TEACHER' }), kind: 'roleGranted', method: 'PUT', path: '/admin/users/8/roles/TEACHER' },
    { change: roleRevoked({ userId: 8, role: 'SUPPORT' }), kind: 'roleRevoked', method: 'DELETE', path: '/admin/users/8/roles/SUPPORT' },
    { change: studentDataDeleted({ userId: 8, confirm: 'tariq.baker' }), kind: 'studentDataDeleted', method: 'DELETE', path: '/admin/students/8', payload: { confirm: 'tariq.baker' } },
    { change: accessCodeCreated({ seats: 30, expires: '2027-06-30' }), kind: 'accessCodeCreated', method: 'POST', path: '/admin/codes', payload: { seats: 30, expires: '2027-06-30' } },
    { change: accessCodeRevoked({ codeId: 5 }), kind: 'accessCodeRevoked', method: 'DELETE', path: '/admin/codes/5' },
    { change: invitationCreated({ email: 'sam@example.edu' }), kind: 'invitationCreated', method: 'POST', path: '/admin/invitations', payload: { email: 'sam@example.edu' } },
    { change: invitationWithdrawn({ invitationId: 6 }), kind: 'invitationWithdrawn', method: 'DELETE', path: '/admin/invitations/6' },
    { change: classCreated({ name: 'Period 7', teacherId: 9 }), kind: 'classCreated', method: 'POST', path: '/admin/classes', payload: { name: 'Period 7', teacherId: 9 } },
    { change: classTeacherAdded({ classId: 4, userId: 9 }), kind: 'classTeacherAdded', method: 'PUT', path: '/admin/classes/4/teachers/9' },
    { change: classTeacherRemoved({ classId: 4, userId: 9 }), kind: 'classTeacherRemoved', method: 'DELETE', path: '/admin/classes/4/teachers/9' },
    { change: classArchived({ classId: 4 }), kind: 'classArchived', method: 'POST', path: '/admin/classes/4/archive' },
    {
      change: settingsSaved({ timezone: 'America/Chicago', recordingRetentionDays: null, auditRetentionDays: 400, studentsWithoutEmail: true, helpBuffer: false }),
      kind: 'settingsSaved',
      method: 'PUT',
      path: '/admin/settings',
      payload: { timezone: 'America/Chicago', recordingRetentionDays: null, auditRetentionDays: 400, studentsWithoutEmail: true, helpBuffer: false },
    },
    {
      change: signInSettingsSaved({ enabled: ['google'], domains: ['lincoln.example.edu'], createStudents: false }),
      kind: 'signInSettingsSaved',
      method: 'PUT',
      path: '/admin/sso',
      payload: { enabled: ['google'], domains: ['lincoln.example.edu'], createStudents: false },
    },
    { change: rosterFileChecked({ file: file(), district: false }), kind: 'rosterFileChecked', method: 'POST', path: '/admin/roster', payload: { dryRun: true }, files: ['roster'] },
    {
      change: rosterImportConfirmed({ file: file(), sha256: 'ab12', district: true }),
      kind: 'rosterImportConfirmed',
      method: 'POST',
      path: '/admin/roster',
      payload: { dryRun: false, sha256: 'ab12', district: true },
      files: ['roster'],
    },
  ];

  it.each(cases)('$kind: $method $path', async ({ change, kind, method, path, payload, files = [] }) => {
    const h = adminHarness(() => ({ status: 200, data: { message: 'Done.', report: { ok: true } } }));
    h.dispatch(change);
    expect(h.admin().change).toEqual({ kind, status: 'pending', error: null });
    await settle();
    expect(h.calls()).toEqual([expect.objectContaining({ service: 'OneLook', method, path, params: {}, files, ...(payload === undefined ? {} : { payload }) })]);
    expect(h.admin().change).toEqual({ kind, status: 'succeeded', error: null });
  });

  it.each([
    ['a plain answer', invitationCreated({ email: 'sam@example.edu' }), 'success', { message: 'Invitation sent.' }],
    ['a roster dry run the file passed', rosterFileChecked({ file: new File(['PK'], 'a.zip'), district: false }), 'success', { message: 'The file is ready to import.', report: { ok: true } }],
    ['a roster file the server refused', rosterFileChecked({ file: new File(['PK'], 'a.zip'), district: false }), 'error', { message: 'The roster was not imported: 2 problems in the file.', report: { ok: false } }],
  ])('%s: a %s toast with its message', async (_name, change, severity, data) => {
    const h = adminHarness(() => ({ status: 200, data }));
    h.dispatch(change);
    await settle();
    expect(toasts(h)).toEqual([[severity, data.message]]);
    expect(h.actions.includes(problemRaised.type)).toBe(severity === 'error');
  });

  it('keeps the roster’s report (a refused file’s too) until the next file is chosen', async () => {
    const report = { ok: false, problems: [{ file: 'users.csv', line: 3, column: 2, message: 'No sourcedId.' }] };
    const h = adminHarness(() => ({ status: 200, data: { report, fileName: 'a.zip', sha256: 'ab12', message: 'The roster was not imported.' } }));
    h.dispatch(rosterFileChecked({ file: new File(['PK'], 'a.zip'), district: false }));
    await settle();
    expect(h.admin().roster).toEqual({ report, fileName: 'a.zip', sha256: 'ab12', message: 'The roster was not imported.' });
    h.dispatch(changeDismissed());
    expect(h.admin().roster).toBeNull();
    expect(h.admin().change.status).toBe('idle');
  });

  it.each([
    ['a student', temporaryPasswordGiven({ userId: 8 })],
    ['a new learner', learnerCreated({ firstName: 'Pat', lastName: 'Partner', userName: 'pat', email: 'pat@example.edu' })],
  ])('keeps %s’s temporary password to show once, gone when dismissed', async (_name, change) => {
    const h = adminHarness(() => ({ status: 200, data: { password: 'tulip-river-42', message: 'Give the student this password.' } }));
    h.dispatch(change);
    await settle();
    expect(h.admin().temporaryPassword).toEqual({ password: 'tulip-river-42', message: 'Give the student this password.' });
    h.dispatch(changeDismissed());
    expect(h.admin().temporaryPassword).toBeNull();
  });

  it('reads again what the change altered, as it was shown (the users’ search and page), and nothing no page showed', async () => {
    const h = adminHarness(({ method }) => ({ status: 200, data: method === 'GET' ? { users: [], total: 0, page: 2, pageSize: 25 } : { message: 'Role given.' } }));
    h.dispatch(usersPageOpened({ q: 'pat', page: 2 }));
    await settle();
    h.dispatch(roleGranted({ userId: 8, role: 'TEACHER' }));
    await settle();
    expect(h.calls().map((c) => [c.method, c.path, c.params])).toEqual([
      ['GET', '/admin/users', { q: 'pat', page: 2 }],
      ['PUT', '/admin/users/8/roles/TEACHER', {}],
      ['GET', '/admin/users', { q: 'pat', page: 2 }],
    ]);
  });

  it('a class’s change reads the class and the class list again; saved settings, the settings and the overview', async () => {
    const h = adminHarness(({ method, path }) => ({ status: 200, data: method === 'GET' ? { id: 4, answerTo: path } : { message: 'Saved.' } }));
    h.dispatch(classesPageOpened());
    h.dispatch(classPageOpened(4));
    h.dispatch(overviewOpened());
    h.dispatch(settingsPageOpened());
    await settle();
    const before = h.calls().length;
    h.dispatch(classTeacherAdded({ classId: 4, userId: 9 }));
    await settle();
    expect(h.calls().slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /admin/classes/4/teachers/9', 'GET /admin/classes/4', 'GET /admin/classes']);
    const next = h.calls().length;
    h.dispatch(settingsSaved({ timezone: 'America/Chicago', recordingRetentionDays: null, auditRetentionDays: null, studentsWithoutEmail: false, helpBuffer: false }));
    await settle();
    expect(h.calls().slice(next).map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /admin/settings', 'GET /admin/settings', 'GET /admin/overview']);
  });

  it('keeps a refusal with its message, for the form to show, and says it did not work', async () => {
    const h = adminHarness(() => ({ status: 400, data: { message: 'Not a domain: lincoln' } }));
    h.dispatch(signInSettingsSaved({ enabled: [], domains: ['lincoln'], createStudents: false }));
    await settle();
    expect(h.admin().change).toEqual({ kind: 'signInSettingsSaved', status: 'failed', error: { kind: 'client', status: 400, message: 'Not a domain: lincoln' } });
    expect(selectPendingNotifications(h.state())).toEqual([expect.objectContaining({ severity: 'error', summary: 'That did not work', detail: 'Not a domain: lincoln' })]);
  });
});

describe('files', () => {
  let saved: [string, string, string | undefined][];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    saved = [];
    spy = jest.spyOn(download, 'downloadText').mockImplementation((name, text, type) => void saved.push([name, text, type]));
  });
  afterEach(() => spy.mockRestore());

  it.each([
    ['with the server’s byte-order mark kept', '\uFEFFWhen,Who\r\n'],
    ['with the byte-order mark the browser dropped put back', 'When,Who\r\n'],
  ])('the audit trail’s CSV, with the filters applied, %s', async (_name, answer) => {
    const h = adminHarness(() => ({ status: 200, data: answer }));
    h.dispatch(auditCsvRequested({ actor: 'ms.rivera' }));
    await settle();
    expect(h.calls()).toEqual([expect.objectContaining({ method: 'GET', path: '/admin/audit.csv', params: { actor: 'ms.rivera' } })]);
    expect(saved).toEqual([['audit-trail.csv', '\uFEFFWhen,Who\r\n', undefined]]);
  });

  it('a student’s data, as JSON named after them', async () => {
    const h = adminHarness(() => ({ status: 200, data: { user: { userName: 'tariq.baker' } } }));
    h.dispatch(studentDataExportRequested({ userId: 8, userName: 'tariq.baker' }));
    await settle();
    expect(h.calls()).toEqual([expect.objectContaining({ method: 'GET', path: '/admin/students/8/export' })]);
    expect(saved).toEqual([['tariq.baker-data.json', JSON.stringify({ user: { userName: 'tariq.baker' } }, null, 2), 'application/json;charset=utf-8']]);
  });

  it('that cannot be had: one error toast with the server’s words', async () => {
    const h = adminHarness(() => ({ status: 404, data: { message: 'No student with this id is at your school.' } }));
    h.dispatch(studentDataExportRequested({ userId: 8, userName: 'tariq.baker' }));
    await settle();
    expect(saved).toEqual([]);
    expect(selectPendingNotifications(h.state())).toEqual([expect.objectContaining({ severity: 'error', summary: 'The file could not be downloaded', detail: 'No student with this id is at your school.' })]);
  });
});
