/**
 * The language follows the person. A choice is spoken at once and kept on this computer; signed
 * in, it is saved in the profile (PUT /me/language). When a session is ready, a choice made on this
 * page while signed out (on /login, just before signing in) is saved in the profile; otherwise the
 * profile's language is spoken (it follows them from another computer). A choice stored by the
 * previous person at a shared computer is never saved into the next one's profile.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '../../../common/language';
import type { User } from '../../../common/types';
import { callService } from '../../api/apiSaga';
import { getLogger, getStorage } from '../../app/sagaContext';
import { activateLanguage, activeLanguage } from '../../i18n';
import { authReady, identityLoaded, profileUpdated, selectUser } from '../auth';
import { languageChosen, languageSpoken } from './events';
import { writeChosenLanguage } from './choice';

function* speak(language: Language): SagaIterator {
  if (language !== activeLanguage()) {
    yield call(activateLanguage, language);
    yield put(languageSpoken(language));
  }
  const storage: Storage = yield call(getStorage);
  yield call(writeChosenLanguage, storage, language);
}

function* saveInProfile(language: Language): SagaIterator {
  try {
    yield call(callService, { method: 'PUT', path: '/me/language', payload: { language } });
    yield put(profileUpdated({ language }));
  } catch (error) {
    // the language is spoken and kept here anyway; the next choice saves it again
    const logger = yield call(getLogger);
    logger.warn('The language could not be saved in the profile', error);
  }
}

/** A choice made while signed out, waiting for the session it belongs to. */
interface Pending {
  language: Language | null;
}

export function* chooseLanguage(pending: Pending, action: PayloadAction<Language>): SagaIterator {
  const language = action.payload;
  // pending from now on: a session that becomes ready while the catalog loads takes it
  pending.language = language;
  yield call(speak, language);
  const user: User | null = yield select(selectUser);
  // signed out: the session's start saves it; taken meanwhile: already saved there
  if (!user || pending.language !== language) return;
  pending.language = null;
  if (user.language !== language) yield call(saveInProfile, language);
}

export function* followProfile(pending: Pending): SagaIterator {
  const user: User | null = yield select(selectUser);
  if (!user) return;
  const chosen = pending.language;
  pending.language = null;
  if (chosen) {
    yield call(speak, chosen);
    if (chosen !== user.language) yield call(saveInProfile, chosen);
  } else if (user.language) yield call(speak, user.language);
}

export function* languageSaga(): SagaIterator {
  const pending: Pending = { language: null };
  yield takeLatest(languageChosen.type, chooseLanguage, pending);
  yield takeEvery([authReady.type, identityLoaded.type], followProfile, pending);
}
