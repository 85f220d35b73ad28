/**
 * The support submission saga on a real store with a fake server: success [S8.05],
 * failure [S8.04], a 401 in the middle of a submission, the appended details [S7.09] and the
 * recording upload; how the recorder follows the session (the minute kept before a request) and
 * the recording boxes.
 */
import { sessionRecorder } from '../../../../../src/client/features/support/recording/recorder';
import { supportSaga } from '../../../../../src/client/features/support/sagas';
import { recordingConsentChanged, supportPanelClosed, supportRequested, supportSubmitted, type SupportSubmittedPayload } from '../../../../../src/client/features/support/slice';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { identityLoaded, signedInState } from '../../../../../src/client/features/auth/slice';
import { HELP_OPENED_TAG, RECORDING_NOT_ATTACHED, SUPPORT_DETAILS_MARKER } from '../../../../../src/common/support';
import { harness, makeSession, NOW, settle } from '../harness';

const page = { url: 'http://localhost/app/catalog', origin: 'http://localhost', referrer: 'http://localhost/app', userAgent: 'TestAgent/1.0' };
const submission = (over: Partial<SupportSubmittedPayload> = {}): SupportSubmittedPayload => ({
  formId: 'panel',
  values: { name: 'Lena Learner', email: 'lena@example.edu', subject: 'Quiz broken', description: 'The quiz does not load.' },
  includeRecording: false,
  page,
  ...over,
});

const session = makeSession();
const signedIn = { auth: signedInState(session, NOW + 30 * 60_000) };

// rrweb needs a laid-out page: a stand-in whose custom events are watched
const rrwebCustomEvent = jest.fn();
jest.mock('rrweb', () => ({
  record: Object.assign(() => () => undefined, { addCustomEvent: (tag: string, payload: unknown) => rrwebCustomEvent(tag, payload) }),
}));

afterEach(() => {
  sessionRecorder.stop();
  sessionRecorder.clear();
});

