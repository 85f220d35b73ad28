/** The language saga: a choice is spoken and kept; signed in, it is saved in the profile; the profile's language follows the person. */
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { Language } from '../../../../../src/common/language';
import type { User } from '../../../../../src/common/types';
import { callService } from '../../../../../src/client/api/apiSaga';
import { createMemoryStorage, getLogger, getStorage } from '../../../../../src/client/app/sagaContext';
import { authReady, profileUpdated } from '../../../../../src/client/features/auth';
import { languageChosen, languageSaga, languageSpoken, LANGUAGE_STORAGE_KEY } from '../../../../../src/client/features/language';
import { activateLanguage, activeLanguage } from '../../../../../src/client/i18n';

const user = (language?: Language): User => ({
  id: 7,
  firstName: 'Maya',
  lastName: 'J.',
  userName: 'maya',
  userEmail: 'maya@example.edu',
  timezone: 'America/Chicago',
  ...(language ? { language } : {}),
});
const stateWith = (u: User | null) => ({ auth: { session: u ? { token: 't', user: u, clients: [], permissions: [] } : null } });
const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

afterEach(() => activateLanguage('en'));

/** The saga over `state`; redux-saga-test-plan keeps only the last `provide`, so the service's answer comes here. */
function run(state: ReturnType<typeof stateWith>, storage = createMemoryStorage(), service: unknown = undefined) {
  return expectSaga(languageSaga)
    .withState(state)
    .provide([
      [matchers.call.fn(getStorage), storage],
      [matchers.call.fn(getLogger), logger],
      [matchers.call.fn(callService), service],
    ]);
}

it('signed out: speaks the choice and keeps it on this computer, saves nothing yet', async () => {
  const storage = createMemoryStorage();
  await run(stateWith(null), storage)
    .not.call.fn(callService)
    .dispatch(languageChosen('es'))
    .silentRun(50);
  expect(activeLanguage()).toBe('es');
  expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
});

it('says when another language is spoken (what is shown in the old one loads again), and not for the one already spoken', async () => {
  await run(stateWith(null)).put(languageSpoken('es')).dispatch(languageChosen('es')).silentRun(50);
  // 'es' is spoken now (the run above)
  await run(stateWith(null)).not.put.like({ action: { type: languageSpoken.type } }).dispatch(languageChosen('es')).silentRun(50);
});

it('signed in: saves the choice in the profile (PUT /me/language) and in the session\'s user', async () => {
  await run(stateWith(user('en')), undefined, { language: 'es' })
    .call(callService, { method: 'PUT', path: '/me/language', payload: { language: 'es' } })
    .put(profileUpdated({ language: 'es' }))
    .dispatch(languageChosen('es'))
    .silentRun(50);
});

it('a choice made on /login before signing in is saved in the profile once the session is ready', async () => {
  const saga = run(stateWith(null), undefined, { language: 'es' });
  // the sign-in happens between the two actions: the state the saga reads is the signed-in one
  await saga
    .withReducer((state = stateWith(null), action) => (action.type === 'test/signedIn' ? stateWith(user('en')) : state))
    .call(callService, { method: 'PUT', path: '/me/language', payload: { language: 'es' } })
    .dispatch(languageChosen('es'))
    .dispatch({ type: 'test/signedIn' })
    .dispatch(authReady())
    .silentRun(50);
  expect(activeLanguage()).toBe('es');
});

it("the profile's language follows the person to this computer", async () => {
  const storage = createMemoryStorage({ [LANGUAGE_STORAGE_KEY]: 'en' });
  await run(stateWith(user('es')), storage).not.call.fn(callService).dispatch(authReady()).silentRun(50);
  expect(activeLanguage()).toBe('es');
  expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
});

it("the previous person's stored language is not saved into the next person's profile", async () => {
  const storage = createMemoryStorage({ [LANGUAGE_STORAGE_KEY]: 'es' });
  await run(stateWith(user()), storage).not.call.fn(callService).dispatch(authReady()).silentRun(50);
});

it('a failed save keeps the language spoken and says so in the log', async () => {
  await run(stateWith(user('en')), undefined, throwError(new Error('offline')))
    .not.put(profileUpdated({ language: 'es' }))
    .dispatch(languageChosen('es'))
    .silentRun(50);
  expect(activeLanguage()).toBe('es');
  expect(logger.warn).toHaveBeenCalled();
});
