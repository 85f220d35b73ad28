/**
 * One call of the service proxy with the answer it brings: a feature's `api.ts` builds each call it
 * makes as a `ServiceCall<Answer>`, so the saga that sends it (`callFor`) gets the answer typed from
 * the call itself, and no component or page ever names a service path.
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { callService, type ServiceRequest } from './apiSaga';

/** `answer` is never set: it carries the answer's type from the api.ts that built the call to the saga. */
export type ServiceCall<Answer> = ServiceRequest & { readonly answer?: Answer };

/** The call sent through the shared API saga; its answer typed as the call says. */
export function* callFor<Answer>(request: ServiceCall<Answer>): SagaIterator<Answer> {
  const answer: Answer = yield call(callService<Answer>, request);
  return answer;
}