describe('submitting a support request', () => {
  it('[S8.05] [S7.09] [S4.19] [S3.08] [S2.23] success: OneLook POST /whichway/support with the details, 30 s success toast bottom-centre, panel closed', async () => {
    const h = harness({
      preloadedState: signedIn,
      sagas: [supportSaga],
      routes: { 'POST /api/service': { status: 200, data: { issuekey: 'HELP-1042' } } },
    });
    h.store.dispatch(supportRequested());
    h.store.dispatch(supportSubmitted(submission()));
    await settle();

    expect(h.requests).toHaveLength(1);
    const body = h.requests[0]!.data as { service: string; method: string; path: string; payload: Record<string, string> };
    expect(body).toEqual(expect.objectContaining({ service: 'OneLook', method: 'POST', path: '/whichway/support' }));
    expect(Object.keys(body.payload).sort()).toEqual(['description', 'email', 'name', 'subject', 'url', 'useragent']);
    expect(body.payload).toEqual(
      expect.objectContaining({ name: 'Lena Learner', email: 'lena@example.edu', subject: 'Quiz broken', useragent: 'TestAgent/1.0', url: page.url }),
    );
    expect(body.payload.description).toBe(
      `The quiz does not load.${SUPPORT_DETAILS_MARKER}Name: Lena Learner\nE-mail: lena@example.edu\nUser name: learner\nPage: ${page.url}\nReferrer: ${page.referrer}\nUser agent: TestAgent/1.0\nSession recording: (not attached)`,
    );
    expect(h.requests[0]!.headers.Authorization).toBe(`Bearer ${session.token}`);

    const state = h.state();
    expect(state.support.panelOpen).toBe(false);
    expect(state.support.forms.panel).toEqual({ status: 'succeeded', error: null, lastIssueKey: 'HELP-1042', successCount: 1 });
    expect(state.notifications.pending).toEqual([
      expect.objectContaining({
        severity: 'success',
        summary: "Support ticket #HELP-1042 has been created. We'll be in touch shortly.",
        life: 30_000,
        position: 'support',
      }),
    ]);
  });

  it('[S8.04] failure: 20 s error toast "Sorry, your request could not be submitted", the panel stays open', async () => {
    const h = harness({
      preloadedState: signedIn,
      sagas: [supportSaga],
      routes: { 'POST /api/service': { status: 502, data: { message: 'The service is not available right now.' } } },
    });
    h.store.dispatch(supportRequested());
    h.store.dispatch(supportSubmitted(submission()));
    await settle();
    const state = h.state();
    expect(state.support.panelOpen).toBe(true);
    expect(state.support.forms.panel.status).toBe('failed');
    expect(state.support.forms.panel.error).toEqual(expect.objectContaining({ kind: 'server', status: 502 }));
    expect(state.notifications.pending).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'Sorry, your request could not be submitted', life: 20_000, position: 'support' }),
    ]);
  });

  it('[S8.04] a limit reached (429): the same failure toast, with the server\'s message (which limit, how long) as its detail', async () => {
    const message = 'You have sent 10 support requests in the last hour. Please try again in 12 minutes.';
    const h = harness({
      preloadedState: signedIn,
      sagas: [supportSaga],
      routes: { 'POST /api/service': { status: 429, data: { message }, headers: { 'retry-after': '720' } } },
    });
    h.store.dispatch(supportRequested());
    h.store.dispatch(supportSubmitted(submission()));
    await settle();
    const state = h.state();
    expect(state.support.panelOpen).toBe(true);
    expect(state.support.forms.panel.status).toBe('failed');
    expect(state.notifications.pending).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'Sorry, your request could not be submitted', detail: message, life: 20_000, position: 'support' }),
    ]);
  });

  it('[S8.01] a 401 mid-submit ends the session, shows the failure toast, and keeps the form (no clear) and the panel', async () => {
    const h = harness({
      preloadedState: signedIn,
      sagas: [supportSaga],
      routes: { 'POST /api/service': { status: 401, data: { message: 'Your session is not valid. Please sign in again.' } } },
    });
    h.store.dispatch(supportRequested());
    const clearBefore = h.state().support.clearCount;
    h.store.dispatch(supportSubmitted(submission()));
    await settle();
    expect(h.actions).toContain('auth:session:end');
    const state = h.state();
    expect(state.support.clearCount).toBe(clearBefore);
    expect(state.support.panelOpen).toBe(true);
    expect(state.support.forms.panel.status).toBe('failed');
    expect(state.support.forms.panel.error?.kind).toBe('unauthorized');
    expect(state.notifications.pending).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'Sorry, your request could not be submitted', life: 20_000 }),
    ]);
  });

  it('a sign-out that is not a refused submission clears the forms and closes the panel (shared computers)', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [supportSaga] });
    h.store.dispatch(supportRequested());
    const clearBefore = h.state().support.clearCount;
    h.store.dispatch({ type: 'auth:session:end', payload: { reason: 'signout' } });
    expect(h.state().support.clearCount).toBe(clearBefore + 1);
    expect(h.state().support.panelOpen).toBe(false);
  });

  it('signed out (/help): no Authorization header, "(not signed in)" in the details, an empty honeypot not sent', async () => {
    const h = harness({ sagas: [supportSaga], routes: { 'POST /api/service': { status: 200, data: { issuekey: 'HELP-7' } } } });
    h.store.dispatch(supportSubmitted(submission({ formId: 'page', honeypot: '' })));
    await settle();
    expect(h.requests[0]!.headers.Authorization).toBeUndefined();
    const payload = (h.requests[0]!.data as { payload: Record<string, string> }).payload;
    expect(payload.description).toContain('User name: (not signed in)');
    expect(payload).not.toHaveProperty('website');
    expect(h.state().support.forms.page.status).toBe('succeeded');
  });

  it('[S7.12] with the recording ticked: the replay link goes into the details, the buffer is uploaded with the one-time token, then forgotten', async () => {
    const h = harness({
      preloadedState: signedIn,
      sagas: [supportSaga],
      routes: {
        'POST /api/service': { status: 200, data: { issuekey: 'HELP-1043', uploadToken: 'tok' } },
        'POST /api/service/multipart': (req) => (req.data instanceof FormData ? { status: 200, data: { id: 'x', size: 10, truncated: false } } : { status: 400 }),
      },
    });
    sessionRecorder.add({ type: 4, timestamp: 1, data: { href: 'http://localhost/app' } });
    sessionRecorder.add({ type: 2, timestamp: 2, data: {} });
    h.store.dispatch(supportSubmitted(submission({ includeRecording: true })));
    await settle(10);
    const payload = (h.requests[0]!.data as { payload: Record<string, string> }).payload;
    expect(payload.recordingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.description).toContain(`Session recording: http://localhost/app/support/recordings/${payload.recordingId}`);
    expect(h.requests[1]!.url).toBe('/api/service/multipart');
    const form = h.requests[1]!.data as FormData;
    expect(JSON.parse(form.get('request') as string)).toEqual(
      expect.objectContaining({ method: 'POST', path: '/support/tickets/HELP-1043/recording', payload: { token: 'tok' } }),
    );
    expect(sessionRecorder.events()).toEqual([]);
    expect(h.state().support.forms.panel.status).toBe('succeeded');
  });

  it('a failed recording upload is logged; the ticket still counts as created', async () => {
    const h = harness({
      preloadedState: signedIn,
      sagas: [supportSaga],
      routes: {
        'POST /api/service': { status: 200, data: { issuekey: 'HELP-1044', uploadToken: 'tok' } },
        'POST /api/service/multipart': { status: 413, data: { message: 'The request is too large.' } },
      },
    });
    sessionRecorder.add({ type: 4, timestamp: 1 });
    h.store.dispatch(supportSubmitted(submission({ includeRecording: true })));
    await settle(10);
    expect(h.logger.warn).toHaveBeenCalledWith('The session recording could not be uploaded', expect.objectContaining({ status: 413 }));
    expect(h.state().notifications.pending[0]).toEqual(expect.objectContaining({ severity: 'success' }));
  });

  it('a recording refused for the hourly limit (429): the ticket stands, and a warning beside the success toast says why', async () => {
    const message = 'You have uploaded as much screen recording as allowed in an hour. Please try again in 50 minutes.';
    const h = harness({
      preloadedState: signedIn,
      sagas: [supportSaga],
      routes: {
        'POST /api/service': { status: 200, data: { issuekey: 'HELP-1045', uploadToken: 'tok' } },
        'POST /api/service/multipart': { status: 429, data: { message } },
      },
    });
    sessionRecorder.add({ type: 4, timestamp: 1 });
    h.store.dispatch(supportSubmitted(submission({ includeRecording: true })));
    await settle(10);
    expect(h.state().support.forms.panel.status).toBe('succeeded');
    expect(h.state().notifications.pending).toEqual([
      expect.objectContaining({ severity: 'success', summary: "Support ticket #HELP-1045 has been created. We'll be in touch shortly." }),
      expect.objectContaining({ severity: 'warn', summary: RECORDING_NOT_ATTACHED, detail: message, position: 'support' }),
    ]);
  });

  it('[S2.22] a second Submit while one is sending is ignored (takeLeading)', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [supportSaga], routes: { 'POST /api/service': { status: 200, data: { issuekey: 'HELP-1' } } } });
    h.store.dispatch(supportSubmitted(submission()));
    h.store.dispatch(supportSubmitted(submission()));
    await settle();
    expect(h.requests).toHaveLength(1);
  });
});

