/**
 * Profile side effects: load, save (then `profileUpdated` with only the changed user fields,
 * SPEC S4.06), confirm a new e-mail, access codes, external ids. They start when the profile area
 * first loads (features/profile/area.ts). The school switch, which the app bar offers on every page,
 * is in schoolSwitch.ts and starts with the signed-in shell.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ProfileProduct, ProfileView, RedeemedAccessCode } from '../../../common/accounts';
import type { SsoLinkInfo, SsoProviderInfo } from '../../../common/sso';
import type { Client, User } from '../../../common/types';
import { callService } from '../../api/apiSaga';
import { toApiProblem } from '../../api/apiProblem';
import { selectUser, identityLoaded, profileUpdated } from '../auth';
import {
  accessCodeAddFailed,
  accessCodeAddRequested,
  accessCodeAdded,
  accessCodesFailed,
  accessCodesLoaded,
  accessCodesRequested,
  emailCodeFailed,
  emailCodeSubmitted,
  emailConfirmed,
  externalIdSaveFailed,
  externalIdSaveRequested,
  externalIdSaved,
  profileLoadFailed,
  profileLoaded,
  profileRequested,
  profileSaveFailed,
  profileSaveRequested,
  profileSaved,
  rosterEmailDismissFailed,
  rosterEmailDismissRequested,
  rosterEmailDismissed,
  ssoChangeFailed,
  ssoChangeRequested,
  ssoLinkReady,
  ssoLinksFailed,
  ssoLinksLoaded,
  ssoLinksRequested,
  ssoUnlinked,
} from './slice';

/** The fields of `next` that differ from `current`. */
export function changedUserFields(current: User | null, next: Partial<User>): Partial<User> {
  const changes: Partial<User> = {};
  for (const [key, value] of Object.entries(next) as [keyof User, User[keyof User]][]) {
    if (value !== undefined && current?.[key] !== value) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}

function* applyUser(user: User): SagaIterator {
  const current: User | null = yield select(selectUser);
  const changes = changedUserFields(current, user);
  if (Object.keys(changes).length > 0) yield put(profileUpdated(changes));
}

export function* loadSaga(): SagaIterator {
  try {
    const data: ProfileView = yield call(callService, { method: 'GET', path: '/me/profile' });
    yield call(applyUser, data.user);
    yield put(profileLoaded({ products: data.products, pendingEmail: data.pendingEmail, rosterEmail: data.rosterEmail }));
  } catch (error) {
    yield put(profileLoadFailed(toApiProblem(error)));
  }
}

export function* saveSaga(action: ReturnType<typeof profileSaveRequested>): SagaIterator {
  try {
    const data: { user: User; pendingEmail: string | null; message: string } = yield call(callService, {
      method: 'PUT',
      path: '/me/profile',
      payload: action.payload,
    });
    yield call(applyUser, data.user);
    yield put(profileSaved({ pendingEmail: data.pendingEmail, message: data.message }));
  } catch (error) {
    yield put(profileSaveFailed(toApiProblem(error)));
  }
}

export function* emailCodeSaga(action: ReturnType<typeof emailCodeSubmitted>): SagaIterator {
  try {
    const data: { user: User; message: string } = yield call(callService, { method: 'POST', path: '/me/email/verify', payload: action.payload });
    yield call(applyUser, data.user);
    yield put(emailConfirmed({ message: data.message }));
  } catch (error) {
    yield put(emailCodeFailed(toApiProblem(error)));
  }
}

/** "Not mine": the school roster's address is no longer offered (the account keeps its own). */
export function* rosterEmailDismissSaga(): SagaIterator {
  try {
    const data: { message: string } = yield call(callService, { method: 'DELETE', path: '/me/roster-email' });
    yield put(rosterEmailDismissed({ message: data.message }));
  } catch (error) {
    yield put(rosterEmailDismissFailed(toApiProblem(error)));
  }
}

/** School sign-in links (docs/sso.md): what the user's schools offer and what is linked. */
export function* ssoLinksSaga(): SagaIterator {
  try {
    const data: { available: SsoProviderInfo[]; links: SsoLinkInfo[] } = yield call(callService, { method: 'GET', path: '/me/sso' });
    yield put(ssoLinksLoaded(data));
  } catch {
    yield put(ssoLinksFailed());
  }
}

/** Link: the server gives a one-use start address (the page goes there); unlink: removed at once. */
export function* ssoChangeSaga(action: ReturnType<typeof ssoChangeRequested>): SagaIterator {
  const { provider, link } = action.payload;
  const path = `/me/sso/${encodeURIComponent(provider)}`;
  try {
    if (link) {
      const data: { url: string } = yield call(callService, { method: 'POST', path });
      yield put(ssoLinkReady(data));
    } else {
      const data: { message: string } = yield call(callService, { method: 'DELETE', path });
      yield put(ssoUnlinked({ provider, message: data.message }));
    }
  } catch (error) {
    yield put(ssoChangeFailed(toApiProblem(error)));
  }
}

export function* codesSaga(): SagaIterator {
  try {
    const items: RedeemedAccessCode[] = yield call(callService, { method: 'GET', path: '/me/access-codes' });
    yield put(accessCodesLoaded(items));
  } catch (error) {
    yield put(accessCodesFailed(toApiProblem(error)));
  }
}

export function* addCodeSaga(action: ReturnType<typeof accessCodeAddRequested>): SagaIterator {
  try {
    const data: { message: string; clients: Client[]; products: ProfileProduct[]; joinedClass?: { id: number; name: string; teachers: string[] } } = yield call(callService, {
      method: 'POST',
      path: '/me/access-codes',
      payload: action.payload,
    });
    yield put(identityLoaded({ clients: data.clients }));
    // a class code: the message names the class, its teachers and the school
    yield put(accessCodeAdded({ message: data.message, products: data.products }));
  } catch (error) {
    yield put(accessCodeAddFailed(toApiProblem(error)));
  }
}

export function* externalIdSaga(action: ReturnType<typeof externalIdSaveRequested>): SagaIterator {
  const { productId, lsclientID, externalId } = action.payload;
  try {
    const product: ProfileProduct = yield call(callService, {
      method: 'PUT',
      path: `/me/products/${productId}/external-id`,
      payload: { externalId },
      ...(lsclientID ? { params: { school: lsclientID } } : {}),
    });
    yield put(externalIdSaved(product));
  } catch (error) {
    yield put(externalIdSaveFailed(toApiProblem(error)));
  }
}

export { schoolSwitchSaga } from './schoolSwitch';

export function* profileSaga(): SagaIterator {
  yield takeLatest(profileRequested, loadSaga);
  yield takeLeading(profileSaveRequested, saveSaga);
  yield takeLeading(emailCodeSubmitted, emailCodeSaga);
  yield takeLeading(rosterEmailDismissRequested, rosterEmailDismissSaga);
  yield takeLatest(ssoLinksRequested, ssoLinksSaga);
  yield takeLeading(ssoChangeRequested, ssoChangeSaga);
  yield takeLatest(accessCodesRequested, codesSaga);
  yield takeLeading(accessCodeAddRequested, addCodeSaga);
  yield takeLeading(externalIdSaveRequested, externalIdSaga);
}

export default profileSaga;
