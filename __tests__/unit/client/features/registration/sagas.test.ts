/** Registration sagas, one per step: requests made, state, storage and navigation (outcomes, not effect order). */
import { ACCOUNT_MESSAGES, type RegistrationRecordView } from '../../../../../src/common/accounts';
import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { RECORD_KEY_PREFIX, registrationSaga, USER_NAME_CHECK_DELAY_MS } from '../../../../../src/client/features/registration/sagas';
import {
  codePreviewCleared,
  codePreviewRequested,
  codeSubmitted,
  verificationSkipped,
  invitationEmailSubmitted,
  passwordSubmitted,
  recordOpened,
  stepSubmitted,
  userNameTyped,
  verificationSendRequested,
  verificationSubmitted,
} from '../../../../../src/client/features/registration/slice';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { harness, makeSession, NOW, serviceProxy, settle, type RecordedRequest } from '../harness';

const record = (overrides: Partial<RegistrationRecordView> = {}): RegistrationRecordView => ({
  id: 7,
  invitationId: 3,
  step: 'name',
  schoolName: 'Maple Middle School',
  productName: 'Cashwise Financial Literacy',
  requiresExternalId: false,
  externalIdLabel: null,
  firstName: null,
  lastName: null,
  externalId: null,
  termsAccepted: false,
  email: null,
  emailLocked: false,
  emailVerified: false,
  userName: null,
  resendInSeconds: 0,
  emailOptional: false,
  emailSkipped: false,
  ...overrides,
});

const payloads = (requests: RecordedRequest[]) => requests.map((r) => r.data as { method: string; path: string; payload?: Record<string, unknown> });
const REF = { invitationId: 3, recordId: 7 };

