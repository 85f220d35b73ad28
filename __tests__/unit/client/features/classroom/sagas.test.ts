/**
 * The classroom's sagas on a real store with a fake OneLook: the dashboard's polling on a virtual
 * clock (its cadence, stopping when the page is left, the tab hidden or the session ended, resuming
 * on return), and a teacher's changes (the call each makes, what comes back into the state).
 */
import { CLASSROOM_PATHS, type ClassDashboard } from '../../../../../src/common/classroom';
import { injectAreaReducers } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { classroomArea } from '../../../../../src/client/features/classroom/area';
import { DASHBOARD_POLL_MS } from '../../../../../src/client/features/classroom/model';
import { classroomSaga } from '../../../../../src/client/features/classroom/sagas';
import { changeRequested, dashboardLoaded, dashboardUnwatched, dashboardWatched, gradebookRequested } from '../../../../../src/client/features/classroom/slice';
import * as download from '../../../../../src/client/lib/download';
import { selectPendingNotifications } from '../../../../../src/client/features/notifications';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { harness, makeSession, NOW, settle, type FakeAnswer, type RecordedRequest } from '../harness';

injectAreaReducers(classroomArea);

const session = makeSession({ permissions: ['TEACHER'] });
const signedIn = { auth: signedInState(session, NOW + 30 * 60_000) };

const grid = (classId: number, generatedAt: number): ClassDashboard => ({ classId, name: `Class ${classId}`, assignments: [], students: [], generatedAt });

function serve(answer: (req: { method: string; path: string; payload: unknown }) => FakeAnswer) {
  return {
    'POST /api/service': (req: RecordedRequest): FakeAnswer => {
      const body = req.data as { method: string; path: string; payload?: unknown };
      return answer({ method: body.method, path: body.path, payload: body.payload });
    },
  };
}

function pollingHarness(answer?: (path: string) => FakeAnswer) {
  const clock = new VirtualClock(NOW);
  const h = harness({
    preloadedState: signedIn,
    sagas: [classroomSaga],
    clock: clock.now,
    delay: clock.delay,
    routes: serve(({ path }) => answer?.(path) ?? { status: 200, data: grid(Number(path.split('/')[2]), clock.now()) }),
  });
  const dashboardCalls = () => h.requests.filter((r) => (r.data as { path: string }).path.endsWith('/dashboard'));
  /** moves the virtual clock `ms` ahead, a poll period at a time, letting the answers arrive */
  const advance = async (ms: number) => {
    for (let step = 0; step < ms; step += 1_000) {
      clock.advanceTo(clock.now() + Math.min(1_000, ms - step));
      await settle();
    }
  };
  return { ...h, clock, dashboardCalls, advance };
}

