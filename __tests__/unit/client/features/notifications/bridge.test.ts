/** The notification bridge: which failures become which toasts, as a table, and in a real store. */
import { createAction } from '@reduxjs/toolkit';
import { problemRaised, withToast, type ApiProblem, type ProblemToast } from '../../../../../src/client/api/apiProblem';
import { createAppStore } from '../../../../../src/client/app/store';
import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { problemNotification } from '../../../../../src/client/features/notifications';
import type { NotificationInput } from '../../../../../src/client/features/notifications/slice';
import { watchClientErrors } from '../../../../../src/client/lib/errorLog';

const notFound: ApiProblem = { kind: 'client', status: 404, message: 'This section does not exist in this material.' };
const limited: ApiProblem = { kind: 'client', status: 429, message: 'You have sent 5 requests this hour. Try again in 12 minutes.' };

describe('problemNotification', () => {
  it.each<[string, ApiProblem, ProblemToast, NotificationInput]>([
    ['by default: an error, "Error", the problem’s message', notFound, {}, { severity: 'error', summary: 'Error', detail: notFound.message }],
    ['a summary of the failure’s own', notFound, { summary: 'Could not save your progress' }, { severity: 'error', summary: 'Could not save your progress', detail: notFound.message }],
    ['a detail of the failure’s own', notFound, { summary: 'School', detail: 'Could not switch the school: x' }, { severity: 'error', summary: 'School', detail: 'Could not switch the school: x' }],
    ['detail null shows none', limited, { summary: 'S', detail: null }, { severity: 'error', summary: 'S' }],
    [
      'a warning in the support area, with its life and group',
      limited,
      { severity: 'warn', summary: 'Recording not attached', position: 'support', group: 'g', life: 20_000 },
      { severity: 'warn', summary: 'Recording not attached', detail: limited.message, position: 'support', group: 'g', life: 20_000 },
    ],
  ])('%s', (_name, problem, toast, expected) => {
    expect(problemNotification(problem, toast)).toEqual(expected);
  });
});

describe('the bridge in the store', () => {
  const store = () =>
    createAppStore({
      context: { clock: () => 0, storage: createMemoryStorage(), currentPath: () => null },
      devTools: false,
      runSagas: false,
    }).store;
  const somethingFailed = createAction<{ key: string; error: ApiProblem }>('test/somethingFailed');

  it('a marked failure is followed by its toast, once', () => {
    const s = store();
    s.dispatch(withToast(somethingFailed({ key: 'k', error: notFound }), { summary: 'Could not add the bookmark' }));
    expect(s.getState().notifications.pending).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'Could not add the bookmark', detail: notFound.message, position: 'default' }),
    ]);
  });

  it('an unmarked failure shows nothing: the page words it', () => {
    const s = store();
    s.dispatch(somethingFailed({ key: 'k', error: notFound }));
    expect(s.getState().notifications.pending).toEqual([]);
  });

  it('problemRaised is a toast alone', () => {
    const s = store();
    s.dispatch(problemRaised(limited));
    expect(s.getState().notifications.pending).toEqual([expect.objectContaining({ severity: 'error', summary: 'Error', detail: limited.message })]);
  });

  it('every failure, shown or not, reaches the app\'s error log (a recording marks it); other actions do not', () => {
    const s = store();
    const heard: string[] = [];
    const unwatch = watchClientErrors((message) => heard.push(message));
    s.dispatch(withToast(somethingFailed({ key: 'k', error: notFound })));
    s.dispatch(somethingFailed({ key: 'k', error: { kind: 'network', message: 'Network Error' } }));
    s.dispatch(problemRaised(limited));
    s.dispatch({ type: 'test/loaded', payload: { message: 'not a problem' } });
    unwatch();
    expect(heard).toEqual([notFound.message, 'Network Error', limited.message]);
  });
});