describe('the recorder follows the session and the boxes; only a ticked box sends anything', () => {
  let start: jest.SpyInstance;
  let stop: jest.SpyInstance;
  beforeEach(() => {
    // rrweb itself is a stand-in (it needs a laid-out page); the recorder around it is real
    start = jest.spyOn(sessionRecorder, 'start');
    stop = jest.spyOn(sessionRecorder, 'stop');
  });
  afterEach(() => {
    sessionRecorder.stop();
    start.mockRestore();
    stop.mockRestore();
    rrwebCustomEvent.mockClear();
  });
  // a student (the harness's session holds SUPPORT, whose pages are never buffered)
  const student = { auth: signedInState(makeSession({ permissions: [] }), NOW + 30 * 60_000) };
  const noBuffer = { auth: signedInState(makeSession({ permissions: [], helpBufferOff: true }), NOW + 30 * 60_000) };
  const event = (timestamp: number) => ({ type: 4, timestamp, data: { href: 'http://localhost/app', width: 1, height: 1 } });

  it('signed in: the last minute is buffered from when the area loads; ticking the box changes nothing in the tab', async () => {
    const h = harness({ preloadedState: student, sagas: [supportSaga] });
    await settle();
    expect(start).toHaveBeenCalledWith('buffer');
    expect(sessionRecorder.mode()).toBe('buffer');
    stop.mockClear();
    sessionRecorder.add(event(1));
    h.store.dispatch(recordingConsentChanged({ formId: 'panel', consent: true }));
    h.store.dispatch(recordingConsentChanged({ formId: 'panel', consent: false }));
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    expect(sessionRecorder.events()).toHaveLength(1);
  });

  it('Get Help opened marks the moment (once); minimized it stays held, closed unsent the buffer goes back to the last minute', async () => {
    const h = harness({ preloadedState: student, sagas: [supportSaga] });
    await settle();
    const release = jest.spyOn(sessionRecorder, 'release');
    h.store.dispatch(supportRequested());
    await settle();
    // rrweb waits for the student's first input, then an idle moment; the opening is marked then
    expect(rrwebCustomEvent).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settle();
    expect(rrwebCustomEvent).toHaveBeenCalledTimes(1);
    expect(rrwebCustomEvent).toHaveBeenCalledWith(HELP_OPENED_TAG, {});
    h.store.dispatch(supportPanelClosed({ minimized: true }));
    await settle();
    expect(release).not.toHaveBeenCalled();
    h.store.dispatch(supportPanelClosed());
    await settle();
    expect(release).toHaveBeenCalledTimes(1);
    release.mockRestore();
  });

  it('the school turned it off: nothing runs before a box is ticked; the tick starts it, an untick stops it and drops what it held', async () => {
    const h = harness({ preloadedState: noBuffer, sagas: [supportSaga] });
    h.store.dispatch(supportRequested());
    await settle();
    expect(start).not.toHaveBeenCalled();
    expect(rrwebCustomEvent).not.toHaveBeenCalled();
    h.store.dispatch(recordingConsentChanged({ formId: 'panel', consent: true }));
    await settle();
    expect(start).toHaveBeenCalledWith('tick');
    stop.mockClear();
    sessionRecorder.add(event(1));
    h.store.dispatch(recordingConsentChanged({ formId: 'panel', consent: false }));
    await settle();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(sessionRecorder.events()).toEqual([]);
  });

  it('the setting arriving with the identity (GET /api/auth/user) stops the buffer and forgets it', async () => {
    const h = harness({ preloadedState: student, sagas: [supportSaga] });
    await settle();
    sessionRecorder.add(event(1));
    h.store.dispatch(identityLoaded({ ...makeSession({ permissions: [], helpBufferOff: true }), token: undefined } as never));
    await settle();
    expect(sessionRecorder.mode()).toBe('off');
    expect(sessionRecorder.events()).toEqual([]);
  });

  it.each([
    ['signed out (/help)', {}],
    ['support staff (their pages replay other screens)', { auth: signedInState(makeSession({ permissions: ['SUPPORT'] }), NOW + 30 * 60_000) }],
  ])('%s: no buffer, only from a tick', async (_who, preloadedState) => {
    harness({ preloadedState, sagas: [supportSaga] });
    await settle();
    expect(start).not.toHaveBeenCalled();
  });

  it('a sent ticket: buffering, the minute is forgotten and starts afresh; recording from the tick, the box unticks and the recorder stops', async () => {
    const routes = {
      'POST /api/service': { status: 200, data: { issuekey: 'HELP-1045', uploadToken: 'tok' } },
      'POST /api/service/multipart': { status: 200, data: { id: 'x', size: 10, truncated: false } },
    };
    const restart = jest.spyOn(sessionRecorder, 'restart');
    const h = harness({ preloadedState: student, sagas: [supportSaga], routes });
    await settle();
    h.store.dispatch(recordingConsentChanged({ formId: 'panel', consent: true }));
    sessionRecorder.add(event(1));
    h.store.dispatch(supportSubmitted(submission({ includeRecording: true })));
    await settle(10);
    expect(h.requests.map((r) => r.url)).toEqual(['/api/service', '/api/service/multipart']);
    expect(h.state().support.recordingConsent.panel).toBe(false);
    expect(restart).toHaveBeenCalledTimes(1);
    expect(sessionRecorder.mode()).toBe('buffer');
    expect(sessionRecorder.events()).toEqual([]);
    restart.mockRestore();
    sessionRecorder.stop();

    const t = harness({ preloadedState: noBuffer, sagas: [supportSaga], routes });
    t.store.dispatch(recordingConsentChanged({ formId: 'panel', consent: true }));
    await settle();
    sessionRecorder.add(event(1));
    t.store.dispatch(supportSubmitted(submission({ includeRecording: true })));
    await settle(10);
    expect(t.state().support.recordingConsent.panel).toBe(false);
    expect(sessionRecorder.mode()).toBe('off');
    expect(sessionRecorder.events()).toEqual([]);
  });

  it('unticked, a ticket carries no recording although the tab buffered the minute before', async () => {
    const h = harness({ preloadedState: student, sagas: [supportSaga], routes: { 'POST /api/service': { status: 200, data: { issuekey: 'HELP-1046', uploadToken: 'tok' } } } });
    await settle();
    sessionRecorder.add(event(1));
    h.store.dispatch(supportSubmitted(submission({ includeRecording: false })));
    await settle(10);
    expect(h.requests).toHaveLength(1);
    const payload = (h.requests[0]!.data as { payload: Record<string, string> }).payload;
    expect(payload).not.toHaveProperty('recordingId');
    expect(payload.description).toContain('Session recording: (not attached)');
    // and the minute is gone with the request
    expect(sessionRecorder.events()).toEqual([]);
  });

  it('the end of a session unticks every box, stops the recorder and forgets the buffer (shared computers)', async () => {
    const h = harness({ preloadedState: student, sagas: [supportSaga] });
    await settle();
    h.store.dispatch(recordingConsentChanged({ formId: 'page', consent: true }));
    sessionRecorder.add(event(1));
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    await settle();
    expect(h.state().support.recordingConsent).toEqual({ panel: false, page: false });
    expect(stop).toHaveBeenCalled();
    expect(sessionRecorder.mode()).toBe('off');
    expect(sessionRecorder.events()).toEqual([]);
  });
});