describe('the dashboard polls while watched', () => {
  it('asks at once, then every DASHBOARD_POLL_MS (at most 10 s apart), keeping each answer', async () => {
    expect(DASHBOARD_POLL_MS).toBeLessThanOrEqual(10_000);
    const h = pollingHarness();
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    await settle();
    expect(h.dashboardCalls()).toHaveLength(1);
    expect(h.dashboardCalls()[0]!.data).toEqual(expect.objectContaining({ service: 'OneLook', method: 'GET', path: CLASSROOM_PATHS.dashboard(4) }));
    await h.advance(DASHBOARD_POLL_MS * 3);
    expect(h.dashboardCalls()).toHaveLength(4);
    expect(h.state().classroom.dashboard).toEqual(expect.objectContaining({ status: 'succeeded', data: grid(4, NOW + DASHBOARD_POLL_MS * 3) }));
  });

  it('stops when the page is left or the tab hidden, and starts again on return', async () => {
    const h = pollingHarness();
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    await settle();
    await h.advance(DASHBOARD_POLL_MS);
    expect(h.dashboardCalls()).toHaveLength(2);
    h.store.dispatch(dashboardUnwatched());
    await h.advance(DASHBOARD_POLL_MS * 10);
    expect(h.dashboardCalls()).toHaveLength(2);
    expect(h.clock.pendingTimers).toBe(0);
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    await settle();
    expect(h.dashboardCalls()).toHaveLength(3);
  });

  it('follows the class last watched, one loop at a time', async () => {
    const h = pollingHarness();
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    h.store.dispatch(dashboardWatched({ classId: 5 }));
    await settle();
    await h.advance(DASHBOARD_POLL_MS * 2);
    const paths = h.dashboardCalls().map((r) => (r.data as { path: string }).path);
    expect(paths.filter((p) => p === CLASSROOM_PATHS.dashboard(5))).toHaveLength(3);
    expect(paths.filter((p) => p === CLASSROOM_PATHS.dashboard(4)).length).toBeLessThanOrEqual(1);
  });

  it('stops when the session ends (a shared computer keeps nothing)', async () => {
    const h = pollingHarness();
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    await settle();
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    await h.advance(DASHBOARD_POLL_MS * 5);
    expect(h.dashboardCalls()).toHaveLength(1);
    expect(h.state().classroom.dashboard.data).toBeNull();
  });

  it('keeps the last answer when a poll fails, says so, and tries again', async () => {
    let fail = false;
    const h = pollingHarness(() => (fail ? { status: 503, data: { message: 'Try again later.' } } : { status: 200, data: grid(4, NOW) }));
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    await settle();
    fail = true;
    await h.advance(DASHBOARD_POLL_MS);
    expect(h.state().classroom.dashboard).toEqual(expect.objectContaining({ data: grid(4, NOW), refreshError: { kind: 'server', status: 503, message: 'Try again later.' } }));
    fail = false;
    await h.advance(DASHBOARD_POLL_MS);
    expect(h.dashboardCalls()).toHaveLength(3);
    expect(h.state().classroom.dashboard.refreshError).toBeNull();
  });

  it('names the shown grid’s ETag: a 304 keeps the grid and moves its time to the answer’s Date; a changed grid replaces it', async () => {
    const clock = new VirtualClock(NOW);
    let version = 1;
    const seen: (string | null)[] = [];
    const h = harness({
      preloadedState: signedIn,
      sagas: [classroomSaga],
      clock: clock.now,
      delay: clock.delay,
      routes: {
        'POST /api/service': (req: RecordedRequest): FakeAnswer => {
          const sent = Object.entries(req.headers).find(([name]) => name.toLowerCase() === 'if-none-match')?.[1] ?? null;
          seen.push(sent);
          const etag = `W/"v${version}"`;
          if (sent === etag) return { status: 304, headers: { etag, date: new Date(clock.now()).toUTCString() } };
          return { status: 200, data: { ...grid(4, clock.now()), name: `Version ${version}` }, headers: { etag } };
        },
      },
    });
    const advance = async (ms: number) => {
      clock.advanceTo(clock.now() + ms);
      await settle();
    };
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    await settle();
    await advance(DASHBOARD_POLL_MS);
    expect(seen).toEqual([null, 'W/"v1"']);
    // the Date header has whole seconds
    expect(h.state().classroom.dashboard).toEqual(
      expect.objectContaining({ status: 'succeeded', etag: 'W/"v1"', data: { ...grid(4, Math.floor((NOW + DASHBOARD_POLL_MS) / 1000) * 1000), name: 'Version 1' } }),
    );
    version = 2;
    await advance(DASHBOARD_POLL_MS);
    expect(seen).toEqual([null, 'W/"v1"', 'W/"v1"']);
    expect(h.state().classroom.dashboard).toEqual(expect.objectContaining({ etag: 'W/"v2"', data: { ...grid(4, NOW + DASHBOARD_POLL_MS * 2), name: 'Version 2' } }));
    // a grid loaded by something else than a poll has no tag: the next poll asks for all of it
    h.store.dispatch(dashboardLoaded({ ...grid(4, clock.now()), name: 'From a change' }));
    await advance(DASHBOARD_POLL_MS);
    expect(seen.at(-1)).toBeNull();
    expect(h.state().classroom.dashboard.data?.name).toBe('Version 2');
  });

  it('stops asking when the class is not the teacher’s (403) or not there (404)', async () => {
    const h = pollingHarness(() => ({ status: 404, data: { message: 'No such class.' } }));
    h.store.dispatch(dashboardWatched({ classId: 4 }));
    await h.advance(DASHBOARD_POLL_MS * 4);
    expect(h.dashboardCalls()).toHaveLength(1);
    expect(h.state().classroom.dashboard).toEqual(expect.objectContaining({ status: 'failed', error: { kind: 'client', status: 404, message: 'No such class.' } }));
  });
});

