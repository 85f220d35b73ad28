/**
 * The app's side of a page rendered ahead of it (renderAhead/pageData.ts): an area's saga starts with
 * `putPreloadedAnswers`, which puts the actions of the answers the page was rendered with that are
 * the area's (Area.preloaded). An area's saga starts when its chunk loads, before its page renders
 * (app/areas.ts), so the page's first render has the data; the area does not ask for it again.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { put } from 'redux-saga/effects';
import { takePageAnswers, type PreloadedAnswer } from './pageData';

export function* putPreloadedAnswers(
  preloaded: (answer: PreloadedAnswer) => UnknownAction[],
  holder: object | undefined = typeof window === 'undefined' ? undefined : window,
  pathname: string | undefined = typeof window === 'undefined' ? undefined : window.location.pathname,
): SagaIterator {
  if (!holder || pathname === undefined) return;
  for (const action of takePageAnswers(holder, pathname, preloaded)) yield put(action);
}
