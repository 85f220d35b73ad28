/**
 * startSessionSaga (features/session/start.ts): the entry starts the session feature while its chunk
 * loads. What happens during the load decides whether the first session starts at once, and from
 * when its inactivity counts: the time of the last auth:ready seen meanwhile, unless a session end
 * followed it. A failed load is tried again on the (virtual) clock.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { authReady, sessionEnd } from '../../../../../src/client/features/auth/events';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { startSessionSaga, type SessionSagas } from '../../../../../src/client/features/session/start';

const T0 = Date.UTC(2026, 8, 14, 13, 0, 0);

/** A load the test resolves or rejects, and a stand-in sessionSaga that records how it was called. */
function setup() {
  const channel = stdChannel<UnknownAction>();
  const clock = new VirtualClock(T0);
  const calls: (number | null)[] = [];
  const stub: SessionSagas = {
    *sessionSaga(readySince = null): SagaIterator {
      yield call(() => calls.push(readySince));
    },
  };
  const loads: { resolve: (value: SessionSagas) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<SessionSagas>((resolve, reject) => {
      loads.push({ resolve, reject });
    });
  const task = runSaga(
    {
      channel,
      dispatch: (action: UnknownAction) => channel.put(action),
      getState: () => ({}),
      context: { clock: clock.now, delay: clock.delay },
      onError: () => undefined, // the test reads a thrown error from the task itself
    },
    startSessionSaga,
    load,
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { channel, clock, calls, stub, loads, task, settle };
}

describe('startSessionSaga: what came while the session chunk loaded', () => {
  it.each<[string, [number, UnknownAction][], number | null]>([
    ['nothing: the session saga waits for auth:ready itself', [], null],
    ['auth:ready (a stored session validated first): the first session starts at once, counted from then', [[T0 + 40, authReady()]], T0 + 40],
    ['auth:ready, then auth:session:end: no session to time', [[T0 + 40, authReady()], [T0 + 90, sessionEnd({ reason: 'signout' })]], null],
    ['auth:session:end, then auth:ready (signed in again): from the later auth:ready', [[T0 + 10, sessionEnd({ reason: 'idle' })], [T0 + 70, authReady()]], T0 + 70],
    ['auth:ready twice: starts once, from the later one', [[T0 + 20, authReady()], [T0 + 50, authReady()]], T0 + 50],
  ])('%s', async (_name, meanwhile, readySince) => {
    const { channel, clock, calls, stub, loads, task, settle } = setup();
    for (const [at, action] of meanwhile) {
      clock.advanceTo(at);
      channel.put(action);
    }
    clock.advanceTo(T0 + 5_000); // the chunk comes later still
    expect(calls).toEqual([]);
    loads[0]!.resolve(stub);
    await task.toPromise();
    expect(calls).toEqual([readySince]);
    await settle();
  });

  it('a failed load is tried again after 1 s and then 2 s; what came meanwhile still counts', async () => {
    const { channel, clock, calls, stub, loads, task, settle } = setup();
    loads[0]!.reject(new Error('ChunkLoadError'));
    await settle();
    channel.put(authReady()); // at T0
    clock.advanceTo(T0 + 999);
    expect(loads).toHaveLength(1);
    clock.advanceTo(T0 + 1_000);
    await settle();
    expect(loads).toHaveLength(2);
    loads[1]!.reject(new Error('ChunkLoadError'));
    await settle();
    clock.advanceTo(T0 + 3_000);
    await settle();
    expect(loads).toHaveLength(3);
    loads[2]!.resolve(stub);
    await task.toPromise();
    expect(calls).toEqual([T0]);
  });

  it('three failed loads: the error is thrown (the root saga logs it and starts the feature again)', async () => {
    const { clock, loads, task, settle } = setup();
    const outcome = task.toPromise().then(
      () => 'done',
      (error: Error) => error.message,
    );
    for (let attempt = 0; attempt < 3; attempt += 1) {
      loads[attempt]!.reject(new Error(`ChunkLoadError ${attempt + 1}`));
      await settle();
      clock.advanceTo(clock.now() + 5_000);
      await settle();
    }
    await expect(outcome).resolves.toBe('ChunkLoadError 3');
  });
});