describe('a teacher’s changes', () => {
  const cases = [
    { change: { kind: 'create', name: 'Period 7' }, method: 'POST', path: '/classes', payload: { name: 'Period 7' } },
    { change: { kind: 'rename', classId: 3, name: 'P7' }, method: 'PATCH', path: '/classes/3', payload: { name: 'P7' } },
    { change: { kind: 'archive', classId: 3, archived: true }, method: 'PATCH', path: '/classes/3', payload: { archived: true } },
    { change: { kind: 'newJoinCode', classId: 3 }, method: 'POST', path: '/classes/3/join-code' },
    { change: { kind: 'addTeacher', classId: 3, userName: 'mr.b' }, method: 'POST', path: '/classes/3/teachers', payload: { userName: 'mr.b' } },
    { change: { kind: 'removeTeacher', classId: 3, userId: 8 }, method: 'DELETE', path: '/classes/3/teachers/8' },
    {
      change: { kind: 'assign', classId: 3, input: { kind: 'review', moduleSlug: 'm', materialSlug: 'x', dueDate: '2026-12-01', maxAttempts: 2 } },
      method: 'POST',
      path: '/classes/3/assignments',
      payload: { kind: 'review', moduleSlug: 'm', materialSlug: 'x', dueDate: '2026-12-01', maxAttempts: 2 },
    },
    { change: { kind: 'editAssignment', classId: 3, assignmentId: 6, input: { dueDate: null } }, method: 'PATCH', path: '/classes/3/assignments/6', payload: { dueDate: null } },
    { change: { kind: 'withdraw', classId: 3, assignmentId: 6 }, method: 'DELETE', path: '/classes/3/assignments/6' },
    { change: { kind: 'comment', classId: 3, userId: 8, turnInId: 11, body: 'Nice work' }, method: 'POST', path: '/classes/3/turn-ins/11/comments', payload: { body: 'Nice work' } },
    { change: { kind: 'endSessions', classId: 3, userId: 8 }, method: 'POST', path: '/classes/3/students/8/end-sessions' },
    { change: { kind: 'temporaryPassword', classId: 3, userId: 8 }, method: 'POST', path: '/classes/3/students/8/temporary-password' },
    { change: { kind: 'reteach', classId: 3, assignmentId: 6, questionId: 41 }, method: 'POST', path: '/classes/3/assignments/6/reteach', payload: { questionId: 41 } },
    { change: { kind: 'review', classId: 3, turnInId: 11, input: { score: 85, comment: 'Nice' } }, method: 'PUT', path: '/classes/3/turn-ins/11/review', payload: { score: 85, comment: 'Nice' } },
    { change: { kind: 'returnWork', classId: 3, turnInId: 11 }, method: 'POST', path: '/classes/3/turn-ins/11/return' },
  ] as const;

  it.each(cases)('$change.kind: $method $path', async ({ change, method, path, ...rest }) => {
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(() => ({ status: 200, data: { password: 'tulip-river-42' } })) });
    h.store.dispatch(changeRequested(change));
    await settle();
    expect(h.requests[0]!.data).toEqual(expect.objectContaining({ service: 'OneLook', method, path, ...('payload' in rest ? { payload: rest.payload } : {}) }));
    expect(h.state().classroom.change).toEqual(expect.objectContaining({ status: 'succeeded', kind: change.kind, successCount: 1 }));
  });

  it('returning work with an unsaved score saves it first, then returns it, then reads the inbox again', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(({ path }) => ({ status: 200, data: path.endsWith('/inbox') ? { classId: 3, name: 'P3', items: [] } : {} })) });
    h.store.dispatch(changeRequested({ kind: 'returnWork', classId: 3, turnInId: 11, input: { score: 'complete', comment: null } }));
    await settle();
    expect(h.requests.map((r) => (r.data as { method: string; path: string }).method + ' ' + (r.data as { path: string }).path)).toEqual([
      'PUT /classes/3/turn-ins/11/review',
      'POST /classes/3/turn-ins/11/return',
      'GET /classes/3/inbox',
    ]);
    expect(h.state().classroom.inbox.data).toEqual({ classId: 3, name: 'P3', items: [] });
  });

  it('keeps a temporary password to show once', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(() => ({ status: 200, data: { password: 'tulip-river-42' } })) });
    h.store.dispatch(changeRequested({ kind: 'temporaryPassword', classId: 3, userId: 8 }));
    await settle();
    expect(h.state().classroom.temporaryPassword).toEqual({ userId: 8, password: 'tulip-river-42' });
  });

  it('a re-teach says what went to whom, in the server’s words, and reads what the class got wrong again', async () => {
    const message = 'Assigned “Needs and Wants” and a re-review to the 2 students who missed it.';
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(() => ({ status: 201, data: { message, assignments: [], students: [] } })) });
    h.store.dispatch(changeRequested({ kind: 'reteach', classId: 3, assignmentId: 6, questionId: 41 }));
    await settle();
    expect(selectPendingNotifications(h.state())).toEqual([expect.objectContaining({ severity: 'success', summary: message })]);
    expect(h.requests.map((r) => (r.data as { path: string }).path)).toEqual(['/classes/3/assignments/6/reteach', '/classes/3/assignments/6/questions']);
  });

  it('keeps a refusal with its message, for the dialog to show', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(() => ({ status: 400, data: { message: 'A class with that name already exists.' } })) });
    h.store.dispatch(changeRequested({ kind: 'create', name: 'Period 2' }));
    await settle();
    expect(h.state().classroom.change).toEqual(expect.objectContaining({ status: 'failed', kind: 'create', error: { kind: 'client', status: 400, message: 'A class with that name already exists.' } }));
  });
});