describe('registration sagas', () => {
  it('code: starts a record, keeps its key in local storage, goes to the name step', async () => {
    const h = harness({
      routes: serviceProxy({ 'POST /registration/code': () => ({ status: 200, data: { ...REF, key: 'K1', record: record() } }) }),
      sagas: [registrationSaga],
    });
    h.store.dispatch(codeSubmitted({ code: 'abcd-efgh-jkmn' }));
    await settle();
    expect(payloads(h.requests)[0]).toMatchObject({ service: 'OneLook', method: 'POST', path: '/registration/code', payload: { code: 'abcd-efgh-jkmn' } });
    expect(h.storage.getItem(`${RECORD_KEY_PREFIX}7`)).toBe('K1');
    expect(h.state().registration).toMatchObject({ status: 'succeeded', record: { id: 7, step: 'name' } });
    expect(h.navigate).toHaveBeenCalledWith('/register/3/record/7/name', undefined);
  });

  it('code: a refused code is kept as a typed error with its message', async () => {
    const h = harness({
      routes: serviceProxy({ 'POST /registration/code': () => ({ status: 410, data: { message: 'That access code has expired. Ask your teacher for a new one.' } }) }),
      sagas: [registrationSaga],
    });
    h.store.dispatch(codeSubmitted({ code: 'OLD' }));
    await settle();
    expect(h.state().registration).toMatchObject({ status: 'failed', error: { status: 410, message: 'That access code has expired. Ask your teacher for a new one.' } });
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('preview: asks what the code leads to and keeps it with the code; nothing is started', async () => {
    const preview = { schoolName: 'Lincoln High School', productName: 'Cashwise Financial Literacy', className: 'Period 2', teachers: ['Dana Rivera'], emailOptional: true };
    const h = harness({ routes: serviceProxy({ 'POST /registration/code/preview': () => ({ status: 200, data: preview }) }), sagas: [registrationSaga] });
    h.store.dispatch(codePreviewRequested({ code: 'abcd-efgh-jkmn' }));
    await settle();
    expect(payloads(h.requests)).toEqual([expect.objectContaining({ path: '/registration/code/preview', payload: { code: 'abcd-efgh-jkmn' } })]);
    expect(h.state().registration).toMatchObject({ status: 'succeeded', preview: { ...preview, code: 'abcd-efgh-jkmn' }, record: null });
    expect(h.navigate).not.toHaveBeenCalled();
    h.store.dispatch(codePreviewCleared());
    expect(h.state().registration.preview).toBeNull();
  });

  it('preview: an unknown code is kept as the error, with no preview', async () => {
    const h = harness({ routes: serviceProxy({ 'POST /registration/code/preview': () => ({ status: 404, data: { message: ACCOUNT_MESSAGES.accessCodeNotFound } }) }), sagas: [registrationSaga] });
    h.store.dispatch(codePreviewRequested({ code: 'NOPE' }));
    await settle();
    expect(h.state().registration).toMatchObject({ status: 'failed', preview: null, error: { status: 404, message: ACCOUNT_MESSAGES.accessCodeNotFound } });
  });

  it('no e-mail: the skip is sent with the key and the student goes to the next step', async () => {
    const h = harness({
      routes: serviceProxy({ 'POST /registration/3/records/7/verify/skip': () => ({ status: 200, data: record({ step: 'username', emailOptional: true, emailSkipped: true }) }) }),
      sagas: [registrationSaga],
    });
    h.storage.setItem(`${RECORD_KEY_PREFIX}7`, 'K7');
    h.store.dispatch(verificationSkipped(REF));
    await settle();
    expect(payloads(h.requests)[0]).toMatchObject({ method: 'POST', path: '/registration/3/records/7/verify/skip', payload: { key: 'K7' } });
    expect(h.navigate).toHaveBeenCalledWith('/register/3/record/7/username', undefined);
  });

  it('invitation: sends the token and e-mail', async () => {
    const h = harness({
      routes: serviceProxy({ 'POST /registration/invitations/3': () => ({ status: 200, data: { ...REF, key: 'K2', record: record({ emailLocked: true }) } }) }),
      sagas: [registrationSaga],
    });
    h.store.dispatch(invitationEmailSubmitted({ invitationId: 3, token: 'T', email: 'a@b.cd' }));
    await settle();
    expect(payloads(h.requests)[0]?.payload).toEqual({ token: 'T', email: 'a@b.cd' });
    expect(h.storage.getItem(`${RECORD_KEY_PREFIX}7`)).toBe('K2');
  });

  it('resume: opening a record reads the key from storage; a key in the address replaces it', async () => {
    const h = harness({ routes: serviceProxy({ 'POST /registration/3/records/7': () => ({ status: 200, data: record({ step: 'terms' }) }) }), sagas: [registrationSaga] });
    h.storage.setItem(`${RECORD_KEY_PREFIX}7`, 'STORED');
    h.store.dispatch(recordOpened(REF));
    await settle();
    expect(payloads(h.requests)[0]?.payload).toEqual({ key: 'STORED' });
    expect(h.state().registration.record?.step).toBe('terms');
    h.store.dispatch(recordOpened({ ...REF, key: 'FROMMAIL' }));
    await settle();
    expect(payloads(h.requests)[1]?.payload).toEqual({ key: 'FROMMAIL' });
    expect(h.storage.getItem(`${RECORD_KEY_PREFIX}7`)).toBe('FROMMAIL');
  });

  it('open without a stored key (another computer, cleared storage): no request, a message that says what to do', async () => {
    const h = harness({ routes: serviceProxy({}), sagas: [registrationSaga] });
    h.store.dispatch(recordOpened(REF));
    await settle();
    expect(h.requests).toHaveLength(0);
    expect(h.state().registration).toMatchObject({ status: 'failed', error: { message: ACCOUNT_MESSAGES.recordKeyMissing } });
    expect(ACCOUNT_MESSAGES.recordKeyMissing).toMatch(/class code/);
    expect(ACCOUNT_MESSAGES.recordKeyMissing).toMatch(/invitation link/);
  });

  it.each([
    ['finished elsewhere (step done)', { status: 200, data: record({ step: 'done' }) }],
    ['expired or unknown (404)', { status: 404, data: { message: ACCOUNT_MESSAGES.recordInvalid } }],
  ] as const)('open: a record %s forgets its key', async (_name, answer) => {
    const h = harness({ routes: serviceProxy({ 'POST /registration/3/records/7': () => answer }), sagas: [registrationSaga] });
    h.storage.setItem(`${RECORD_KEY_PREFIX}7`, 'K');
    h.store.dispatch(recordOpened(REF));
    await settle();
    expect(h.requests).toHaveLength(1);
    expect(h.storage.getItem(`${RECORD_KEY_PREFIX}7`)).toBeNull();
  });

  it('open: a network failure keeps the key (the student can try again)', async () => {
    const h = harness({ routes: serviceProxy({ 'POST /registration/3/records/7': () => 'network' }), sagas: [registrationSaga] });
    h.storage.setItem(`${RECORD_KEY_PREFIX}7`, 'K');
    h.store.dispatch(recordOpened(REF));
    await settle();
    expect(h.storage.getItem(`${RECORD_KEY_PREFIX}7`)).toBe('K');
  });

  it.each([
    ['name', { firstName: 'A', lastName: 'B' }, 'terms'],
    ['externalid', { externalId: 'S-1' }, 'terms'],
    ['terms', { accepted: true }, 'verify'],
    ['username', { userName: 'nora.n' }, 'password'],
  ] as const)('step %s: PUT with the key, then the record’s next step', async (step, values, next) => {
    const h = harness({
      routes: serviceProxy({ [`PUT /registration/3/records/7/${step}`]: () => ({ status: 200, data: record({ step: next }) }) }),
      sagas: [registrationSaga],
    });
    h.storage.setItem(`${RECORD_KEY_PREFIX}7`, 'K');
    h.store.dispatch(stepSubmitted({ ...REF, step, values }));
    await settle();
    expect(payloads(h.requests)[0]).toMatchObject({ method: 'PUT', path: `/registration/3/records/7/${step}`, payload: { ...values, key: 'K' } });
    expect(h.navigate).toHaveBeenCalledWith(`/register/3/record/7/${next}`, undefined);
  });

  it('verify: sending keeps the notice and otid; a wrong code stays on the page with the message', async () => {
    const h = harness({
      routes: serviceProxy({
        'POST /registration/3/records/7/verify/send': () => ({ status: 200, data: { otid: 11, message: 'We sent a 6-digit code to your e-mail.', record: record({ step: 'verify', resendInSeconds: 60 }) } }),
        'POST /registration/3/records/7/verify': (p) =>
          p.code === '123456' ? { status: 200, data: record({ step: 'username', emailVerified: true }) } : { status: 400, data: { message: 'That code is not right. Check the e-mail and try again.' } },
      }),
      sagas: [registrationSaga],
    });
    h.store.dispatch(verificationSendRequested({ ...REF, email: 'a@b.cd' }));
    await settle();
    expect(h.state().registration).toMatchObject({ otid: 11, notice: 'We sent a 6-digit code to your e-mail.' });
    h.store.dispatch(verificationSubmitted({ ...REF, code: '000000', otid: 11 }));
    await settle();
    expect(h.state().registration.error?.message).toBe('That code is not right. Check the e-mail and try again.');
    expect(h.navigate).not.toHaveBeenCalled();
    h.store.dispatch(verificationSubmitted({ ...REF, code: '123456', otid: 11 }));
    await settle();
    expect(payloads(h.requests)[2]?.payload).toMatchObject({ code: '123456', otid: 11 });
    expect(h.navigate).toHaveBeenCalledWith('/register/3/record/7/username', { replace: true });
  });

  // The pause is the saga context's wait: a virtual clock moves only when the test says.
  it('user name: asks after a pause, the newest name wins', async () => {
    const clock = new VirtualClock(NOW);
    const h = harness({
      routes: serviceProxy({ 'POST /registration/usernames/available': (p) => ({ status: 200, data: p.userName === 'learner' ? { available: false, message: 'That user name is taken. Please choose another.' } : { available: true } }) }),
      sagas: [registrationSaga],
      clock: clock.now,
      delay: clock.delay,
    });
    h.store.dispatch(userNameTyped({ userName: 'learn' }));
    h.store.dispatch(userNameTyped({ userName: 'learner' }));
    expect(h.state().registration.userNameCheck.status).toBe('checking');
    clock.advanceTo(NOW + USER_NAME_CHECK_DELAY_MS - 1);
    await settle();
    expect(h.requests).toHaveLength(0); // still the pause
    clock.advanceTo(NOW + USER_NAME_CHECK_DELAY_MS);
    await settle();
    expect(h.requests).toHaveLength(1);
    expect(h.state().registration.userNameCheck).toEqual({ userName: 'learner', status: 'taken', message: 'That user name is taken. Please choose another.' });
  });

  it('user name: a name the rules refuse is not asked about (the form explains the rule)', async () => {
    const clock = new VirtualClock(NOW);
    const h = harness({
      routes: serviceProxy({ 'POST /registration/usernames/available': () => ({ status: 200, data: { available: false, message: 'A user name has 4 to 30 characters' } }) }),
      sagas: [registrationSaga],
      clock: clock.now,
      delay: clock.delay,
    });
    h.store.dispatch(userNameTyped({ userName: 'qu' }));
    expect(h.state().registration.userNameCheck.status).toBe('idle');
    clock.advanceTo(NOW + USER_NAME_CHECK_DELAY_MS + 10);
    await settle();
    expect(h.requests).toHaveLength(0);
    expect(h.state().registration.userNameCheck).toEqual({ userName: 'qu', status: 'idle', message: null });
  });

  it('password: the session is stored and started exactly like a sign-in (auth:session:start → /app)', async () => {
    const session = makeSession();
    const h = harness({
      routes: serviceProxy({ 'POST /registration/3/records/7/password': () => ({ status: 200, data: { body: session } }) }),
      sagas: [registrationSaga, authSaga],
    });
    h.storage.setItem(`${RECORD_KEY_PREFIX}7`, 'K');
    h.store.dispatch(passwordSubmitted({ ...REF, password: 'maple leaves in autumn' }));
    await settle();
    expect(h.stored()).toEqual(session);
    expect(h.state().auth).toMatchObject({ authenticated: true, session });
    expect(h.actions).toEqual(expect.arrayContaining(['auth/signInSucceeded', 'auth:session:start', 'auth:ready']));
    expect(h.navigate).toHaveBeenCalledWith('/app', { replace: true });
    expect(h.storage.getItem(`${RECORD_KEY_PREFIX}7`)).toBeNull();
    expect(h.state().registration.record).toBeNull();
  });

  it('password: a refusal keeps the learner signed out with the message', async () => {
    const h = harness({
      routes: serviceProxy({ 'POST /registration/3/records/7/password': () => ({ status: 400, data: { message: 'This password is too common and easy to guess. Please choose another.' } }) }),
      sagas: [registrationSaga, authSaga],
    });
    h.store.dispatch(passwordSubmitted({ ...REF, password: 'password1' }));
    await settle();
    expect(h.state().auth.authenticated).toBe(false);
    expect(h.state().registration.error?.message).toMatch(/too common/);
  });
});
