import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { worksheets } from './slice';

export function* worksheetsSaga(): SagaIterator {
  yield call(worksheets.saga);
}