describe('the gradebook', () => {
  it.each([
    ['with the server’s byte-order mark kept', '\uFEFFStudent,Score\r\n'],
    ['with the byte-order mark the browser dropped put back', 'Student,Score\r\n'],
  ])('is saved as a CSV file named after the class and the day, %s', async (_name, answer) => {
    const saved: [string, string][] = [];
    const spy = jest.spyOn(download, 'downloadText').mockImplementation((file, text) => void saved.push([file, text]));
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(() => ({ status: 200, data: answer })) });
    h.store.dispatch(gradebookRequested({ classId: 4, className: 'Personal Finance — Period 2' }));
    await settle();
    expect(h.requests[0]!.data).toEqual(expect.objectContaining({ method: 'GET', path: '/classes/4/gradebook.csv' }));
    expect(saved).toEqual([[`Personal-Finance-Period-2-gradebook-${new Date(NOW).toISOString().slice(0, 10)}.csv`, '\uFEFFStudent,Score\r\n']]);
    expect(h.state().classroom.gradebook.status).toBe('succeeded');
    spy.mockRestore();
  });

  it('asks for the teacher’s mark for missing work', async () => {
    const spy = jest.spyOn(download, 'downloadText').mockImplementation(() => undefined);
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(() => ({ status: 200, data: 'Last name\r\n' })) });
    h.store.dispatch(gradebookRequested({ classId: 4, className: 'Period 2', missing: 'blank' }));
    await settle();
    expect(h.requests[0]!.data).toEqual(expect.objectContaining({ method: 'GET', path: '/classes/4/gradebook.csv', params: { missing: 'blank' } }));
    spy.mockRestore();
  });

  it('that cannot be had: one error toast with the server’s words, through the notification bridge', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [classroomSaga], routes: serve(() => ({ status: 403, data: { message: 'You do not teach this class.' } })) });
    h.store.dispatch(gradebookRequested({ classId: 4, className: 'Personal Finance — Period 2' }));
    await settle();
    expect(h.state().classroom.gradebook.status).toBe('failed');
    expect(selectPendingNotifications(h.state())).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'The gradebook could not be downloaded', detail: 'You do not teach this class.' }),
    ]);
  });
});
